// The stepper's HTML shell: CSP first, nothing inline but one nonce'd script tag, every resource from the
// extension's own media/ and dist/webview/ folders.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** The only folders the webview may load from (`localResourceRoots`). */
export function traceResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'webview')];
}

export function traceWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: traceResourceRoots(extensionUri) };
}

export function traceHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  const nonce = randomBytes(18).toString('base64');
  const uri = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path)).toString();
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${uri('dist', 'webview', 'trace.css')}">
<link rel="stylesheet" href="${uri('media', 'trace.css')}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<div id="app"><p class="empty">Loading trace…</p></div>
<script nonce="${nonce}" src="${uri('dist', 'webview', 'trace.js')}"></script>
</body>
</html>`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
