// The trace stepper inside the real extension host, against the run's reference mirror: open by command with
// arguments, the panel, every step command against the core's own navigation, restore from the cache (with the
// server unreachable), save and reopen from a file, Recent Traces, an unknown transaction.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { HttpClient } from '../../src/core/http';
import { MirrorClient } from '../../src/core/mirror/client';
import { resolveNetwork } from '../../src/core/networks';
import { fetchTrace } from '../../src/core/opcodes-client';
import type { Trace } from '../../src/shared/trace-model';
import type { OpenedTrace } from '../../src/extension/trace/open';
import { actionCommand, traceAction, type TraceActionId } from '../../src/shared/trace-actions';
import { TRACE_VIEW_TYPE, type TracePanelState } from '../../src/shared/trace-protocol';
import { activate, waitFor } from './tokens-support';

const mirrorUrl = process.env.LEDGER_MIRROR_TEST_MIRROR_URL ?? '';
const ALL = { stack: true, memory: true, storage: true };

/** The reference mirror's transaction id for a case, as the EVM provider numbers them. */
function caseId(name: string): string {
  const index = CASES.findIndex((c) => c.name === name);
  assert.ok(index >= 0, `no reference case ${name}`);
  return caseTransaction(index, name).transactionId;
}

/** The same trace through the core, as the oracle for the extension's navigation. */
async function oracle(name: string): Promise<Trace> {
  const http = new HttpClient();
  try {
    return await fetchTrace(new MirrorClient(resolveNetwork('custom', { mirrorUrl }), http), caseId(name), ALL);
  } finally {
    await http.close();
  }
}

const traceTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE));

async function closeTracePanels(): Promise<void> {
  await vscode.window.tabGroups.close(traceTabs());
}

describe('trace stepper in VS Code', function () {
  this.timeout(120_000);
  let api: Awaited<ReturnType<typeof activate>>;
  let opened: OpenedTrace;
  let expected: Trace;

  before(async () => {
    api = await activate();
    expected = await oracle('nested-call');
    opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', caseId('nested-call'), ALL)) as OpenedTrace;
  });
  after(closeTracePanels);

  it('opens a reference-mirror trace by command with arguments, resolving once the panel shows', () => {
    assert.ok(opened, 'openTrace resolved to nothing');
    assert.equal(opened.transaction, caseId('nested-call'));
    assert.equal(opened.length, expected.length);
    assert.equal(opened.step, 0);
    assert.equal(traceTabs().length, 1);
    assert.deepEqual(api.traces.panels(), [{ key: opened.key, step: 0, length: expected.length, visible: true }]);
  });

  it('moves the current step exactly as Trace.navigate says, for every step command', async () => {
    const sequence: TraceActionId[] = [
      'stepForward',
      'nextCall',
      'stepInto',
      'stepOver',
      'stepOver',
      'stepOut',
      'stepIntoBack',
      'stepOverBack',
      'stepOutBack',
      'nextSstore',
      'prevSstore',
      'nextLog',
      'prevCall',
      'last',
      'prevRevert',
      'nextRevert',
      'stepBack',
      'first',
      'nextCall',
      'stepInto',
      'stepOut',
    ];
    let at = 0;
    let moves = 0;
    for (const id of sequence) {
      const run = traceAction(id).run;
      assert.ok('nav' in run);
      const want = expected.navigate(at, run.nav);
      const got = await vscode.commands.executeCommand(actionCommand(id));
      assert.equal(got, want, `${id} from step ${at}`);
      assert.equal(api.traces.panels()[0].step, want);
      if (want !== at) moves++;
      at = want;
    }
    assert.ok(moves >= 12, `only ${moves} commands moved; the sequence should exercise real moves`);
  });

  it('takes the prompted value as an argument: go to step, go to pc, find opcode and find again', async () => {
    assert.equal(await vscode.commands.executeCommand(actionCommand('gotoStep'), 25), 25);
    const pc = expected.row(120).instructionPc;
    assert.equal(await vscode.commands.executeCommand(actionCommand('gotoPc'), pc), expected.navigate(25, { kind: 'pc', pc }));
    let at = (await vscode.commands.executeCommand(actionCommand('gotoStep'), 0)) as number;
    const first = (await vscode.commands.executeCommand(actionCommand('findOp'), 'mstore')) as number;
    assert.equal(first, expected.navigate(at, { kind: 'op', name: 'MSTORE' }));
    assert.equal(expected.row(first).op, 'MSTORE');
    at = (await vscode.commands.executeCommand(actionCommand('findNext'))) as number;
    assert.equal(at, expected.navigate(first, { kind: 'op', name: 'MSTORE' }));
    assert.equal(await vscode.commands.executeCommand(actionCommand('findPrevious')), first);
  });

  it('lists the trace under Recent Traces with its steps, outcome and, once stepping pauses, its step', async () => {
    const recent = api.traces.recent.find(opened.key);
    assert.ok(recent);
    assert.equal(recent.transaction, caseId('nested-call'));
    assert.equal(recent.steps, expected.length);
    assert.equal(recent.failed, expected.summary.failed);
    const step = api.traces.panels()[0].step;
    await waitFor(`Recent Traces to remember step ${step}`, () => api.traces.recent.find(opened.key)?.step === step, 5000);
  });

  it('restores a panel from the cached trace after the serializer runs, without asking the server', async () => {
    const settings = vscode.workspace.getConfiguration('ledgerMirror');
    await closeTracePanels();
    // A server that cannot be reached: a restore that asked it would fail.
    await settings.update('mirrorUrl', 'http://127.0.0.1:9', vscode.ConfigurationTarget.Workspace);
    try {
      const panel = vscode.window.createWebviewPanel(TRACE_VIEW_TYPE, 'restored', vscode.ViewColumn.Active);
      const state: TracePanelState = { key: opened.key, step: 17, scrollTop: 3, memoryTop: 0, open: { memory: false } };
      await api.traces.restore(panel, state);
      assert.deepEqual(api.traces.panels(), [{ key: opened.key, step: 17, length: expected.length, visible: true }]);
      assert.equal(await vscode.commands.executeCommand(actionCommand('stepForward')), expected.navigate(17, { kind: 'step', delta: 1 }));
    } finally {
      await settings.update('mirrorUrl', mirrorUrl, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('explains, in the panel, a restore whose cached trace is gone', async () => {
    const panel = vscode.window.createWebviewPanel(TRACE_VIEW_TYPE, 'gone', vscode.ViewColumn.Active);
    await api.traces.restore(panel, { key: 'custom~0.0.1000-1-000000001~s', step: 0, scrollTop: 0, memoryTop: 0, open: {} });
    assert.match(panel.webview.html, /cached copy of this trace is gone/);
    panel.dispose();
  });

  it('saves the raw response and opens it again from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trace-save-'));
    try {
      const file = join(dir, 'nested.opcodes.json');
      await vscode.commands.executeCommand('ledgerMirror.saveTrace', file);
      const body = JSON.parse(readFileSync(file, 'utf8')) as { opcodes: unknown[] };
      assert.equal(body.opcodes.length, expected.length);
      await closeTracePanels();
      const reopened = (await vscode.commands.executeCommand('ledgerMirror.openTraceFile', file)) as OpenedTrace;
      assert.equal(reopened.length, expected.length);
      assert.equal(api.traces.panels().length, 1);
      assert.equal(await vscode.commands.executeCommand(actionCommand('last')), expected.length - 1);
    } finally {
      await closeTracePanels();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reopens a recent trace at the step it was left at', async () => {
    const recent = api.traces.recent.find(opened.key);
    assert.ok(recent);
    const again = (await vscode.commands.executeCommand('ledgerMirror.trace.reopen', recent)) as OpenedTrace;
    assert.equal(again.step, recent.step);
    await waitFor('the reopened panel', () => api.traces.panels().some((p) => p.key === opened.key && p.visible));
    await closeTracePanels();
  });

  it('reports a transaction the mirror does not know and leaves no panel open', async () => {
    const missing = await vscode.commands.executeCommand('ledgerMirror.openTrace', '0.0.1000-1600000000-000000001', { stack: true });
    assert.equal(missing, undefined);
    // The panel that opened for the load closes with it (the workbench drops its tab a moment later).
    await waitFor('the loading panel closed', () => traceTabs().length === 0);
  });
});
