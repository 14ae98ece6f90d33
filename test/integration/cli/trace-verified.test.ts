// `ledger-mirror trace --sources` (dist/cli.js) on the reference mirror's nested-call execution, whose contracts are
// verified on the reference verifier and absent from the (empty) build output: the calls are named from the verified
// ABIs, --json says where each frame's sources came from, the answers are cached under $XDG_CACHE_HOME so a second
// run asks nothing, and `workspace` and `none` send nothing to the verifier.
import { strict as assert } from 'node:assert';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { startVerifier } from '../../../servers/verifier/server';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { CHAIN_ID, MIRROR_ADDRESS, startVerifiedReference, type VerifiedReference } from '../helpers/verified-fixtures';
import { startHostileServer } from '../helpers/hostile-server';

interface TraceJson {
  calls: Array<{
    depth: number;
    contract: string | null;
    function: string | null;
    args: Record<string, string> | null;
    source: string | null;
  }>;
}

describe('CLI trace --sources: verified sources from the verification server', function () {
  this.timeout(120_000);
  let env: VerifiedReference;

  /** `trace` of the nested-call execution, asking `verifier` with its cache under `cacheHome`. */
  const traceWith = (verifier: string, cacheHome: string, ...args: string[]) =>
    runCli(
      [
        'trace',
        env.ref.info('nested-call').transactionId,
        '--mirror',
        env.ref.mirror.url,
        '--verify-url',
        verifier,
        '--chain-id',
        CHAIN_ID,
        '--build-output',
        env.emptyBuild,
        ...args,
      ],
      { env: { XDG_CACHE_HOME: cacheHome } },
    );
  const trace = (...args: string[]) => traceWith(env.verifier.url, env.cacheHome, ...args);

  before(async () => {
    assertCliBuilt();
    env = await startVerifiedReference();
  });
  after(() => env?.close());

  it('names the calls of a trace whose contracts only the verifier has; a second run asks nothing', async () => {
    const run = await trace('--sources', 'verified', '--json');
    expectExit(run, EXIT.ok);
    const json = JSON.parse(run.stdout) as TraceJson;
    assert.deepEqual(
      json.calls.map((c) => [c.depth, c.contract, c.function, c.source]),
      [
        [0, 'Caller', 'callDouble', 'verified'],
        [1, 'Callee', 'double', 'verified'],
      ],
    );
    assert.deepEqual(json.calls[1].args, { x: '21' });
    const asked = env.lookups().length;
    assert.equal(asked, 2);

    const again = await trace('--sources', 'verified', '--json');
    expectExit(again, EXIT.ok);
    assert.deepEqual(JSON.parse(again.stdout), json);
    assert.equal(env.lookups().length, asked, 'the second run is answered from the cache');
  });

  it("names the call into the mirror's verified-only contract (npm start's sample), which the sample workspace lacks", async () => {
    const sample = await sampleWorkspace();
    const run = await runCli(
      [
        'trace',
        env.ref.info('verified-only').transactionId,
        '--mirror',
        env.ref.mirror.url,
        '--verify-url',
        env.verifier.url,
        '--chain-id',
        CHAIN_ID,
        '--build-output',
        sample,
        '--json',
      ],
      { env: { XDG_CACHE_HOME: env.cacheHome } },
    );
    expectExit(run, EXIT.ok);
    const json = JSON.parse(run.stdout) as TraceJson;
    assert.deepEqual(
      json.calls.map((c) => [c.contract, c.function, c.args, c.source]),
      [['Grants', 'grant', { to: MIRROR_ADDRESS.Callee, amount: '500' }, 'verified']],
    );
  });

  it('prints which frames came from where in the summary', async () => {
    const run = await trace();
    expectExit(run, EXIT.ok);
    assert.match(run.stdout, /Sources {7}0 frame\(s\) from the workspace's build output, 2 from verified contracts/);
    assert.match(run.stdout, /CALL 0x0+3ea.*double\(.*\[verified sources\]/);
  });

  it('labels a DELEGATECALL frame with both the implementation and the proxy whose storage it runs on', async () => {
    const run = await runCli(['trace', env.ref.info('delegatecall').transactionId, '--mirror', env.ref.mirror.url, '--sources', 'none']);
    expectExit(run, EXIT.ok);
    assert.match(run.stdout, /DELEGATECALL 0x0+3f0 \(0\.0\.1008\) run for proxy 0x0+3f1 /);
  });

  it('says verified sources need API v2 when the server has only the session API (HashScan), and still prints the trace', async () => {
    const legacy = await startVerifier({ mirrorUrl: env.ref.mirror.url, v2Api: false });
    try {
      const run = await runCli(
        [
          'trace',
          env.ref.info('verified-only').transactionId,
          '--mirror',
          env.ref.mirror.url,
          '--verify-url',
          legacy.url,
          '--chain-id',
          CHAIN_ID,
          '--build-output',
          env.emptyBuild,
          '--sources',
          'verified',
          '--json',
        ],
        { env: { XDG_CACHE_HOME: env.cacheHome } },
      );
      expectExit(run, EXIT.ok);
      assert.match(run.stderr, /ledger-mirror: note: Could not get the verified sources of 0x[0-9a-f]{40}: .*Verified sources need API v2/);
      assert.deepEqual(
        (JSON.parse(run.stdout) as TraceJson).calls.map((c) => c.source),
        [null],
      );
    } finally {
      await legacy.close();
    }
  });

  for (const mode of ['workspace', 'none']) {
    it(`--sources ${mode} sends nothing to the verification server and names nothing from it`, async () => {
      const before = env.verifier.requests.length;
      const run = await trace('--sources', mode, '--json');
      expectExit(run, EXIT.ok);
      const json = JSON.parse(run.stdout) as TraceJson;
      assert.deepEqual(
        json.calls.map((c) => [c.function, c.source]),
        [
          [null, null],
          [null, null],
        ],
      );
      assert.equal(env.verifier.requests.length, before);
    });
  }

  describe('a failing or rate-limiting verifier (#26): the trace is shown, each address asked once, the lookups end', () => {
    // A cache of its own: nothing answered from an earlier run.
    const against = (verifier: string, ...more: string[]) =>
      traceWith(verifier, `${env.cacheHome}-hostile`, '--sources', 'verified', ...more);

    it('a verifier answering 500 is asked once per address, and the trace is shown', async () => {
      const hostile = await startHostileServer();
      try {
        const run = await against(`${hostile.url}/echo-500`);
        expectExit(run, EXIT.ok);
        assert.match(run.stdout, /callDouble|0x/);
        assert.equal(hostile.count('echo-500'), 2, 'Caller and Callee, once each');
        assert.match(run.stderr, /note: Could not get the verified sources of 0x[0-9a-f]{40}: .*HTTP 500/);
      } finally {
        await hostile.close();
      }
    });

    it('a verifier still rate limiting within --timeout ends the lookups with a note; the other address is not asked', async () => {
      const hostile = await startHostileServer();
      try {
        const run = await against(`${hostile.url}/429-retry-after`, '--timeout', '2');
        expectExit(run, EXIT.ok);
        assert.match(
          run.stderr,
          /note: verified sources: (the lookups ran out of their 2 s budget|the verification server is rate limiting)/,
        );
        // The first address's request and its retries within the budget; never the second address.
        const urls = hostile.requests.map((r) => r.url);
        assert.ok(urls.length >= 1 && urls.length <= 5, `${urls.length} requests`);
        assert.equal(new Set(urls).size, 1, 'one address asked');
      } finally {
        await hostile.close();
      }
    });
  });
});
