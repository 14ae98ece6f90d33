// `ledger-mirror trace` (dist/cli.js) against the reference mirror: exit codes, the --json shape, --out, parts.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { CASE_NAMES, startReference, TRUNCATE_AT, type ReferenceMirror } from '../helpers/reference-mirror';

const JSON_KEYS = [
  'transaction',
  'address',
  'contractId',
  'failed',
  'gasUsed',
  'steps',
  'maxDepth',
  'frames',
  'truncated',
  'revert',
  'returnValue',
  'calls',
];
const cli = (...args: string[]) => runCli(['trace', ...args]);

describe('CLI trace', function () {
  this.timeout(60_000);
  let m: ReferenceMirror;
  let dir: string;

  before(async () => {
    assertCliBuilt();
    m = await startReference('post-op');
    dir = mkdtempSync(join(tmpdir(), 'ledger-trace-cli-'));
  });
  after(async () => {
    await m.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const name of CASE_NAMES) {
    it(`${name}: --json prints exactly the documented object and exits 0`, async () => {
      const info = m.info(name);
      const run = await cli(info.transactionId, '--mirror', m.mirror.url, '--json');
      expectExit(run, EXIT.ok);
      assert.equal(run.stderr, '', 'no progress when stderr is not a terminal');
      const out = JSON.parse(run.stdout) as Record<string, unknown>;
      assert.deepEqual(Object.keys(out), JSON_KEYS);
      const trace = await m.fetch(name);
      assert.deepEqual(out, {
        transaction: info.transactionId,
        address: info.address,
        contractId: info.contractId,
        failed: info.failed,
        gasUsed: trace.summary.gasUsed,
        steps: info.steps,
        maxDepth: trace.summary.maxDepth,
        frames: trace.frameCount(),
        truncated: false,
        revert: out.revert,
        returnValue: trace.summary.rawReturnValue,
        calls: out.calls,
      });
      assert.equal((out.calls as unknown[]).length, trace.frameCount());
      if (!info.failed) assert.equal(out.revert, null);
    });
  }

  it('--json revert objects: Error with message, Panic with numeric code, CustomError with selector', async () => {
    const revert = async (name: 'revert-error' | 'panic' | 'custom-error') =>
      (
        JSON.parse((await cli(m.info(name).transactionId, '--mirror', m.mirror.url, '--json')).stdout) as {
          revert: Record<string, unknown>;
        }
      ).revert;
    const error = await revert('revert-error');
    assert.deepEqual(Object.keys(error), ['kind', 'message', 'data', 'name', 'signature', 'args']);
    assert.deepEqual([error.kind, error.message], ['Error', 'Callee: amount must be zero']);
    const panic = await revert('panic');
    assert.deepEqual(Object.keys(panic), ['kind', 'message', 'code', 'data', 'name', 'signature', 'args']);
    assert.deepEqual([panic.kind, panic.code], ['Panic', 0x12]);
    const custom = await revert('custom-error');
    assert.deepEqual(Object.keys(custom), ['kind', 'selector', 'data', 'name', 'signature', 'args']);
    assert.deepEqual([custom.kind, custom.selector], ['CustomError', '0xcf479181']);
  });

  it('prints a readable summary of a reverted transaction and still exits 0', async () => {
    const run = await cli(m.info('revert-error').transactionId, '--mirror', m.mirror.url);
    expectExit(run, EXIT.ok);
    for (const line of [
      /^Result\s+failed$/m,
      /^Steps\s+403$/m,
      /^Max depth\s+1$/m,
      /^Frames\s+2$/m,
      /^Revert\s+Error\("Callee: amount must be zero"\)$/m,
      /STATICCALL 0x0+3ea .* reverted/,
    ]) {
      assert.match(run.stdout, line);
    }
  });

  it('--out saves the raw body; --no-stack, --memory and --storage choose the parts', async () => {
    const out = join(dir, 'storage.json');
    const run = await cli(m.info('storage').transactionId, '--mirror', m.mirror.url, '--no-stack', '--storage', '--out', out);
    expectExit(run, EXIT.ok);
    const query = { stack: false, memory: false, storage: true };
    assert.equal(readFileSync(out, 'utf8'), await m.body('storage', query));
    const withMemory = join(dir, 'memory.json');
    expectExit(await cli(m.info('storage').transactionId, '--mirror', m.mirror.url, '--memory', '--out', withMemory, '--json'), EXIT.ok);
    assert.equal(readFileSync(withMemory, 'utf8'), await m.body('storage', { stack: true, memory: true, storage: false }));
  });

  for (const [what, args, code, message] of [
    ['a malformed id', ['0.0.1-2'], EXIT.invalidInput, /Expected a transaction id/],
    ['two ids', ['0.0.1-2-3', '0.0.1-2-4'], EXIT.invalidInput, /Expected one transaction id/],
    ['an unknown option', ['0.0.1-2-3', '--stack'], EXIT.invalidInput, /Unknown option/],
    ['an unknown transaction', ['0.0.1000-1735689600-000000999'], EXIT.notFound, /Transaction not found/],
  ] as const) {
    it(`exits ${code} for ${what}, with one error line`, async () => {
      const run = await cli(...args, '--mirror', m.mirror.url);
      expectExit(run, code);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^ledger-mirror: [^\n]+\n$/);
      assert.match(run.stderr, message);
    });
  }

  it('exits 3 when the endpoint is disabled and 6 when the mirror is unreachable', async () => {
    const id = m.info('success').transactionId;
    expectExit(await cli(id, '--mirror', `${m.mirror.url}/modes/disabled`), EXIT.notFound);
    expectExit(await cli(id, '--mirror', 'http://127.0.0.1:9', '--timeout', '5'), EXIT.network);
  });

  it('exits 3 with its own words when a newer mirror has the opcodes API off (501), not "not found"', async () => {
    const run = await cli(m.info('success').transactionId, '--mirror', `${m.mirror.url}/modes/not-implemented`);
    expectExit(run, EXIT.notFound);
    assert.match(run.stderr, /^ledger-mirror: Opcode traces are turned off on this mirror \(501 Not Implemented\)/);
    assert.doesNotMatch(run.stderr, /not found/i);
  });

  describe('a trace the mirror cut at its caps', () => {
    let capped: ReferenceMirror;
    before(async () => {
      capped = await startReference('truncated');
    });
    after(() => capped.close());

    it('says so in the summary: after how many steps, that the rest is missing, and what to do', async () => {
      const run = await cli(capped.info('nested-call').transactionId, '--mirror', capped.mirror.url);
      expectExit(run, EXIT.ok);
      assert.match(run.stdout, new RegExp(`^Steps\\s+${TRUNCATE_AT} \\(cut by the mirror: the rest is missing\\)$`, 'm'));
      assert.match(
        run.stdout,
        /^Truncated\s+The mirror cut this trace after 300 steps \(its trace limits\): what the transaction did after that is missing.*a self-hosted mirror or a local node\.$/m,
      );
    });

    it('--json: truncated is true, steps exclude the marker, and stderr says what it means', async () => {
      const run = await cli(capped.info('nested-call').transactionId, '--mirror', capped.mirror.url, '--json');
      expectExit(run, EXIT.ok);
      const out = JSON.parse(run.stdout) as { truncated: boolean; steps: number };
      assert.deepEqual([out.truncated, out.steps], [true, TRUNCATE_AT]);
      assert.match(run.stderr, /^ledger-mirror: note: The mirror cut this trace after 300 steps/);
      const whole = JSON.parse((await cli(capped.info('panic').transactionId, '--mirror', capped.mirror.url, '--json')).stdout) as {
        truncated: boolean;
      };
      assert.equal(whole.truncated, false);
    });
  });

  it('--help shows the usage', async () => {
    const run = await cli('--help');
    expectExit(run, EXIT.ok);
    assert.match(run.stdout, /^Usage: ledger-mirror trace <txIdOrHash>/);
  });
});
