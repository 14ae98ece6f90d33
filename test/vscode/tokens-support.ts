// Shared by the Tokens and network suites: the activated extension's API, tree helpers, and a loopback server that
// records which paths were requested (to prove where requests go, and that invalid input sends none).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { LedgerMirrorApi } from '../../src/extension/extension';
import type { Parsed } from '../../src/core/ids';
import type { TokenRoot, TokenTreeNode } from '../../src/extension/tokens/tree';

export const EXTENSION_ID = 'ledger-mirror.ledger-mirror';

export async function activate(): Promise<LedgerMirrorApi> {
  const extension = vscode.extensions.getExtension<LedgerMirrorApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  return extension.activate();
}

export async function showToken(id: string): Promise<Parsed<TokenRoot>> {
  return (await vscode.commands.executeCommand('ledgerMirror.showToken', id)) as Parsed<TokenRoot>;
}

/** Label of a tree item as a string (labels may also be TreeItemLabel objects). */
export function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/** The child of `node` whose label is `label`, with its TreeItem. */
export function child(api: LedgerMirrorApi, node: TokenTreeNode, label: string): { node: TokenTreeNode; item: vscode.TreeItem } {
  for (const c of api.tokensTree.getChildren(node)) {
    const item = api.tokensTree.getTreeItem(c);
    if (labelOf(item) === label) return { node: c, item };
  }
  const labels = api.tokensTree.getChildren(node).map((c) => labelOf(api.tokensTree.getTreeItem(c)));
  throw new Error(`no child "${label}"; children are ${JSON.stringify(labels)}`);
}

export async function removeAll(api: LedgerMirrorApi): Promise<void> {
  for (const root of api.tokensTree.roots()) await vscode.commands.executeCommand('ledgerMirror.tokens.remove', root);
}

export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function settled(root: TokenRoot): boolean {
  return root.state.status !== 'loading';
}

export interface RecordingServer {
  url: string;
  paths: string[];
  close(): Promise<void>;
}

/** The Contracts view's read of a contract's results list (src/extension/contracts). */
const CONTRACTS_VIEW_READ = /^\/api\/v1\/contracts\/[^/]+\/results\?/;

/**
 * Records each request's path and answers like a mirror that has no such token (404 `Not found`), or with
 * `stall`, never answers at all.
 */

export async function startRecordingServer(options: { stall?: boolean } = {}): Promise<RecordingServer> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    // The Contracts view reads its contracts' recent results again whenever the mirror changes (as these tests change
    // it): those reads are the view's, not the action's under test, so they are answered but not counted.
    if (!CONTRACTS_VIEW_READ.test(req.url ?? '')) paths.push(req.url ?? '');
    if (options.stall) return;
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ _status: { messages: [{ message: 'Not found' }] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Sets a workspace setting for the duration of `body`, then puts the previous value back. */
export async function withSetting<T>(key: string, value: unknown, body: () => Promise<T>): Promise<T> {
  const config = vscode.workspace.getConfiguration('ledgerMirror');
  const previous = config.inspect(key)?.workspaceValue;
  await config.update(key, value, vscode.ConfigurationTarget.Workspace);
  try {
    return await body();
  } finally {
    await vscode.workspace.getConfiguration('ledgerMirror').update(key, previous, vscode.ConfigurationTarget.Workspace);
  }
}
