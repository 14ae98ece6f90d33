// `ledger-mirror trace --build-output DIR` (dist/cli.js) on the reference mirror's real executions: custom errors,
// calls, return values and the token-service call named from the sample workspace's build output and the mirror's
// actions, in --json and in the summary.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { sendJson, startServer } from '../helpers/fixture-server';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { startReference, type CaseName, type ReferenceMirror } from '../helpers/reference-mirror';

interface CallJson {
  depth: number;
  type: string;
  to: string | null;
  contractId: string | null;
  contract: string | null;
  function: string | null;
  signature: string | null;
  args: Record<string, string> | null;
  returns: Record<string, string> | null;
  reverted: boolean;
  error: { name: string; signature: string; args: Record<string, string> } | null;
  gasUsed: number;
  system: string | null;
  responseCode: { code: number; name: string | null } | null;
  source: 'workspace' | 'verified' | null;
}

interface TraceJson {
  revert: { kind: string; name: string | null; signature: string | null; args: Record<string, string> | null } | null;
  calls: CallJson[];
}

interface DiffJson {
  stateDiff: {
    changed: boolean;
    note: string | null;
    accounts: {
      account: string;
      contractId: string | null;
      contract: string | null;
      changes: { name: string; before: string; after: string }[];
    }[];
  };
}

const CALL_KEYS = [
  'depth',
  'type',
  'to',
  'contractId',
  'contract',
  'function',
  'signature',
  'args',
  'returns',
  'reverted',
  'error',
  'gasUsed',
  'system',
  'responseCode',
  'source',
];

describe('CLI trace: names from the build output and the mirror', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let workspace: string;
  let empty: string;

  const trace = (name: CaseName, ...args: string[]) => runCli(['trace', ref.info(name).transactionId, '--mirror', ref.mirror.url, ...args]);
  const traceJson = async (name: CaseName, ...args: string[]): Promise<TraceJson> => {
    const run = await trace(name, '--json', ...args);
    expectExit(run, EXIT.ok);
    assert.equal(run.stderr, '');
    return JSON.parse(run.stdout) as TraceJson;
  };

  const diffOf = async (name: CaseName, ...args: string[]): Promise<DiffJson['stateDiff']> =>
    ((await traceJson(name, '--state-diff', ...args)) as unknown as DiffJson).stateDiff;

  before(async () => {
    assertCliBuilt();
    [ref, workspace, empty] = await Promise.all([
      startReference('post-op'),
      sampleWorkspace(),
      mkdtemp(join(tmpdir(), 'ledger-no-build-')),
    ]);
  });
  after(async () => {
    await ref.close();
    await rm(empty, { recursive: true, force: true });
  });

  it('names a custom error by name, signature and arguments from the sample workspace', async () => {
    const out = await traceJson('custom-error', '--build-output', workspace);
    assert.deepEqual(out.revert && [out.revert.kind, out.revert.name, out.revert.signature, out.revert.args], [
      'CustomError',
      'InsufficientBalance',
      'InsufficientBalance(uint256,uint256)',
      { available: '5', required: '100' },
    ]);
    const [root] = out.calls;
    assert.deepEqual(Object.keys(root), CALL_KEYS);
    assert.deepEqual(
      [root.contract, root.function, root.args, root.reverted, root.error?.name, root.source],
      ['Vault', 'withdraw', { amount: '100' }, true, 'InsufficientBalance', 'workspace'],
    );
  });

  it('names every frame of a nested call with its arguments and return value', async () => {
    const out = await traceJson('nested-call', '--build-output', workspace);
    assert.deepEqual(
      out.calls.map((c) => [c.depth, c.type, c.contractId, c.contract, c.function, c.args, c.returns, c.system]),
      [
        [0, 'ROOT', '0.0.1003', 'Caller', 'callDouble', { x: '21' }, { 0: '43' }, null],
        [1, 'CALL', '0.0.1002', 'Callee', 'double', { x: '21' }, { 0: '42' }, null],
      ],
    );
    const human = await trace('nested-call', '--build-output', workspace);
    assert.match(human.stdout, /^ {2}ROOT 0x0+3eb \(0\.0\.1003\) Caller\.callDouble\(x: 21\) → 43 {2}steps/m);
    assert.match(human.stdout, /^ {4}CALL 0x0+3ea \(0\.0\.1002\) Callee\.double\(x: 21\) → 42 {2}steps/m);
  });

  it('names the token-service call with its response code: INSUFFICIENT_TOKEN_BALANCE, then the caller’s revert', async () => {
    const out = await traceJson('hts-insufficient', '--build-output', workspace);
    const hts = out.calls.find((c) => c.system !== null);
    assert.ok(hts, JSON.stringify(out.calls));
    assert.deepEqual(
      [hts.system, hts.to, hts.contractId, hts.function, hts.signature, hts.args, hts.reverted, hts.responseCode],
      [
        'HTS',
        '0x0000000000000000000000000000000000000167',
        '0.0.359',
        'transferToken',
        'transferToken(address,address,address,int64)',
        { token: '0.0.5001', sender: '0.0.1011', recipient: '0.0.1002', amount: '500' },
        false,
        { code: 178, name: 'INSUFFICIENT_TOKEN_BALANCE' },
      ],
    );
    assert.deepEqual(
      [out.revert?.name, out.revert?.args],
      ['TransferFailed', { token: '0x0000000000000000000000000000000000001389', responseCode: '178' }],
    );
    const human = await trace('hts-insufficient', '--build-output', workspace);
    expectExit(human, EXIT.ok);
    assert.match(
      human.stdout,
      /HTS\.transferToken\(token: 0\.0\.5001, sender: 0\.0\.1011, recipient: 0\.0\.1002, amount: 500\) → INSUFFICIENT_TOKEN_BALANCE/,
    );
    assert.match(human.stdout, /^Revert\s+TransferFailed\(token: 0x0+1389, responseCode: 178\)$/m);
  });

  it('a successful token-service call answers SUCCESS', async () => {
    const out = await traceJson('hts-transfer', '--build-output', workspace);
    const hts = out.calls.find((c) => c.system === 'HTS');
    assert.deepEqual([hts?.args?.amount, hts?.responseCode], ['50', { code: 22, name: 'SUCCESS' }]);
  });

  it('without build output, system calls are still named and workspace functions are null', async () => {
    const out = await traceJson('hts-insufficient', '--build-output', empty);
    assert.deepEqual(
      out.calls.map((c) => [c.function, c.args === null, c.system]),
      [
        [null, true, null],
        ['transferToken', false, 'HTS'],
      ],
    );
    assert.deepEqual([out.revert?.name, out.revert?.signature, out.revert?.args], [null, null, null]);
    const error = await traceJson('revert-error', '--build-output', empty);
    assert.deepEqual([error.revert?.name, error.revert?.args], ['Error', { message: 'Callee: amount must be zero' }]);
  });

  it('several --build-output folders are read together; a missing folder is invalid input (exit 2)', async () => {
    const out = await traceJson('custom-error', '--build-output', empty, '--build-output', workspace);
    assert.equal(out.revert?.name, 'InsufficientBalance');
    const run = await trace('custom-error', '--build-output', join(empty, 'nope'));
    expectExit(run, EXIT.invalidInput);
    assert.match(run.stderr, /^ledger-mirror: --build-output .*nope is not a folder\n$/);
  });

  it('when the mirror has no actions, the trace is still printed with a note on stderr', async () => {
    // Opcodes from the web3 URL; a REST URL under a dataset prefix the reference mirror does not have (404 everywhere).
    const run = await runCli([
      'trace',
      ref.info('nested-call').transactionId,
      '--mirror',
      `${ref.mirror.url}/fixtures/none`,
      '--web3',
      ref.mirror.url,
      '--json',
    ]);
    expectExit(run, EXIT.ok);
    assert.match(run.stderr, /^ledger-mirror: note: call arguments unavailable: Not found/);
    const out = JSON.parse(run.stdout) as TraceJson;
    assert.deepEqual(
      out.calls.map((c) => [c.type, c.function]),
      [
        ['ROOT', null],
        ['CALL', null],
      ],
    );
  });

  it('the note quotes the server’s message with its control characters made visible', async () => {
    const hostile = await startServer((req, res) =>
      sendJson(req, res, 404, JSON.stringify({ _status: { messages: [{ message: 'gone\u001b[2J\u009b31m' }] } })),
    );
    try {
      const run = await runCli([
        'trace',
        ref.info('nested-call').transactionId,
        '--mirror',
        hostile.url,
        '--web3',
        ref.mirror.url,
        '--json',
      ]);
      expectExit(run, EXIT.ok);
      assert.match(run.stderr, /^ledger-mirror: note: call arguments unavailable: Not found — HTTP 404: gone\\x1b\[2J\\x9b31m/);
      assert.ok(!run.stderr.includes('\u001b') && !run.stderr.includes('\u009b'), 'no raw control character');
    } finally {
      await hostile.close();
    }
  });

  it('lists exactly the changed variables of each contract, Router and Ledger sharing slots 0 and 1', async () => {
    const diff = await diffOf('shared-slots', '--build-output', workspace);
    assert.equal(diff.changed, true);
    // A mapping entry's key is found through the debugger's program (hashes it saw computed); here it stays a raw slot.
    const byContract = Object.fromEntries(
      diff.accounts.map((a) => [
        a.contract,
        a.changes.map((c) => [c.name.replace(/^storage\[0x[0-9a-f]{1,64}\]$/, 'storage[entry]'), c.before, c.after]),
      ]),
    );
    const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    assert.deepEqual(byContract, {
      Ledger: [
        ['total', '0', '250'],
        ['storage[entry]', word(0), word(250)],
      ],
      Router: [['routed', '0', '1']],
    });
    assert.ok(diff.accounts.every((a) => /^0\.0\.\d+$/.test(a.contractId ?? '')));
    const human = await trace('shared-slots', '--state-diff', '--build-output', workspace);
    assert.match(human.stdout, /State changes:\n {2}0x[0-9a-f]{40} \(0\.0\.\d+\) (Ledger|Router)\n/);
    assert.match(human.stdout, / {4}routed: 0 → 1\n/);
    assert.match(human.stdout, / {4}total: 0 → 250\n/);
  });

  it("shows raw slots without a build output, each value before from the mirror's state before the transaction", async () => {
    const diff = await diffOf('storage', '--build-output', empty, '--sources', 'workspace');
    assert.equal(diff.changed, true);
    const changes = diff.accounts.flatMap((a) => a.changes);
    assert.ok(changes.every((c) => /^storage\[0x[0-9a-f]+\]$/.test(c.name)));
    assert.ok(
      changes.every((c) => /^0x[0-9a-f]{64}$/.test(c.before) && c.before !== c.after),
      JSON.stringify(changes),
    );
  });

  it('says the value before is unknown where the trace did not read it and the mirror has neither /state nor /prestate', async () => {
    const id = ref.info('storage').transactionId;
    const run = await runCli([
      'trace',
      id,
      '--mirror',
      `${ref.mirror.url}/modes/no-state`,
      '--json',
      '--state-diff',
      '--build-output',
      empty,
      '--sources',
      'workspace',
    ]);
    expectExit(run, EXIT.ok);
    assert.match(
      run.stderr,
      /^ledger-mirror: note: The mirror answered 404 to \/state of 0x[0-9a-f]{40}\. The mirror has no \/prestate endpoint \(404\)\. The state before the transaction is unavailable\.\n/,
    );
    const changes = (JSON.parse(run.stdout) as DiffJson).stateDiff.accounts.flatMap((a) => a.changes);
    assert.ok(
      changes.some((c) => c.before.startsWith('unknown')),
      'a slot written without being read first',
    );
  });

  it('says a failed transaction changed nothing', async () => {
    const diff = await diffOf('custom-error', '--build-output', workspace);
    assert.deepEqual(diff, { changed: false, note: 'The transaction failed: every change it made was undone.', accounts: [] });
  });
});
