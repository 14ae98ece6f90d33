// Gas per source line as text after each line in the Solidity editors (Toggle Gas per Line): numbers from the profile
// of the trace in front, nothing else, so no workspace byte is ever rendered.
import * as vscode from 'vscode';
import type { GasProfile, SourceLineGas } from '../../core/gas/profile';
import { gasText } from '../../shared/gas-text';

export class GasLineDecorations implements vscode.Disposable {
  private enabled = false;
  private readonly type = vscode.window.createTextEditorDecorationType({
    after: { color: new vscode.ThemeColor('editorCodeLens.foreground'), margin: '0 0 0 2em', fontStyle: 'italic' },
  });
  private readonly disposables: vscode.Disposable[] = [this.type];
  /** Lines of the current profile by workspace file. */
  private byPath = new Map<string, SourceLineGas[]>();
  private total = 0;

  constructor() {
    this.disposables.push(vscode.window.onDidChangeVisibleTextEditors(() => this.render()));
  }

  toggle(): boolean {
    this.enabled = !this.enabled;
    this.render();
    return this.enabled;
  }

  /** The profile whose lines are shown (the trace in front); undefined shows none. */
  show(profile: GasProfile | undefined): void {
    this.byPath = new Map();
    this.total = profile?.total ?? 0;
    for (const line of profile?.lines ?? []) {
      if (!line.path) continue;
      const list = this.byPath.get(line.path) ?? [];
      list.push(line);
      this.byPath.set(line.path, list);
    }
    this.render();
  }

  private render(): void {
    for (const editor of vscode.window.visibleTextEditors) {
      const lines = this.enabled && editor.document.uri.scheme === 'file' ? (this.byPath.get(editor.document.uri.fsPath) ?? []) : [];
      const count = editor.document.lineCount;
      const decorations = lines
        .filter((l) => l.line < count)
        .map((l): vscode.DecorationOptions => {
          const end = editor.document.lineAt(l.line).range.end;
          return { range: new vscode.Range(end, end), renderOptions: { after: { contentText: gasText(l.gas, this.total) } } };
        });
      editor.setDecorations(this.type, decorations);
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
