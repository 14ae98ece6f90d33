// Read-only documents holding a source exactly as it was compiled, shown when the workspace has no such file (a
// package source the build kept) or the file changed since the compile (the map's offsets would land wrongly), and,
// under their own scheme, sources fetched from a verification server (never written into the workspace).
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';

export const COMPILED_SCHEME = 'ledger-mirror-compiled';
export const VERIFIED_SCHEME = 'ledger-mirror-verified';

export class CompiledDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration: vscode.Disposable;

  constructor(private readonly scheme = COMPILED_SCHEME) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(scheme, this);
  }

  /**
   * A URI for `text` under `title` (by default the file's own name, so the editor picks the Solidity language), keyed
   * by content.
   */
  uriFor(sourceName: string, text: string, title?: string): vscode.Uri {
    const key = createHash('sha256').update(text).digest('hex').slice(0, 16);
    this.texts.set(key, text);
    const path = title === undefined ? `/${sourceName}` : `/${sourceName.slice(0, sourceName.lastIndexOf('/') + 1)}${title}`;
    return vscode.Uri.from({ scheme: this.scheme, path: path.startsWith('/') ? path : `/${path}`, query: key });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? '// This compiled source is no longer available. Step the trace again to show it.\n';
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
