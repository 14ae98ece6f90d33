// `ledger-mirror verify` as CI runs it: the built dist/cli.js against the reference verifier over loopback.
import * as assert from 'node:assert/strict';
import type { VerifierHandle } from '../../../servers/verifier/server';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { ADDR, makeWorkspace, sampleVerifier, type Workspace } from '../helpers/verify-fixtures';

const cli = (args: string[], env: Record<string, string> = {}) => runCli(['verify', ...args], { env });

describe('CLI verify', function () {
  this.timeout(60_000);
  let v: VerifierHandle;
  let ws: Workspace;

  before(assertCliBuilt);
  beforeEach(async () => {
    v = await sampleVerifier();
    ws = makeWorkspace({ Caller: { address: ADDR.caller }, Storage: { address: ADDR.storage } });
  });
  afterEach(async () => {
    await v.close();
    ws.dispose();
  });

  it('verifies every recorded deployment of the chain and exits 0', async () => {
    const run = await cli(['--verify-url', v.url, '--chain-id', '296', '--workspace', ws.root]);
    expectExit(run, EXIT.ok);
    assert.match(run.stdout, /^Verified 2 of 2 contracts \(session API\): 2 perfect match\n/);
    assert.match(run.stdout, /^perfect Caller 0x0+3e9 on chain 296 \(contracts\/Caller\.sol\)$/im);
    assert.equal(v.repository.get('296', ADDR.caller)?.status, 'perfect');
  });

  it('exits 7 and names the missing file when verification ran and failed (dry run, v2, JSON)', async () => {
    ws.remove('contracts/Callee.sol');
    const run = await cli([
      '--verify-url',
      v.url,
      '--chain-id',
      '296',
      '--workspace',
      ws.root,
      '--address',
      ADDR.caller,
      '--protocol',
      'v2',
      '--dry-run',
      '--json',
    ]);
    expectExit(run, EXIT.verificationFailed);
    const out = JSON.parse(run.stdout) as {
      protocol: string;
      dryRun: boolean;
      contracts: Array<{ name: string; status: string; origin: string; files: { missing: Array<{ path: string }> } }>;
    };
    assert.deepEqual([out.protocol, out.dryRun], ['v2', true]);
    assert.deepEqual(
      out.contracts.map((c) => [c.name, c.status, c.origin, c.files.missing.map((m) => m.path)]),
      [['Caller', 'error', 'hardhat-deploy', ['contracts/Callee.sol']]],
    );
  });

  it('exits 2 on bad input without sending anything, and 6 when the server is unreachable', async () => {
    const bad = await cli(['--verify-url', v.url, '--chain-id', 'x', '--workspace', ws.root]);
    expectExit(bad, EXIT.invalidInput);
    assert.match(bad.stderr, /^ledger-mirror: --chain-id needs a positive whole number, got "x"\n$/);
    const noKey = await cli([
      '--verify-url',
      v.url,
      '--chain-id',
      '296',
      '--address',
      ADDR.storage,
      '--explorer',
      'etherscan',
      '--api-key-env',
      'LEDGER_TEST_UNSET_KEY',
    ]);
    expectExit(noKey, EXIT.invalidInput);
    assert.match(noKey.stderr, /Environment variable LEDGER_TEST_UNSET_KEY \(from --api-key-env\) is not set/);
    assert.deepEqual(v.requests, []);
    const closed = await cli(['--verify-url', 'http://127.0.0.1:9', '--chain-id', '296', '--workspace', ws.root]);
    expectExit(closed, EXIT.network);
    assert.doesNotMatch(closed.stderr, /\n\s+at /);
  });

  it('says Hedera has no Etherscan-style explorer (exit 2, nothing sent) without printing the API key', async () => {
    const run = await cli(
      [
        '--verify-url',
        v.url,
        '--chain-id',
        '296',
        '--address',
        ADDR.storage,
        '--contract',
        'Storage',
        '--workspace',
        ws.root,
        '--explorer',
        'etherscan',
        '--api-key-env',
        'LEDGER_TEST_KEY',
      ],
      {
        LEDGER_TEST_KEY: 'sekret-999',
      },
    );
    expectExit(run, EXIT.invalidInput);
    assert.match(run.stderr, /Hedera has no Etherscan-style explorer to import verified source from\. Verify from your sources instead/);
    assert.deepEqual(v.requests, [], 'nothing sent');
    assert.doesNotMatch(run.stdout + run.stderr, /sekret-999/);
  });
});
