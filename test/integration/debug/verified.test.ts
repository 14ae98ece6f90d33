// The stdio debug adapter on a trace whose contract only the verification server has (the reference mirror's
// verified-only case, Grants, verified on the reference verifier; the build output folder is empty): the fetched
// source is served by sourceReference and listed in loadedSources, named from the verified ABI, and a breakpoint set
// in it binds and stops the debugger.
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { launchAndStop } from '../helpers/debug-launch';
import { startVerifiedReference, type VerifiedReference } from '../helpers/verified-fixtures';

const ADAPTER = 'dist/debug-adapter.js';

describe('debug adapter: verified sources from the verification server', function () {
  this.timeout(180_000);
  let env: VerifiedReference;
  let dc: DebugClient;

  before(async () => {
    assert.ok(existsSync(ADAPTER), `${ADAPTER} is missing: run \`npm run build\` first`);
    env = await startVerifiedReference();
  });
  after(() => env?.close());
  beforeEach(async () => {
    dc = new DebugClient('node', ADAPTER, 'ledger-mirror', { env: { ...process.env, XDG_CACHE_HOME: env.cacheHome } });
    await dc.start();
  });
  afterEach(() => dc.stop());

  const launch = (extra: Record<string, unknown>) =>
    launchAndStop(dc, {
      transaction: env.ref.info('verified-only').transactionId,
      mirrorUrl: env.ref.mirror.url,
      buildOutput: env.emptyBuild,
      verifyUrl: env.verifier.url,
      ...extra,
    });

  const top = async () => (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0];

  it('serves the fetched source by reference, titled with where it came from, and names the call', async () => {
    await launch({ stopOnEntry: true });
    const frame = await top();
    const source = frame.source;
    assert.ok(source?.sourceReference, JSON.stringify(frame));
    assert.equal(source.path, undefined, 'never a file of the workspace');
    assert.equal(source.name, 'Grants.sol');
    assert.match(source.origin ?? '', /^verified on 127\.0\.0\.1:\d+ \(0\.0\.\d+\)$/);
    assert.match(frame.name, /grant/);
    const content = (await dc.sourceRequest({ source, sourceReference: source.sourceReference })).body.content;
    assert.match(content, /contract Grants/);
    const loaded = ((await dc.customRequest('loadedSources', {})) as DebugProtocol.LoadedSourcesResponse).body.sources;
    assert.ok(loaded.some((s) => s.sourceReference === source.sourceReference && s.name === 'Grants.sol'));
  });

  it('binds a breakpoint in the fetched source and stops there', async () => {
    await launch({ stopOnEntry: true });
    const source = (await top()).source!;
    const reference = source.sourceReference!;
    const content = (await dc.sourceRequest({ source, sourceReference: reference })).body.content;
    const line = content.slice(0, content.indexOf('granted += amount;')).split('\n').length;
    const set = await dc.setBreakpointsRequest({ source: { name: 'Grants.sol', sourceReference: reference }, breakpoints: [{ line }] });
    assert.equal(set.body.breakpoints[0].verified, true, JSON.stringify(set.body.breakpoints[0]));
    const stopped = dc.waitForEvent('stopped', 60_000) as Promise<DebugProtocol.StoppedEvent>;
    await dc.continueRequest({ threadId: 1 });
    assert.equal((await stopped).body.reason, 'breakpoint');
    const frame = await top();
    assert.deepEqual([frame.source?.sourceReference, frame.line], [reference, line]);
  });

  it('asks no verification server with fetchVerified false: the frame has no Solidity source', async () => {
    const before = env.lookups().length;
    await launch({ stopOnEntry: true, fetchVerified: false });
    assert.equal((await top()).source?.sourceReference ?? 0, 0);
    assert.equal(env.lookups().length, before);
  });
});
