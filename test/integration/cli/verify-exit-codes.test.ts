// The exit-code table of `ledger-mirror verify`, pinned for both protocols against the reference verifier: the CLI's
// exit code (child process) and the extension's report (the same core run the Verification view shows, labelled).
import * as assert from 'node:assert/strict';
import { buildProject } from '../../../servers/verifier/project-build';
import type { VerifierHandle } from '../../../servers/verifier/server';
import { EXIT } from '../../../src/core/errors';
import { reportExitCode } from '../../../src/core/verify/exit-codes';
import { resultLabel } from '../../../src/core/verify/report-text';
import type { Protocol } from '../../../src/core/verify/verify';
import { assertCliBuilt, expectExit, runCli, type Run } from '../helpers/cli';
import {
  ADDR,
  makeWorkspace,
  prepareWorkspace,
  sampleChain,
  sampleVerifier,
  STORAGE,
  verifyWith,
  type Workspace,
} from '../helpers/verify-fixtures';

const PARTIAL = '0x00000000000000000000000000000000000007D0';
const fastPoll = { firstDelayMs: 10, maxDelayMs: 40 };

describe('verify exit codes, one table for both protocols', function () {
  this.timeout(120_000);
  let v: VerifierHandle;
  let ws: Workspace;

  before(assertCliBuilt);
  beforeEach(async () => {
    const chain = sampleChain();
    // Same code, different comment: a partial match.
    chain.deploy(
      PARTIAL,
      buildProject({ 'contracts/Storage.sol': STORAGE.replace('Store & retrieve', 'Keep & retrieve') }).contract('Storage').runtime,
    );
    v = await sampleVerifier({}, chain);
    ws = makeWorkspace({ Storage: { address: ADDR.storage } });
  });
  afterEach(async () => {
    await v.close();
    ws.dispose();
  });

  for (const protocol of ['session', 'v2'] as const satisfies readonly Protocol[]) {
    describe(`${protocol} protocol`, () => {
      const cli = (args: string[], base = v.url): Promise<Run> =>
        runCli(['verify', '--verify-url', base, '--protocol', protocol, '--workspace', ws.root, ...args]);
      /** The report the extension shows for the same contract, and its exit code and label. */
      const extensionReport = async (setting: unknown, base = v.url) => {
        const report = await verifyWith(await prepareWorkspace(ws, setting), { url: base, protocol, dryRun: false, poll: fastPoll });
        return { code: reportExitCode(report), label: resultLabel(report.outcomes[0].result), result: report.outcomes[0].result };
      };

      it('0: verified, and 0 again on the unchanged re-run (already verified)', async () => {
        const first = await cli(['--chain-id', '296', '--address', ADDR.storage]);
        expectExit(first, EXIT.ok);
        assert.match(first.stdout, /^perfect Storage 0x5FbDB2315678afecb367f032d93F642f64180aa3 on chain 296/m);
        const second = await cli(['--chain-id', '296', '--address', ADDR.storage]);
        expectExit(second, EXIT.ok);
        assert.match(second.stdout, /^perfect Storage .* — already verified$/m);
        const ext = await extensionReport([{ address: ADDR.storage, chainId: 296, name: 'Storage' }]);
        assert.deepEqual([ext.code, ext.label, ext.result.alreadyVerified], [EXIT.ok, 'perfect match', true]);
      });

      it('0: a partial match, and 0 again when the server refuses to store the same partial match twice', async () => {
        const args = ['--chain-id', '296', '--address', PARTIAL, '--contract', 'contracts/Storage.sol:Storage'];
        const first = await cli(args);
        expectExit(first, EXIT.ok);
        assert.match(first.stdout, /^partial Storage /m);
        const second = await cli(args);
        expectExit(second, EXIT.ok);
        assert.match(second.stdout, /^partial Storage .* — already verified$/m);
        const ext = await extensionReport([{ address: PARTIAL, chainId: 296, name: 'Storage' }]);
        assert.deepEqual([ext.code, ext.label, ext.result.alreadyVerified], [EXIT.ok, 'partial match', true]);
      });

      it('2: an address of the wrong length or with a bad EIP-55 checksum, before any request', async () => {
        const short = await cli(['--chain-id', '296', '--address', '0x5FbDB2315678afecb367f032d93F642f64180a']);
        expectExit(short, EXIT.invalidInput);
        assert.match(short.stderr, /neither a 0x EVM address of 40 hex digits/);
        const badSum = await cli(['--chain-id', '296', '--address', '0x5fbDB2315678afecb367f032d93F642f64180aa3']);
        expectExit(badSum, EXIT.invalidInput);
        assert.match(badSum.stderr, /bad EIP-55 checksum/);
        assert.deepEqual(v.requests, []);
      });

      it('3: a chain the server does not support, with its own words', async () => {
        const run = await cli(['--chain-id', '12345', '--address', ADDR.storage, '--contract', 'Storage']);
        expectExit(run, EXIT.notFound);
        assert.match(
          run.stdout + run.stderr,
          protocol === 'session' ? /Chain 12345 not supported for verification!/ : /Chain 12345 not found/,
        );
        const ext = await extensionReport([{ address: ADDR.storage, chainId: 12345, name: 'Storage' }]);
        assert.deepEqual([ext.code, ext.label], [EXIT.notFound, 'not verified (not found)']);
      });

      it('3: no contract deployed at the address', async () => {
        const run = await cli(['--chain-id', '296', '--address', ADDR.empty, '--contract', 'Storage']);
        expectExit(run, EXIT.notFound);
        assert.match(run.stdout, /does not have a contract deployed at/);
      });

      it('4: rate limited (429 on every request)', async () => {
        const run = await cli(['--chain-id', '296', '--address', ADDR.storage], `${v.url}/modes/rate-limited-bare`);
        expectExit(run, EXIT.rateLimited);
      });

      it('4 after bounded retries that honour Retry-After; a server that asks to wait every other time gets there (0)', async () => {
        const limited = await cli(['--chain-id', '296', '--address', ADDR.storage], `${v.url}/modes/rate-limited`);
        expectExit(limited, EXIT.rateLimited);
        assert.ok(v.requests.length > 1 && v.requests.every((r) => r === v.requests[0]), `one request, retried: ${v.requests.join(', ')}`);
        v.requests.length = 0;
        const throttled = await cli(['--chain-id', '296', '--address', ADDR.storage], `${v.url}/modes/throttled`);
        expectExit(throttled, EXIT.ok);
        const verifying =
          protocol === 'session' ? 'POST /modes/throttled/session/verify-checked' : `POST /modes/throttled/v2/verify/296/${ADDR.storage}`;
        // Every request is answered 429 once, then passes: the verifying POST was retried too.
        assert.equal(v.requests.filter((r) => r === verifying).length, 2, v.requests.join('\n'));
      });

      for (const [mode, status] of [
        ['moved', 301],
        ['moved-308', 308],
      ] as const) {
        it(`5: a server that moved to another host (${status}) is not followed; the message names the new address and the flag`, async () => {
          const base = `${v.url}/modes/${mode}`;
          const run = await cli(['--chain-id', '296', '--address', ADDR.storage], base);
          expectExit(run, EXIT.server);
          const newBase = `http://localhost:${new URL(v.url).port}`;
          assert.match(
            run.stderr,
            new RegExp(
              `has moved to ${newBase} \\(HTTP ${status}\\)\\. Nothing was sent there.*set --verify-url \\(ledgerMirror\\.verify\\.url in VS Code\\) to ${newBase}\\.`,
            ),
          );
          assert.ok(
            v.requests.length > 0 && v.requests.every((r) => r.includes(`/modes/${mode}/`)),
            `followed to: ${v.requests.join(', ')}`,
          );
        });
      }

      it('5: a 500 while verifying is a server error, not a failed verification', async () => {
        const run = await cli(['--chain-id', '296', '--address', ADDR.storage], `${v.url}/modes/failing`);
        expectExit(run, EXIT.server);
        assert.match(run.stdout + run.stderr, /Something went wrong|unexpected error/);
        const ext = await extensionReport([{ address: ADDR.storage, chainId: 296, name: 'Storage' }], `${v.url}/modes/failing`);
        assert.deepEqual([ext.code, ext.label], [EXIT.server, 'not verified (server error)']);
      });

      it('6: the server cannot be reached', async () => {
        expectExit(await cli(['--chain-id', '296', '--address', ADDR.storage], 'http://127.0.0.1:9'), EXIT.network);
      });

      it('7: the server judged the contract and it did not match', async () => {
        const run = await cli(['--chain-id', '296', '--address', ADDR.callee, '--contract', 'Storage']);
        expectExit(run, EXIT.verificationFailed);
        assert.match(run.stdout, /don't match/);
        const ext = await extensionReport([{ address: ADDR.callee, chainId: 296, name: 'Storage' }]);
        assert.deepEqual([ext.code, ext.label], [EXIT.verificationFailed, 'not verified']);
      });
    });
  }
});

describe('verify --poll-timeout (API v2)', function () {
  this.timeout(60_000);
  let v: VerifierHandle;
  let ws: Workspace;

  before(assertCliBuilt);
  beforeEach(async () => {
    // A job that takes a minute (the test's whole budget): only the polling limit can end the run.
    v = await sampleVerifier({ v2JobDelayMs: 60_000 });
    ws = makeWorkspace({ Storage: { address: ADDR.storage } });
  });
  afterEach(async () => {
    await v.close();
    ws.dispose();
  });

  it('6: a job still running at --poll-timeout ends the run as a time-out', async () => {
    const run = await runCli([
      'verify',
      '--verify-url',
      v.url,
      '--protocol',
      'v2',
      '--workspace',
      ws.root,
      '--chain-id',
      '296',
      '--address',
      ADDR.storage,
      '--poll-timeout',
      '1',
    ]);
    expectExit(run, EXIT.network);
    assert.match(run.stderr, /Verification job \S+ did not finish in 1 s/);
    assert.ok(
      v.requests.some((r) => r.startsWith('GET /v2/verify/')),
      `the job was polled: ${v.requests.join(', ')}`,
    );
  });
});
