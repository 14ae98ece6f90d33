// The Problems-panel side of verification: planned diagnostics (core/verify/diagnostics-plan) kept per contract, so a
// later run replaces exactly that contract's problems, plus the quick fixes offered on them.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { PlannedDiagnostic } from '../../core/verify/diagnostics-plan';
import { safeText } from '../../core/safe-text';

export const DIAGNOSTIC_SOURCE = 'Ledger Mirror verification';
export const COPY_KECCAK_COMMAND = 'ledgerMirror.verify.copyKeccak';

const toRange = (r: PlannedDiagnostic['range']) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

function toDiagnostic(p: PlannedDiagnostic): vscode.Diagnostic {
  const d = new vscode.Diagnostic(
    toRange(p.range),
    safeText(p.message),
    p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
  );
  d.source = DIAGNOSTIC_SOURCE;
  d.code = p.kind;
  return d;
}

export class VerificationDiagnostics implements vscode.CodeActionProvider, vscode.Disposable {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];
  readonly collection = vscode.languages.createDiagnosticCollection('ledgerMirror.verify');
  private readonly byContract = new Map<string, PlannedDiagnostic[]>();

  /** Replaces one contract's diagnostics (an empty list clears them). */
  setContract(key: string, plans: PlannedDiagnostic[]): void {
    if (plans.length === 0) this.byContract.delete(key);
    else this.byContract.set(key, plans);
    this.render();
  }

  clear(): void {
    this.byContract.clear();
    this.render();
  }

  private planned(): PlannedDiagnostic[] {
    return [...this.byContract.values()].flat();
  }

  private render(): void {
    const byFile = new Map<string, PlannedDiagnostic[]>();
    for (const p of this.planned()) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
    this.collection.clear();
    for (const [file, plans] of byFile) this.collection.set(vscode.Uri.file(file), plans.map(toDiagnostic));
  }

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const here = this.planned().filter((p) => p.file === document.uri.fsPath);
    return context.diagnostics
      .filter((d) => d.source === DIAGNOSTIC_SOURCE)
      .flatMap((d) => {
        const plan = here.find((p) => p.message === d.message && p.range.start.line === d.range.start.line);
        if (!plan) return [];
        const actions: vscode.CodeAction[] = [];
        if (plan.openFile && plan.openFile !== document.uri.fsPath) {
          const open = new vscode.CodeAction(`Open ${basename(plan.openFile)}`, vscode.CodeActionKind.QuickFix);
          open.command = { command: 'vscode.open', title: open.title, arguments: [vscode.Uri.file(plan.openFile)] };
          open.diagnostics = [d];
          actions.push(open);
        }
        if (plan.expectedKeccak256) {
          const copy = new vscode.CodeAction(
            `Copy the deployed keccak256 of ${basename(plan.sourcePath ?? 'the source')}`,
            vscode.CodeActionKind.QuickFix,
          );
          copy.command = { command: COPY_KECCAK_COMMAND, title: copy.title, arguments: [plan.expectedKeccak256] };
          copy.diagnostics = [d];
          actions.push(copy);
        }
        return actions;
      });
  }

  dispose(): void {
    this.collection.dispose();
  }
}
