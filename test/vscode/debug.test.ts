// The `ledger-mirror` debugger inside the real extension host, on the run's reference mirror and the sample
// workspace's build output: a launch configuration (what F5 runs) stops on the callee's revert, the Call Stack and
// Variables (through the session VS Code's views query) show names and values, and the trace panel follows the
// debugger and the other way round; the Debug Transaction command starts a session on the open panel.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import type { LedgerMirrorApi } from '../../src/extension/extension';
import { actionCommand } from '../../src/shared/trace-actions';
import { TRACE_VIEW_TYPE } from '../../src/shared/trace-protocol';
import { SolidityInlineValues } from '../../src/extension/debug/inline-values';
import { activate, waitFor } from './tokens-support';
import { nextStop } from './debug-support';

const CASE = 'revert-error';
const transactionId = caseTransaction(
  CASES.findIndex((c) => c.name === CASE),
  CASE,
).transactionId;
const workspaceFile = (relative: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, relative);
const lineOf = (relative: string, needle: string) =>
  readFileSync(workspaceFile(relative).fsPath, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;
const traceTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE));

async function frames(session: vscode.DebugSession): Promise<DebugProtocol.StackFrame[]> {
  return ((await session.customRequest('stackTrace', { threadId: 1 })) as DebugProtocol.StackTraceResponse['body']).stackFrames;
}

async function stepOf(session: vscode.DebugSession): Promise<number> {
  const { result } = (await session.customRequest('evaluate', {
    expression: 'step',
    context: 'watch',
  })) as DebugProtocol.EvaluateResponse['body'];
  return Number(/\((\d+)\)$/.exec(result)![1]);
}

/** Runs `body` with every input box dismissed; returns the options each was shown with. */
async function inputBoxesOf(body: () => Promise<void>): Promise<vscode.InputBoxOptions[]> {
  const window = vscode.window as { showInputBox: unknown };
  const original = window.showInputBox;
  const shown: vscode.InputBoxOptions[] = [];
  window.showInputBox = (options: vscode.InputBoxOptions) => {
    shown.push(options);
    return Promise.resolve(undefined);
  };
  try {
    await body();
    return shown;
  } finally {
    window.showInputBox = original;
  }
}

describe('debugger in VS Code', function () {
  this.timeout(120_000);
  let api: LedgerMirrorApi;

  before(async () => {
    api = await activate();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  afterEach(async () => {
    if (vscode.debug.activeDebugSession) await vscode.debug.stopDebugging();
    await vscode.window.tabGroups.close(traceTabs());
  });

  it('a launch configuration stops on the revert with named frames, decoded arguments, and the panel following', async () => {
    const stopped = nextStop();
    const started = await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], {
      type: 'ledger-mirror',
      request: 'launch',
      name: 'Debug the revert',
      transaction: transactionId,
      stopOnEntry: false,
    });
    assert.ok(started);
    const top = await stopped;
    const session = top.session;
    const stack = await frames(session);
    assert.deepEqual(
      stack.map((f) => f.name),
      ['Callee.check', 'Caller.callCheck'],
    );
    assert.equal(stack[0].line, lineOf('contracts/Callee.sol', 'require(amount == 0'));
    // Through code-server the path comes back as the workbench's remote URI of the workspace file.
    assert.ok(stack[0].source?.path?.endsWith(workspaceFile('contracts/Callee.sol').path), stack[0].source?.path);

    const scopes = ((await session.customRequest('scopes', { frameId: stack[0].id })) as DebugProtocol.ScopesResponse['body']).scopes;
    assert.deepEqual(
      scopes.map((s) => s.name),
      ['Arguments', 'Locals', 'Return', 'Globals', 'Events', 'Stack', 'Memory', 'Storage', 'Frame'],
    );
    const variables = async (name: string) =>
      (
        (await session.customRequest('variables', {
          variablesReference: scopes.find((s) => s.name === name)!.variablesReference,
        })) as DebugProtocol.VariablesResponse['body']
      ).variables;
    assert.deepEqual(
      (await variables('Arguments')).map((v) => [v.name, v.value]),
      [['amount', '7']],
    );
    const globals = Object.fromEntries((await variables('Globals')).map((v) => [v.name, v.value]));
    assert.equal(globals['msg.value'], '0 tinybars');
    assert.match(globals['msg.sig'], /^0x[0-9a-f]{8}$/);
    assert.deepEqual(
      (await variables('Events')).map((v) => v.value),
      ['No events emitted by this call so far.'],
    );

    // The trace panel opened for the session and shows the debugger's step.
    await waitFor('the trace panel', () => api.traces.panels().length === 1);
    const step = await stepOf(session);
    assert.equal(api.traces.panels()[0].step, step);

    // The debugger moves the panel...
    const back = nextStop();
    await vscode.commands.executeCommand('workbench.action.debug.stepBack');
    await back;
    const after = await stepOf(session);
    assert.ok(after < step);
    await waitFor('the panel to follow', () => api.traces.panels()[0].step === after);

    // ...and the panel moves the debugger.
    const moved = nextStop();
    const panelStep = (await vscode.commands.executeCommand(actionCommand('gotoStep'), step)) as number;
    await moved;
    assert.equal(await stepOf(session), panelStep);
  });

  it('F5 without a launch.json asks with the Open Opcode Trace prompt: ids, hashes and HashScan URLs alike', async () => {
    const asked = await inputBoxesOf(async () => {
      assert.equal(
        await vscode.debug.startDebugging(undefined, { type: 'ledger-mirror', request: 'launch', name: 'ask' }),
        false,
        'a dismissed prompt cancels the launch',
      );
      assert.equal(await vscode.commands.executeCommand('ledgerMirror.openTrace'), undefined);
    });
    assert.deepEqual(
      asked.map((o) => o.title),
      ['Ledger Mirror: Debug Transaction', 'Ledger Mirror: Open Opcode Trace'],
    );
    const [debug, trace] = asked;
    assert.equal(debug.prompt, trace.prompt);
    const url = `https://hashscan.io/testnet/transaction/1700000000.000000001?tid=${transactionId}`;
    for (const text of [url, transactionId, `0x${'ab'.repeat(32)}`])
      assert.equal(await debug.validateInput?.(text), undefined, `the debugger's prompt refuses ${text}`);
    for (const text of [
      '0.0.1234',
      'https://example.com/testnet/transaction/1',
      'https://hashscan.io/testnet/transaction/1700000000.000000001',
    ]) {
      const refused = await debug.validateInput?.(text);
      assert.ok(refused, `the debugger's prompt accepts ${text}`);
      assert.equal(refused, await trace.validateInput?.(text), 'both prompts say the same');
    }
  });

  it('a .sol file opens as Solidity on a profile with no other extension, and F9 sets a breakpoint in it', async () => {
    const others = vscode.extensions.all.filter(
      (e) => !(e.packageJSON as { isBuiltin?: boolean }).isBuiltin && e.id !== 'ledger-mirror.ledger-mirror',
    );
    assert.deepEqual(
      others.map((e) => e.id),
      [],
      'the profile has no other extension',
    );
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    const document = await vscode.workspace.openTextDocument(workspaceFile('contracts/Callee.sol'));
    assert.equal(document.languageId, 'solidity');
    const editor = await vscode.window.showTextDocument(document);
    const line = lineOf('contracts/Callee.sol', 'require(amount == 0') - 1;
    editor.selection = new vscode.Selection(line, 0, line, 0);
    await vscode.commands.executeCommand('editor.debug.action.toggleBreakpoint');
    await waitFor('the breakpoint F9 sets', () =>
      vscode.debug.breakpoints.some(
        (b) =>
          b instanceof vscode.SourceBreakpoint &&
          b.location.uri.toString() === document.uri.toString() &&
          b.location.range.start.line === line,
      ),
    );
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
  });

  it("the status bar's source item follows the debugger's line", async () => {
    const statusOf = (frame: DebugProtocol.StackFrame) => `$(file-code) ${frame.source!.path!.split('/').pop()}:${frame.line}`;
    const stopped = nextStop();
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], {
      type: 'ledger-mirror',
      request: 'launch',
      name: 'Status',
      transaction: transactionId,
      stopOnEntry: false,
    });
    const session = (await stopped).session;
    const [top] = await frames(session);
    await waitFor(
      `the status to show ${statusOf(top)} (shows ${api.sourceStepping.status()})`,
      () => api.sourceStepping.status() === statusOf(top),
    );
    const back = nextStop();
    await vscode.commands.executeCommand('workbench.action.debug.stepBack');
    await back;
    const [now] = await frames(session);
    assert.notEqual(now.line, top.line);
    await waitFor(`the status to follow to ${statusOf(now)}`, () => api.sourceStepping.status() === statusOf(now));
    assert.equal(api.sourceStepping.shown(), undefined, 'VS Code marks the line itself: no second mark');
  });

  it('"network": "custom" in a launch configuration uses the custom mirror of the settings', async () => {
    const stopped = nextStop();
    assert.ok(
      await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], {
        type: 'ledger-mirror',
        request: 'launch',
        name: 'Custom',
        transaction: transactionId,
        network: 'custom',
        stopOnEntry: false,
      }),
    );
    const stack = await frames((await stopped).session);
    assert.equal(stack[0].name, 'Callee.check');
  });

  it("inline values: the stopped function's names up to the stop, which the frame's scopes resolve", async () => {
    const stopped = nextStop();
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], {
      type: 'ledger-mirror',
      request: 'launch',
      name: 'Inline',
      transaction: transactionId,
      stopOnEntry: false,
    });
    const top = await stopped;
    const document = await vscode.workspace.openTextDocument(workspaceFile('contracts/Callee.sol'));
    const line = lineOf('contracts/Callee.sol', 'require(amount == 0') - 1;
    const values = new SolidityInlineValues().provideInlineValues(document, new vscode.Range(0, 0, document.lineCount, 0), {
      frameId: top.frameId,
      stoppedLocation: new vscode.Range(line, 0, line, 0),
    });
    const lookups = values.filter((v): v is vscode.InlineValueVariableLookup => v instanceof vscode.InlineValueVariableLookup);
    assert.ok(
      lookups.some((v) => v.variableName === 'amount' && v.range.start.line === line),
      'amount on the stopped line',
    );
    assert.ok(
      lookups.every((v) => v.range.start.line <= line),
      'nothing past the stop',
    );
    assert.ok(!lookups.some((v) => ['require', 'uint256', 'function'].includes(v.variableName!)));
  });

  it('Debug Transaction… on an open trace panel debugs that trace without fetching it again', async () => {
    await vscode.commands.executeCommand('ledgerMirror.openTrace', transactionId, { stack: true });
    const [panel] = api.traces.panels();
    const stopped = nextStop();
    await vscode.commands.executeCommand('ledgerMirror.debugTransaction');
    const top = await stopped;
    assert.equal(api.traces.panels().length, 1, 'no second panel');
    // A panel just opened is at step 0, before any statement: the session starts at the first one (#28 §11), and
    // the panel follows; a panel past it is where the session starts (test/e2e/panel-debug.e2e.ts).
    assert.equal(panel.step, 0);
    const first = await stepOf(top.session);
    assert.ok(first > 0, `started at step ${first}`);
    await waitFor('the panel at the first statement', () => api.traces.panels()[0]?.step === first);
    assert.equal(top.session.configuration.traceKey, panel.key);
  });
});
