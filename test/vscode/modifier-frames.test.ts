// Modifier frames in VS Code's own debug UI: stopped in a modifier, the Call Stack focuses the modifier's frame and the
// editor shows its line; moving down the Call Stack focuses the modifier waiting at its `_`, then the function at the
// invocation in its header, as the user's Debug: Call Stack Down does.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { activate, waitFor } from './tokens-support';
import { caseTransactionId, guardedSol, launch, nextStop } from './debug-support';

const CASE = 'locals-modifiers';
const transactionId = caseTransactionId(CASE);
const guarded = guardedSol;
/** 1-based line of the first line holding `needle` after the one holding `after`. */
const lineOf = (needle: string, after = '') => {
  const lines = readFileSync(guarded().fsPath, 'utf8').split('\n');
  const from = lines.findIndex((l) => l.includes(after));
  return lines.findIndex((l, i) => i >= from && l.includes(needle)) + 1;
};

/** The 1-based line the active editor shows Guarded.sol at, once it does. */
async function editorLine(line: number): Promise<void> {
  await waitFor(`Guarded.sol at line ${line} in the editor`, () => {
    const editor = vscode.window.activeTextEditor;
    return editor?.document.uri.path.endsWith('/contracts/Guarded.sol') === true && editor.selection.active.line + 1 === line;
  });
}

describe('modifier frames in VS Code', function () {
  this.timeout(120_000);
  let breakpoint: vscode.SourceBreakpoint;

  before(async () => {
    await activate();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  afterEach(async () => {
    if (vscode.debug.activeDebugSession) await vscode.debug.stopDebugging();
    vscode.debug.removeBreakpoints([breakpoint]);
  });

  it("stopped in a modifier, the Call Stack focuses the modifier's frame; Call Stack Down reaches the one at its `_` and the function", async () => {
    const seen = lineOf('emit U("seen", seen)');
    breakpoint = new vscode.SourceBreakpoint(new vscode.Location(guarded(), new vscode.Position(seen - 1, 0)));
    vscode.debug.addBreakpoints([breakpoint]);
    const focused = nextStop();
    assert.ok(await launch('Debug the modifiers', { transaction: transactionId, stopOnEntry: false }));
    const top = await focused;
    const stack = (
      (await top.session.customRequest('stackTrace', { threadId: 1 })) as DebugProtocol.StackTraceResponse['body']
    ).stackFrames.map((f) => ({ id: f.id, name: f.name, line: f.line }));
    assert.deepEqual(
      stack.map((f) => [f.name, f.line]),
      [
        ['whenAbove(uint256)', seen],
        ['onlyRole(bytes32)', lineOf('_;')],
        ['Guarded.raise', lineOf('function raise')],
      ],
    );
    assert.equal(top.frameId, stack[0].id, 'the modifier is the focused frame');
    await editorLine(seen);

    for (const frame of stack.slice(1)) {
      const next = nextStop();
      await vscode.commands.executeCommand('workbench.action.debug.callStackDown');
      assert.equal((await next).frameId, frame.id, `${frame.name} focused`);
      await editorLine(frame.line);
    }
  });
});
