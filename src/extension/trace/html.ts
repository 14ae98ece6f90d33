// Webview options and HTML for a stepper panel: scripts on, resources only from the shipped folders.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { renderTraceHtml } from './html-template';

/** The only folders the webview may load from (`localResourceRoots`). */
export function traceResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'webview')];
}

export function traceWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: traceResourceRoots(extensionUri) };
}

export function traceHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  return renderTraceHtml({
    cspSource: webview.cspSource,
    nonce: randomBytes(18).toString('base64'),
    resource: (path) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path.split('/'))).toString(),
    title,
  });
}
