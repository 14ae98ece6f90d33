// The Locals scope and an internal function's arguments through the stdio adapter (DAP), on the reference mirror's
// Locals.sol traces and the sample workspace's build output (which keeps the AST).
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';

const ADAPTER = 'dist/debug-adapter.js';

describe('debug adapter: Locals scope and internal arguments (Locals.sol)', function () {
  this.timeout(180_000);
  let ref: ReferenceMirror;
  let ws: string;
  let dc: DebugClient;

  before(async function () {
    assert.ok(existsSync(ADAPTER), `${ADAPTER} is missing: run \`npm run build\` first`);
    [ref, ws] = await Promise.all([startReference('post-op'), sampleWorkspace()]);
  });
  after(() => ref?.close());
  beforeEach(async () => {
    dc = new DebugClient('node', ADAPTER, 'ledger-mirror');
    await dc.start();
  });
  afterEach(() => dc.stop());

  const source = () => join(ws, 'contracts', 'Locals.sol');
  async function lineOf(needle: string): Promise<number> {
    const text = await readFile(source(), 'utf8');
    const at = text.indexOf(needle);
    assert.ok(at >= 0, `${needle} not in Locals.sol`);
    return text.slice(0, at).split('\n').length;
  }

  /** Launches on a Locals case and runs to a breakpoint on `line`. */
  async function stopAt(name: string, line: number): Promise<number> {
    const found = ref.provider.cases.find((c) => c.name === name);
    assert.ok(found, `no reference case ${name}`);
    await dc.initializeRequest({ adapterID: 'ledger-mirror', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const initialized = dc.waitForEvent('initialized', 60_000);
    const launched = dc.launchRequest({
      transaction: found.transactionId,
      mirrorUrl: ref.mirror.url,
      buildOutput: ws,
      stopOnEntry: false,
      memory: true,
    } as DebugProtocol.LaunchRequestArguments);
    await initialized;
    await dc.setBreakpointsRequest({ source: { path: source() }, breakpoints: [{ line }] });
    const stopped = dc.waitForEvent('stopped', 60_000) as Promise<DebugProtocol.StoppedEvent>;
    await dc.configurationDoneRequest();
    await launched;
    assert.equal((await stopped).body.reason, 'breakpoint');
    return (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].id;
  }

  /** A scope's variables with what each opens into (one level). */
  async function scope(frameId: number, name: string): Promise<Record<string, string | Record<string, string>>> {
    const scopes = (await dc.scopesRequest({ frameId })).body.scopes;
    const found = scopes.find((s) => s.name === name);
    assert.ok(found, `no ${name} scope among ${scopes.map((s) => s.name).join(', ')}`);
    const out: Record<string, string | Record<string, string>> = {};
    for (const v of (await dc.variablesRequest({ variablesReference: found.variablesReference })).body.variables) {
      out[v.name] = v.variablesReference
        ? Object.fromEntries(
            (await dc.variablesRequest({ variablesReference: v.variablesReference })).body.variables.map((c) => [c.name, c.value]),
          )
        : v.value;
    }
    return out;
  }

  it("an internal function's memory struct argument is read from the stack and memory, its named return in Locals", async () => {
    const frameId = await stopAt('locals-memory', await lineOf('emit U("len", len)'));
    assert.deepEqual(await scope(frameId, 'Arguments'), { q: { x: '10', y: '-3', label: '"moved"' } });
    assert.deepEqual(await scope(frameId, 'Locals'), { len: '15' });
  });

  it('Locals holds the variables declared so far in the scopes the line is in', async () => {
    const frameId = await stopAt('locals-loops', await lineOf('emit U("inner", inner)'));
    // The first iteration (i = 0): total = 0, even = 0, inner = even + total.
    assert.deepEqual(await scope(frameId, 'Locals'), { total: '0', i: '0', even: '0', inner: '0' });
  });

  it('a name shadowed in an inner block shows its inner value there', async () => {
    const frameId = await stopAt('locals-shadowing', (await lineOf('y += 1;')) + 1);
    // x = 30: the outer y is 31, the inner 3x + 1.
    assert.deepEqual(await scope(frameId, 'Locals'), { y: '91' });
  });
});
