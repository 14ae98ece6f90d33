// `ledger-mirror trace --state-diff` (dist/cli.js) on the reference mirror's real executions: each contract's changes
// by state variable name (sample workspace's storageLayout) or raw slot, before → after, as the trace proves them,
// with storage not fetched; two contracts that share slot numbers each keep their own.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { startReference, type CaseName, type ReferenceMirror } from '../helpers/reference-mirror';
import { sampleWorkspace } from '../helpers/sample-workspace';

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

describe('CLI trace --state-diff', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let workspace: string;
  let empty: string;
  const trace = (name: CaseName, ...args: string[]) =>
    runCli(['trace', ref.info(name).transactionId, '--mirror', ref.mirror.url, '--state-diff', ...args]);
  const diffOf = async (name: CaseName, ...args: string[]) => {
    const run = await trace(name, '--json', ...args);
    expectExit(run, EXIT.ok);
    return (JSON.parse(run.stdout) as DiffJson).stateDiff;
  };

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
    const human = await trace('shared-slots', '--build-output', workspace);
    assert.match(human.stdout, /State changes:\n {2}0x[0-9a-f]{40} \(0\.0\.\d+\) (Ledger|Router)\n/);
    assert.match(human.stdout, / {4}routed: 0 → 1\n/);
    assert.match(human.stdout, / {4}total: 0 → 250\n/);
  });

  it('shows raw slots without a build output, and says the value before is unknown where the trace did not read it', async () => {
    const diff = await diffOf('storage', '--build-output', empty, '--sources', 'workspace');
    assert.equal(diff.changed, true);
    const changes = diff.accounts.flatMap((a) => a.changes);
    assert.ok(changes.every((c) => /^storage\[0x[0-9a-f]+\]$/.test(c.name)));
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
