// The Tokens tree: one root per pinned token (current or at a timestamp), each loading, loaded or failed. Loaded
// roots show the sections of core/token-view; this file only maps them onto TreeItems, as plain text.
import * as vscode from 'vscode';
import { formatServerMessages } from '../../core/error-body';
import { ApiError } from '../../core/errors';
import { parseTimestampFilter } from '../../core/ids';
import { safeLine, safeText } from '../../core/safe-text';
import type { Token } from '../../core/token';
import { describeToken, tokenTitle, type TokenItem, type TokenSection } from '../../core/token-view';
import { userMessage } from '../commands';
import type { Services } from '../services';
import { pinKey, type Pin, type PinStore } from './pins';

export type TokenState =
  { status: 'loading' } | { status: 'loaded'; token: Token; groups: GroupNode[] } | { status: 'error'; error: unknown };

export class TokenRoot {
  readonly kind = 'token';
  state: TokenState = { status: 'loading' };
  /** Aborts this root's request in flight; replaced by each load so a stale answer is never shown. */
  controller?: AbortController;
  /** Settles when the current load has finished, whatever its outcome. */
  loaded: Promise<void> = Promise.resolve();

  constructor(readonly pin: Pin) {}

  get key(): string {
    return pinKey(this.pin);
  }

  /** `SYMBOL 0.0.x — name` once loaded, else the id; historical roots add ` @ lte:…` after the id. */
  get title(): string {
    if (this.state.status === 'loaded') return tokenTitle(this.state.token, this.pin.timestamp);
    return this.pin.timestamp ? `${this.pin.id} @ ${this.pin.timestamp}` : this.pin.id;
  }
}

export interface GroupNode {
  readonly kind: 'group';
  readonly id: string;
  readonly root: TokenRoot;
  readonly section: TokenSection;
  readonly children: ValueNode[];
}

export interface ValueNode {
  readonly kind: 'value';
  readonly id: string;
  readonly parent: GroupNode | ValueNode;
  readonly section: TokenSection['id'];
  readonly item: TokenItem;
  readonly children: ValueNode[];
}

export type TokenTreeNode = TokenRoot | GroupNode | ValueNode;

// Sections open by default: what a user looks up a token for first.
const EXPANDED_SECTIONS: ReadonlySet<TokenSection['id']> = new Set(['overview', 'keys']);
const SECTION_ICONS: Record<TokenSection['id'], string> = {
  overview: 'info',
  keys: 'key',
  fees: 'tag',
  timestamps: 'calendar',
  metadata: 'file-binary',
  autoRenew: 'sync',
};

function valueNodes(parent: GroupNode | ValueNode, items: TokenItem[]): ValueNode[] {
  return items.map((item, i) => {
    const node: ValueNode = {
      kind: 'value',
      id: `${parent.id}/${i}`,
      parent,
      section: parent.kind === 'group' ? parent.section.id : parent.section,
      item,
      children: [],
    };
    node.children.push(...valueNodes(node, item.children ?? []));
    return node;
  });
}

function groupNodes(root: TokenRoot, token: Token): GroupNode[] {
  return describeToken(token).map((section) => {
    const group: GroupNode = { kind: 'group', id: `token:${root.key}/${section.id}`, root, section, children: [] };
    group.children.push(...valueNodes(group, section.items));
    return group;
  });
}

/** What the error node says (one line, escaped): the server's own messages when it sent some, else the client's description. */
export function errorSummary(err: unknown): string {
  return safeLine(err instanceof ApiError && err.messages.length ? formatServerMessages(err.messages) : userMessage(err));
}

/** Text Copy Value puts on the clipboard: keys are shown shortened, so their full form (the tooltip) is copied. */
export function copyText(node: ValueNode): string {
  return node.section === 'keys' && node.item.tooltip ? node.item.tooltip : node.item.value;
}

export class TokensTreeProvider implements vscode.TreeDataProvider<TokenTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TokenTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly rootsByKey = new Map<string, TokenRoot>();

  constructor(
    private readonly services: Services,
    private readonly store: PinStore,
  ) {
    for (const pin of store.load()) this.rootsByKey.set(pinKey(pin), new TokenRoot(pin));
  }

  roots(): TokenRoot[] {
    return [...this.rootsByKey.values()];
  }

  find(pin: Pin): TokenRoot | undefined {
    return this.rootsByKey.get(pinKey(pin));
  }

  /** Pins the token (once) and starts loading it unless it is already loaded. */
  add(pin: Pin): TokenRoot {
    let root = this.find(pin);
    if (!root) {
      root = new TokenRoot(pin);
      this.rootsByKey.set(root.key, root);
      void this.persist();
      void this.reload(root);
    } else if (root.state.status === 'error') {
      void this.reload(root);
    }
    return root;
  }

  remove(root: TokenRoot): void {
    cancel(root);
    if (this.rootsByKey.delete(root.key)) {
      void this.persist();
      this.changed.fire(undefined);
    }
  }

  /** Loads (again) one root; a load already in flight for it is cancelled first. */
  reload(root: TokenRoot): Promise<void> {
    cancel(root);
    const controller = new AbortController();
    root.controller = controller;
    root.state = { status: 'loading' };
    this.changed.fire(undefined);
    root.loaded = this.fetch(root, controller);
    return root.loaded;
  }

  reloadAll(): Promise<void> {
    return Promise.all(this.roots().map((root) => this.reload(root))).then(() => undefined);
  }

  private async fetch(root: TokenRoot, controller: AbortController): Promise<void> {
    let state: TokenState;
    try {
      const timestamp = root.pin.timestamp ? parseTimestampFilter(root.pin.timestamp) : undefined;
      const { token } = await this.services.mirror().token(root.pin.id, {
        timestamp: timestamp?.ok ? timestamp.value.query : undefined,
        signal: controller.signal,
      });
      state = { status: 'loaded', token, groups: groupNodes(root, token) };
    } catch (err) {
      state = { status: 'error', error: err };
      if (root.controller === controller) this.services.log.warn(`Token ${root.key}: ${userMessage(err)}`);
    }
    // A newer load (or a removal) owns the root now: this answer is stale.
    if (root.controller !== controller || !this.rootsByKey.has(root.key)) return;
    root.controller = undefined;
    root.state = state;
    this.changed.fire(undefined);
  }

  getChildren(node?: TokenTreeNode): TokenTreeNode[] {
    if (!node) {
      // Roots restored from workspaceState load on first display, not at activation.
      for (const root of this.rootsByKey.values()) if (root.state.status === 'loading' && !root.controller) void this.reload(root);
      return this.roots();
    }
    if (node.kind === 'token') return node.state.status === 'loaded' ? node.state.groups : [];
    return node.children;
  }

  getParent(node: TokenTreeNode): TokenTreeNode | undefined {
    if (node.kind === 'token') return undefined;
    if (node.kind === 'group') return node.root;
    return node.parent;
  }

  getTreeItem(node: TokenTreeNode): vscode.TreeItem {
    if (node.kind === 'token') return rootItem(node);
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(
        node.section.label,
        EXPANDED_SECTIONS.has(node.section.id) ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
      );
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon(SECTION_ICONS[node.section.id]);
      item.contextValue = 'tokenGroup';
      return item;
    }
    const { item: value } = node;
    const item = new vscode.TreeItem(
      value.label,
      node.children.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = node.id;
    item.description = value.value;
    item.tooltip = value.tooltip ? `${value.label}: ${value.value}\n${value.tooltip}` : `${value.label}: ${value.value}`;
    if (value.icon) item.iconPath = new vscode.ThemeIcon(value.icon);
    item.contextValue = 'tokenValue';
    return item;
  }

  private persist(): Thenable<void> {
    return this.store.save(this.roots().map((r) => r.pin));
  }

  dispose(): void {
    for (const root of this.rootsByKey.values()) cancel(root);
    this.changed.dispose();
  }
}

/** Aborts the root's request in flight; its answer (a cancellation error) is then ignored as stale. */
function cancel(root: TokenRoot): void {
  root.controller?.abort();
  root.controller = undefined;
}

function rootItem(root: TokenRoot): vscode.TreeItem {
  const state = root.state;
  const historical = root.pin.timestamp !== undefined;
  switch (state.status) {
    case 'loading': {
      const item = new vscode.TreeItem(root.title, vscode.TreeItemCollapsibleState.None);
      item.id = `token:${root.key}:loading`;
      item.description = 'Loading…';
      item.iconPath = new vscode.ThemeIcon('loading~spin');
      item.contextValue = 'tokenLoading';
      return item;
    }
    case 'error': {
      const item = new vscode.TreeItem(root.title, vscode.TreeItemCollapsibleState.None);
      item.id = `token:${root.key}:error`;
      item.description = errorSummary(state.error);
      item.tooltip = `${safeText(userMessage(state.error))}\nClick to retry.`;
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
      item.contextValue = 'tokenError';
      item.command = { command: 'ledgerMirror.tokens.refresh', title: 'Retry', arguments: [root] };
      return item;
    }
    case 'loaded': {
      const item = new vscode.TreeItem(root.title, vscode.TreeItemCollapsibleState.Expanded);
      const nft = state.token.type === 'NON_FUNGIBLE_UNIQUE';
      item.id = `token:${root.key}`;
      item.description = historical ? 'historical' : nft ? 'NFT' : 'fungible';
      item.tooltip = `${root.title}\n${state.token.type}${historical ? `\nState at timestamp ${root.pin.timestamp}` : ''}`;
      item.iconPath = new vscode.ThemeIcon(historical ? 'history' : nft ? 'file-media' : 'layers');
      item.contextValue = historical ? 'tokenHistorical' : 'token';
      return item;
    }
  }
}
