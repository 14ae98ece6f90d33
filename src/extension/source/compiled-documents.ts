// Read-only documents holding a source exactly as it was compiled, shown when the workspace has no such file (a
// package source the build kept) or the file changed since the compile (the map's offsets would land wrongly).
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';

export const COMPILED_SCHEME = 'ledger-mirror-compiled';

export class CompiledDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(COMPILED_SCHEME, this);

  /** A URI for `text` under the file's own name (so the editor picks the Solidity language), keyed by content. */
  uriFor(sourceName: string, text: string): vscode.Uri {
    const key = createHash('sha256').update(text).digest('hex').slice(0, 16);
    this.texts.set(key, text);
    return vscode.Uri.from({ scheme: COMPILED_SCHEME, path: `/${sourceName}`, query: key });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? '// This compiled source is no longer available. Step the trace again to show it.\n';
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
