// What a new user met (#28 §2, §3, §5): the walkthrough shows the sample transactions, each of which opens; the
// launch.json that Add Configuration writes names the transaction; stopped in Guarded.raise, the Debug Console, hover
// and Watch read the state variable `level` by name, and a syntax error around a known name (`by +`) says what is
// wrong and where.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { CASES, EXTERNAL_CASE } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import type { OpenedTrace } from '../../src/extension/trace/open';
import { TRACE_VIEW_TYPE } from '../../src/shared/trace-protocol';
import { activate } from './tokens-support';
import { caseTransactionId, guardedSol, launch, nextStop } from './debug-support';

const CASE = 'locals-modifiers';
const transactionId = caseTransactionId(CASE);
const guarded = guardedSol;
const lineOf = (needle: string) =>
  readFileSync(guarded().fsPath, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

interface LaunchConfiguration {
  type: string;
  request: string;
  [attribute: string]: unknown;
}

describe('a new user on F5', function () {
  this.timeout(120_000);
  let breakpoint: vscode.SourceBreakpoint | undefined;

  before(async () => {
    await activate();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  afterEach(async () => {
    if (vscode.debug.activeDebugSession) await vscode.debug.stopDebugging();
    if (breakpoint) vscode.debug.removeBreakpoints([breakpoint]);
  });

  it('the walkthrough lists every sample transaction the mirror serves, and an id from it opens', async () => {
    const extension = vscode.extensions.all.find((e) => e.packageJSON?.contributes?.debuggers?.[0]?.type === 'ledger-mirror')!;
    const steps = (
      extension.packageJSON as { contributes: { walkthroughs: Array<{ steps: Array<{ id: string; media: { markdown?: string } }> }> } }
    ).contributes.walkthroughs[0].steps;
    const step = steps.find((s) => s.id === 'sampleTransactions');
    assert.ok(step?.media.markdown, steps.map((s) => s.id).join(', '));
    const page = new TextDecoder().decode(
      await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extension.extensionUri, step.media.markdown)),
    );
    [...CASES, EXTERNAL_CASE].forEach((c, index) => {
      const row = page.split('\n').find((l) => l.startsWith(`- **${c.name}** `));
      assert.ok(row?.includes(`\`${caseTransaction(index, c.name).transactionId}\``), `${c.name}: ${row}`);
    });
    const id = /`(0\.0\.\d+-\d+-\d+)`/.exec(page.split('\n').find((l) => l.startsWith('- **hts-transfer** '))!)![1];
    const opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', id, { stack: true })) as OpenedTrace | undefined;
    assert.ok(opened && opened.length > 0, `${id} did not open`);
    await vscode.window.tabGroups.close(
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE)),
    );
  });

  it('F5 with no trace named debugs the open trace panel, with a .sol editor in front too, without asking (#28 §12)', async () => {
    const opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', transactionId, { stack: true })) as OpenedTrace;
    await vscode.window.showTextDocument(guarded(), { preview: false });
    const window = vscode.window as { showInputBox: unknown };
    const original = window.showInputBox;
    let asked = 0;
    window.showInputBox = () => {
      asked++;
      return Promise.resolve(undefined);
    };
    try {
      assert.ok(await vscode.debug.startDebugging(undefined, { type: 'ledger-mirror', request: 'launch', name: 'F5' }));
    } finally {
      window.showInputBox = original;
    }
    assert.equal(asked, 0);
    assert.equal(vscode.debug.activeDebugSession?.configuration.traceKey, opened.key);
    await vscode.debug.stopDebugging();
    await vscode.window.tabGroups.close(
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE)),
    );
  });

  it("Add Configuration's launch.json and snippet name the transaction", () => {
    const extension = vscode.extensions.all.find((e) => e.packageJSON?.contributes?.debuggers?.[0]?.type === 'ledger-mirror');
    const debuggers = (extension?.packageJSON as { contributes: { debuggers: Array<Record<string, unknown>> } }).contributes.debuggers;
    const initial = debuggers[0].initialConfigurations as LaunchConfiguration[];
    assert.ok(
      initial.every((c) => 'transaction' in c),
      JSON.stringify(initial),
    );
    const snippets = debuggers[0].configurationSnippets as Array<{ body: LaunchConfiguration }>;
    assert.ok(snippets[0].body.transaction !== undefined, JSON.stringify(snippets[0]));
  });

  /**
   * Stops at `next = level + by;` in Guarded.raise(6), launched as Add Configuration writes it (no "storage"), in a
   * window a new user has: no trace panel of this transaction left open by an earlier test (a launch debugs an open
   * panel from the step it shows, which may be past the breakpoint).
   */
  async function stopInRaise(): Promise<(expression: string, context: string) => Thenable<DebugProtocol.EvaluateResponse['body']>> {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const line = lineOf('next = level + by;');
    breakpoint = new vscode.SourceBreakpoint(new vscode.Location(guarded(), new vscode.Position(line - 1, 0)));
    vscode.debug.addBreakpoints([breakpoint]);
    const focused = nextStop();
    assert.ok(await launch('Debug Hedera transaction', { transaction: transactionId, stopOnEntry: false }));
    const top = await focused;
    return (expression, context) =>
      top.session.customRequest('evaluate', { expression, context, frameId: top.frameId }) as Thenable<
        DebugProtocol.EvaluateResponse['body']
      >;
  }

  it('a syntax error in the Debug Console says what is wrong and where, around a name it knows', async () => {
    const evaluate = await stopInRaise();
    assert.equal((await evaluate('by', 'repl')).result, '6');
    await assert.rejects(Promise.resolve(evaluate('by +', 'repl')), /a value is missing after "\+" at column 5/);
  });

  it('reads the state variable `level` by name in the Debug Console, hover and Watch', async () => {
    const evaluate = await stopInRaise();
    // raise(6) reads level (10) in whenAbove before the body runs: the trace's storage at this step has it.
    for (const context of ['repl', 'hover', 'watch']) assert.equal((await evaluate('level', context)).result, '10', context);
  });
});
