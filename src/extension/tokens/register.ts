// The Tokens view and its commands.
import * as vscode from 'vscode';
import { parseTimestampFilter, parseTokenId, type Parsed } from '../../core/ids';
import type { Endpoints } from '../../core/networks';
import type { Services } from '../services';
import type { Pin } from './pins';
import { PinStore } from './pins';
import { registerTokenCompare } from './compare';
import { askTimestampFilter, askTokenId } from './prompts';
import { copyText, TokenRoot, TokensTreeProvider, type TokenTreeNode } from './tree';
import { safeText } from '../../core/safe-text';

export const TOKENS_VIEW = 'ledgerMirror.tokens';

/** HashScan's page for a token, or undefined on networks HashScan does not index (local, custom). */
export function hashscanUrl(endpoints: Endpoints, tokenId: string): string | undefined {
  return endpoints.hashscan && `https://hashscan.io/${endpoints.hashscan}/token/${tokenId}`;
}

const isNode = (v: unknown): v is TokenTreeNode =>
  v instanceof TokenRoot || (typeof v === 'object' && v !== null && ['group', 'value'].includes((v as { kind?: unknown }).kind as string));

function rootOf(node: TokenTreeNode): TokenRoot {
  if (node.kind === 'token') return node;
  if (node.kind === 'group') return node.root;
  return rootOf(node.parent);
}

/** Item commands act on the tree item they were invoked on; without one (a keybinding, say) there is nothing to do. */
function requireRoot(node: unknown, action: string): TokenRoot {
  if (!isNode(node)) throw new Error(`${action} works on a token in the Tokens view: use the icon next to the token.`);
  return rootOf(node);
}

export function registerTokens(context: vscode.ExtensionContext, services: Services): TokensTreeProvider {
  const tree = new TokensTreeProvider(services, new PinStore(context.workspaceState));
  const view = vscode.window.createTreeView(TOKENS_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  context.subscriptions.push(tree, view);

  const describeNetwork = () => (view.description = services.config().network);
  describeNetwork();
  context.subscriptions.push(
    services.onDidChangeEndpoints(() => {
      describeNetwork();
      void tree.reloadAll();
    }),
  );

  const reveal = async (root: TokenRoot) => {
    try {
      await view.reveal(root, { select: true, focus: false, expand: true });
    } catch (err) {
      // The view may be closed or the node already replaced; the token is pinned either way.
      services.log.debug(`Could not reveal ${root.key}: ${String(err)}`);
    }
  };

  /** Pins, shows the loading node, waits for the answer (or the error node) and reveals the result. */
  const pinAndShow = async (pin: Pin): Promise<Parsed<TokenRoot>> => {
    const root = tree.add(pin);
    void reveal(root);
    await root.loaded;
    await reveal(root);
    return { ok: true, value: root };
  };

  const rejectInput = (message: string): Parsed<TokenRoot> => {
    void vscode.window.showErrorMessage(safeText(message));
    return { ok: false, message };
  };

  services.registerCommand('ledgerMirror.showToken', async (given?: unknown) => {
    const input = typeof given === 'string' ? given : await askTokenId();
    if (input === undefined) return undefined;
    const id = parseTokenId(input);
    return id.ok ? pinAndShow({ id: id.value }) : rejectInput(id.message);
  });

  services.registerCommand('ledgerMirror.tokens.showAtTimestamp', async (target?: unknown, given?: unknown) => {
    const id =
      typeof target === 'string' ? parseTokenId(target) : { ok: true as const, value: requireRoot(target, 'Show at Timestamp').pin.id };
    if (!id.ok) return rejectInput(id.message);
    const title = target instanceof TokenRoot && target.state.status === 'loaded' ? target.title : id.value;
    const input = typeof given === 'string' ? given : await askTimestampFilter(title);
    if (input === undefined) return undefined;
    const filter = parseTimestampFilter(input);
    if (!filter.ok) return rejectInput(filter.message);
    return pinAndShow({ id: id.value, timestamp: `${filter.value.op}:${filter.value.timestamp}` });
  });

  const compare = registerTokenCompare(context, services);
  services.registerCommand('ledgerMirror.tokens.compareWithTimestamp', (node?: unknown, given?: unknown) =>
    compare(requireRoot(node, 'Compare with Timestamp'), given),
  );

  services.registerCommand('ledgerMirror.tokens.refresh', async (node?: unknown) => {
    await (isNode(node) ? tree.reload(rootOf(node)) : tree.reloadAll());
  });

  services.registerCommand('ledgerMirror.tokens.remove', (node?: unknown) => tree.remove(requireRoot(node, 'Remove')));

  services.registerCommand('ledgerMirror.tokens.copyValue', async (node?: unknown) => {
    if (!isNode(node) || node.kind !== 'value') throw new Error('Copy Value works on a value in the Tokens view.');
    const text = copyText(node);
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(`Copied ${node.item.label}`, 3000);
    return text;
  });

  services.registerCommand('ledgerMirror.tokens.openInExplorer', async (node?: unknown) => {
    const root = requireRoot(node, 'Open in HashScan');
    const endpoints = services.endpoints();
    if (!endpoints.ok) throw new Error(endpoints.message);
    const id = root.state.status === 'loaded' ? root.state.token.token_id : root.pin.id;
    const url = hashscanUrl(endpoints.value, id);
    if (!url) throw new Error(`HashScan has no pages for the ${endpoints.value.network} network.`);
    await vscode.env.openExternal(vscode.Uri.parse(url));
    return url;
  });

  return tree;
}
