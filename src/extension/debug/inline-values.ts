// Inline values for Solidity while the ledger-mirror debugger is stopped: VS Code writes each variable's value after
// its line, looked up by name in the frame's scopes (Arguments, Storage, Globals, and whatever scopes the adapter
// adds); names no scope holds show nothing.
import * as vscode from 'vscode';
import { DEBUG_TYPE } from '../../debug/adapter';
import { inlineNames } from '../../debug/inline-names';

/** How far above the stop the function's header is looked for. */
const MAX_LOOKBACK = 400;
const HEADER = /^\s*(function|modifier|constructor|fallback|receive)\b/;

export class SolidityInlineValues implements vscode.InlineValuesProvider {
  provideInlineValues(document: vscode.TextDocument, _viewPort: vscode.Range, context: vscode.InlineValueContext): vscode.InlineValue[] {
    if (vscode.debug.activeDebugSession?.type !== DEBUG_TYPE) return [];
    const to = context.stoppedLocation.start.line;
    let from = to;
    while (from > 0 && to - from < MAX_LOOKBACK && !HEADER.test(document.lineAt(from).text)) from--;
    const lines = Array.from({ length: to - from + 1 }, (_, i) => document.lineAt(from + i).text);
    return inlineNames(lines, 0, lines.length - 1).map(
      (n) => new vscode.InlineValueVariableLookup(new vscode.Range(from + n.line, n.start, from + n.line, n.end), n.name, true),
    );
  }
}

export function registerInlineValues(): vscode.Disposable {
  return vscode.languages.registerInlineValuesProvider({ language: 'solidity' }, new SolidityInlineValues());
}
