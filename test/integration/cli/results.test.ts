// `ledger-mirror results` (dist/cli.js, as a user runs it) on the reference mirror's real executions, named from the
// sample workspace's build output: every row of a contract newest first, --failed, --limit, --json, HashScan URLs,
// and the exit-code table for bad input, an unknown contract and a mirror without the endpoint.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resultsCommand } from '../../../src/cli/results';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { sendJson, startServer } from '../helpers/fixture-server';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';

interface RowJson {
  timestamp: string;
  hash: string;
  functionName: string | null;
  signature: string | null;
  failed: boolean;
  error: { kind: string; text: string; name: string | null; args: Record<string, string> | null } | null;
  gasUsed: string | null;
  caller: string | null;
}

describe('CLI: results', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let build: string;

  before(async () => {
    assertCliBuilt();
    [ref, build] = await Promise.all([startReference('post-op'), sampleWorkspace()]);
  });
  after(() => ref.close());

  const results = (...args: string[]) => runCli(['results', ...args, '--mirror', ref.mirror.url, '--build-output', build]);
  const json = async (...args: string[]) => {
    const run = await results(...args, '--json');
    expectExit(run, EXIT.ok);
    return JSON.parse(run.stdout) as { rows: RowJson[]; more: boolean; failedOnly: boolean };
  };

  it("lists Calculator's results newest first, the Panic named, functions by name", async () => {
    const { rows, more } = await json(ref.info('success').contractId);
    assert.deepEqual(
      rows.map((r) => [r.functionName, r.failed, r.error?.text ?? null]),
      [
        ['sumOfSquares', false, null],
        ['divide', true, 'Panic(0x12): division or modulo by zero'],
        ['add', false, null],
      ],
    );
    assert.equal(more, false);
    assert.deepEqual(
      rows.map((r) => r.hash),
      [ref.info('internal-call').hash, ref.info('panic').hash, ref.info('success').hash],
    );
    assert.equal(rows[1].signature, 'divide(uint256,uint256)');
  });

  it('names a custom error with its arguments and Error(string), with --failed', async () => {
    const vault = await json(ref.info('custom-error').address, '--failed');
    assert.equal(vault.failedOnly, true);
    assert.deepEqual(vault.rows[0].error, {
      kind: 'custom',
      text: 'InsufficientBalance(available: 5, required: 100)',
      name: 'InsufficientBalance',
      signature: 'InsufficientBalance(uint256,uint256)',
      args: { available: '5', required: '100' },
    });
    const caller = await json(ref.info('revert-error').contractId, '--failed');
    assert.deepEqual(
      caller.rows.map((r) => [r.functionName, r.error?.kind, r.error?.text]),
      [['callCheck', 'Error', 'Error("Callee: amount must be zero")']],
    );
  });

  it('prints a summary line per row; --limit stops early and says there is more', async () => {
    const run = await results(ref.info('success').contractId, '--limit', '2');
    expectExit(run, EXIT.ok);
    const lines = run.stdout.trim().split('\n');
    assert.match(lines[0], /^2 results of 0\.0\.\d+ on http:\/\/127\.0\.0\.1:\d+\/?, newest first:$/);
    assert.match(lines[1], /^2025-01-01T\d\d:\d\d:\d\d\.000Z {2}success {2}sumOfSquares +gas \d+ {2}from \S+ {2}0x[0-9a-f]{64}$/);
    assert.match(lines[2], /FAILED {3}divide +Panic\(0x12\): division or modulo by zero {2}gas \d+/);
    assert.match(lines[3], /the mirror has more/);
  });

  it('without a build output, a function is its selector', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'ledger-no-build-'));
    const run = await runCli(['results', ref.info('success').contractId, '--mirror', ref.mirror.url, '--build-output', empty, '--json']);
    await rm(empty, { recursive: true, force: true });
    expectExit(run, EXIT.ok);
    const rows = (JSON.parse(run.stdout) as { rows: RowJson[] }).rows;
    assert.ok(rows.every((r) => /^0x[0-9a-f]{8}$/.test(r.functionName ?? '') && r.signature === null));
  });

  it('exit 2 for a bad contract or limit (nothing sent), 3 for an unknown address and for a mirror without the endpoint', async () => {
    expectExit(await results('not-a-contract'), EXIT.invalidInput);
    expectExit(await results('0.0.1001', '--limit', '0'), EXIT.invalidInput);
    expectExit(await results('https://hashscan.io/testnet/token/0.0.1'), EXIT.invalidInput);
    const unknown = await results('0x' + 'ab'.repeat(20));
    expectExit(unknown, EXIT.notFound);
    assert.match(unknown.stderr, /knows no contract/);
    const old = await startServer((req, res) =>
      sendJson(req, res, 404, JSON.stringify({ _status: { messages: [{ message: 'Not found' }] } })),
    );
    try {
      const run = await runCli(['results', '0.0.1001', '--mirror', old.url]);
      expectExit(run, EXIT.notFound);
      assert.match(run.stderr, /does not list a contract's results/);
    } finally {
      await old.close();
    }
  });

  it('prints its usage, and runs in process with the same rows', async () => {
    const help = await runCli(['results', '--help']);
    expectExit(help, EXIT.ok);
    assert.match(help.stdout, /^Usage: ledger-mirror results <contract> \[--failed\] \[--limit N\]/);
    const written: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => written.push(chunk) > 0) as typeof process.stdout.write;
    let code: number;
    try {
      code = await resultsCommand.run([ref.info('custom-error').contractId, '--mirror', ref.mirror.url, '--build-output', build, '--json']);
    } finally {
      process.stdout.write = write;
    }
    assert.equal(code, EXIT.ok);
    const { rows } = JSON.parse(written.join('')) as { rows: RowJson[] };
    assert.deepEqual(
      rows.map((r) => [r.functionName, r.error?.text]),
      [['withdraw', 'InsufficientBalance(available: 5, required: 100)']],
    );
  });

  it("takes a HashScan contract URL's id (the command line's mirror wins over its network)", async () => {
    const { rows } = await json(`https://hashscan.io/testnet/contract/${ref.info('custom-error').contractId}`);
    assert.equal(rows.length, 1);
  });
});
