// What the debugger's in-VS-Code tests share.
import * as vscode from 'vscode';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';

/** The transaction id the run's reference mirror gives the case named `name`. */
export function caseTransactionId(name: string): string {
  return caseTransaction(
    CASES.findIndex((c) => c.name === name),
    name,
  ).transactionId;
}

/** The sample workspace's contracts/Guarded.sol. */
export const guardedSol = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'contracts/Guarded.sol');

/** Resolves with the next stack frame VS Code focuses (what the Call Stack view selects after a stop or a move). */
export function nextStop(): Promise<vscode.DebugStackFrame> {
  return new Promise((resolve) => {
    const sub = vscode.debug.onDidChangeActiveStackItem((item) => {
      if (item instanceof vscode.DebugStackFrame) {
        sub.dispose();
        resolve(item);
      }
    });
  });
}

/** Starts a `ledger-mirror` launch configuration in the workspace, as F5 does. */
export function launch(name: string, attributes: Record<string, unknown>): Thenable<boolean> {
  return vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], {
    type: 'ledger-mirror',
    request: 'launch',
    name,
    ...attributes,
  });
}
