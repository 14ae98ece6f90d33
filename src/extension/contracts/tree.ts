// The Contracts tree: the workspace's deployed contracts grouped by network (as verification discovers them) and the
// contracts the user pinned, each with its recent results from the mirror, newest first, one "Load more" at a time.
// A failed row stands out (error icon and colour) and names its error; a contract whose results cannot be read shows
// why under it, and every other contract keeps what it has. Rows are drawn from core/results: this file only maps
// them onto TreeItems, as plain text.
import * as vscode from 'vscode';
import type { DeploymentRecord } from '../../core/deployments/record';
import { safeUrl } from '../../core/http';
import { entityOfAddress } from '../../core/ids';
import { MirrorClient } from '../../core/mirror/client';
import type { AbiRegistry } from '../../core/names/registry';
import type { Endpoints } from '../../core/networks';
import { DEFAULT_PAGE_ROWS, type ContractResultRow } from '../../core/results/results-page';
import { describeRow, relativeTime, rowOutcome, type ResultRowView } from '../../core/results/result-rows';
import { ResultsWalk } from '../../core/results/results-walk';
import { safeLine } from '../../core/safe-text';
import { userMessage } from '../commands';
import type { Services } from '../services';

/** Chain ids of the named networks, for a group's label. */
const CHAIN_NAMES: Record<number, string> = { 295: 'mainnet', 296: 'testnet', 297: 'previewnet', 298: 'local / custom' };

export type ContractOrigin = 'deployed' | 'pinned';

export class ContractNode {
  readonly kind = 'contract';
  rows: ResultRowView[] = [];
  walk: ResultsWalk | undefined;
  error: string | undefined;
  loading: Promise<void> | undefined;
  controller: AbortController | undefined;
  /** The verification server was asked for this contract's ABI (once per reload). */
  askedVerified = false;

  constructor(
    /** `s.r.n` or an EVM address, as recorded or pinned. */
    readonly ref: string,
    readonly origin: ContractOrigin,
    readonly group: GroupNode,
    readonly record?: DeploymentRecord,
  ) {}

  get id(): string {
    return `${this.group.id}/${this.ref.toLowerCase()}`;
  }
}

export interface GroupNode {
  readonly kind: 'group';
  readonly id: string;
  readonly label: string;
  /** False for a chain the selected network's mirror does not serve: its contracts are listed without results. */
  readonly readable: boolean;
  contracts: ContractNode[];
}

export interface RowNode {
  readonly kind: 'row';
  readonly contract: ContractNode;
  readonly row: ResultRowView;
}

export interface MoreNode {
  readonly kind: 'more';
  readonly contract: ContractNode;
}

export interface MessageNode {
  readonly kind: 'message';
  readonly id: string;
  readonly text: string;
  readonly icon: string;
  readonly tooltip?: string;
}

export type ContractsTreeNode = GroupNode | ContractNode | RowNode | MoreNode | MessageNode;

export interface ContractSources {
  /** Deployment records of the workspace, as verification discovers them. */
  deployments(): Promise<DeploymentRecord[]>;
  /** Pinned contract refs. */
  pins(): string[];
  /** The ABIs that name functions and errors (the workspace's build output). */
  abis(): Promise<AbiRegistry>;
  /**
   * Adds the verified contract's ABI at `address` to `abis`, when the settings allow asking the verification server;
   * true when it added one. Asked only for a contract some of whose rows the workspace's ABIs do not name.
   */
  verifiedAbi?(address: string, abis: AbiRegistry): Promise<boolean>;
}

const FAILED_ICON = new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
const PASSED_ICON = new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));

export class ContractsTreeProvider implements vscode.TreeDataProvider<ContractsTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ContractsTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private groups: GroupNode[] = [];
  private abis: Promise<AbiRegistry> | undefined;
  /** Settles when the last `reload` finished building the groups. */
  ready: Promise<void> = Promise.resolve();
  failedOnly = false;

  constructor(
    private readonly services: Services,
    private readonly sources: ContractSources,
    private readonly now: () => number = Date.now,
  ) {}

  dispose(): void {
    for (const c of this.contracts()) c.controller?.abort();
    this.changed.dispose();
  }

  contracts(): ContractNode[] {
    return this.groups.flatMap((g) => g.contracts);
  }

  /** Rebuilds the groups (deployments and pins read again) and reloads every readable contract's first page. */
  reload(): Promise<void> {
    this.ready = this.rebuild();
    return this.ready;
  }

  private async rebuild(): Promise<void> {
    for (const c of this.contracts()) c.controller?.abort();
    this.abis = this.sources.abis();
    const endpoints = this.services.endpoints();
    const chainId = endpoints.ok ? endpoints.value.chainId : undefined;
    const records = await this.sources.deployments().catch((err: unknown) => {
      this.services.log.warn(safeLine(`Contracts: the deployments could not be read: ${userMessage(err)}`));
      return [];
    });
    const byChain = new Map<number | undefined, DeploymentRecord[]>();
    for (const r of records) byChain.set(r.chainId ?? chainId, [...(byChain.get(r.chainId ?? chainId) ?? []), r]);
    const groups: GroupNode[] = [];
    for (const [chain, list] of [...byChain].sort(([a], [b]) => (a === chainId ? -1 : b === chainId ? 1 : (a ?? 0) - (b ?? 0)))) {
      const group: GroupNode = {
        kind: 'group',
        id: `chain-${chain ?? 'unknown'}`,
        label: `Deployed on ${chain === undefined ? 'an unknown chain' : `${CHAIN_NAMES[chain] ?? 'chain'} (chain ${chain})`}`,
        readable: chain !== undefined && chain === chainId,
        contracts: [],
      };
      group.contracts = list.map((r) => new ContractNode(r.address, 'deployed', group, r));
      groups.push(group);
    }
    const pins = this.sources.pins();
    if (pins.length > 0) {
      const group: GroupNode = { kind: 'group', id: 'pinned', label: 'Pinned', readable: endpoints.ok, contracts: [] };
      group.contracts = pins.map((ref) => new ContractNode(ref, 'pinned', group));
      groups.push(group);
    }
    this.groups = groups;
    this.changed.fire(undefined);
    await Promise.all(
      this.contracts()
        .filter((c) => c.group.readable)
        .map((c) => this.load(c, true)),
    );
  }

  /** The first page again (`fresh`) or the next one; a failure is kept on the node, the rows loaded so far stay. */
  load(contract: ContractNode, fresh = false): Promise<void> {
    const endpoints = this.services.endpoints();
    if (!endpoints.ok) {
      contract.error = endpoints.message;
      this.changed.fire(contract);
      return Promise.resolve();
    }
    if (fresh) {
      contract.controller?.abort();
      contract.walk = new ResultsWalk(new MirrorClient(endpoints.value, this.services.http()), contract.ref, {
        pageSize: DEFAULT_PAGE_ROWS,
      });
    } else if (contract.loading) return contract.loading;
    const walk = contract.walk ?? (contract.walk = new ResultsWalk(new MirrorClient(endpoints.value, this.services.http()), contract.ref));
    const controller = (contract.controller = new AbortController());
    contract.loading = (async () => {
      try {
        const [page, abis] = await Promise.all([walk.more(controller.signal), this.abis ?? (this.abis = this.sources.abis())]);
        if (controller.signal.aborted || walk !== contract.walk) return;
        await this.addVerifiedAbi(contract, page, abis);
        const views = page.map((row) => describeRow(abis, row, contract.record?.name));
        contract.rows = fresh ? views : [...contract.rows, ...views];
        contract.error = undefined;
      } catch (err) {
        if (controller.signal.aborted || walk !== contract.walk) return;
        contract.error = safeLine(userMessage(err));
        this.services.log.warn(safeLine(`Contracts: results of ${contract.ref}: ${userMessage(err)}`));
      } finally {
        if (contract.controller === controller) contract.loading = undefined;
        this.changed.fire(contract);
      }
    })();
    return contract.loading;
  }

  /** Verified sources name what the build output does not: asked once per contract, by the address its rows name. */
  private async addVerifiedAbi(contract: ContractNode, page: readonly ContractResultRow[], abis: AbiRegistry): Promise<void> {
    const unnamed = page.find((r) => {
      const input = r.function_parameters ?? '';
      return input.length >= 10 && !abis.findFunction(input.slice(0, 10));
    });
    const address = unnamed?.address ?? unnamed?.to;
    if (contract.askedVerified || !address || !this.sources.verifiedAbi) return;
    contract.askedVerified = true;
    await this.sources.verifiedAbi(address, abis).catch((err: unknown) => {
      this.services.log.warn(safeLine(`Contracts: the verified ABI of ${address} could not be read: ${userMessage(err)}`));
    });
  }

  setFailedOnly(value: boolean): void {
    this.failedOnly = value;
    for (const c of this.contracts()) this.changed.fire(c);
  }

  getParent(node: ContractsTreeNode): ContractsTreeNode | undefined {
    if (node.kind === 'contract') return node.group;
    if (node.kind === 'row' || node.kind === 'more') return node.contract;
    return undefined;
  }

  getChildren(node?: ContractsTreeNode): ContractsTreeNode[] {
    if (!node) return this.groups;
    if (node.kind === 'group') return node.contracts;
    if (node.kind !== 'contract') return [];
    const children: ContractsTreeNode[] = [];
    if (!node.group.readable) {
      const selected = this.services.endpoints();
      children.push({
        kind: 'message',
        id: `${node.id}/other-network`,
        icon: 'info',
        text: `Recorded on another chain than ${selected.ok ? `${selected.value.network} (chain ${selected.value.chainId})` : 'the selected network'}: select its network to see its results`,
      });
      return children;
    }
    const rows = this.failedOnly ? node.rows.filter((r) => r.failed) : node.rows;
    children.push(...rows.map((row): RowNode => ({ kind: 'row', contract: node, row })));
    if (node.error !== undefined)
      children.push({ kind: 'message', id: `${node.id}/error`, icon: 'warning', text: node.error, tooltip: node.error });
    else if (node.rows.length === 0 && !node.loading && node.walk)
      children.push({ kind: 'message', id: `${node.id}/empty`, icon: 'info', text: 'No results on this mirror' });
    else if (rows.length === 0 && this.failedOnly && !node.loading && node.rows.length > 0)
      children.push({
        kind: 'message',
        id: `${node.id}/none-failed`,
        icon: 'pass',
        text: `No failures among the ${node.rows.length} loaded`,
      });
    // After a failed first page there is nothing to continue from: Refresh tries again.
    if (node.walk?.hasMore && (node.error === undefined || node.rows.length > 0)) children.push({ kind: 'more', contract: node });
    else if (node.walk?.exhausted)
      children.push({
        kind: 'message',
        id: `${node.id}/exhausted`,
        icon: 'info',
        text: 'The mirror has more: open the contract in HashScan',
      });
    return children;
  }

  getTreeItem(node: ContractsTreeNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
        item.id = node.id;
        item.contextValue = 'ledgerMirror.contractGroup';
        return item;
      }
      case 'contract':
        return this.contractItem(node);
      case 'row':
        return this.rowItem(node);
      case 'more': {
        const item = new vscode.TreeItem(node.contract.loading ? 'Loading…' : 'Load more', vscode.TreeItemCollapsibleState.None);
        item.id = `${node.contract.id}/more`;
        item.iconPath = new vscode.ThemeIcon(node.contract.loading ? 'loading~spin' : 'ellipsis');
        item.command = { command: 'ledgerMirror.contracts.loadMore', title: 'Load more', arguments: [node] };
        item.contextValue = 'ledgerMirror.contractMore';
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon(node.icon);
        if (node.tooltip) item.tooltip = node.tooltip;
        return item;
      }
    }
  }

  private contractItem(node: ContractNode): vscode.TreeItem {
    const name = node.record?.name;
    const item = new vscode.TreeItem(safeLine(name ?? node.ref), vscode.TreeItemCollapsibleState.Expanded);
    item.id = node.id;
    const failed = node.rows.filter((r) => r.failed).length;
    const counts = node.rows.length ? `${failed} failed of ${node.rows.length}` : node.loading ? 'loading…' : '';
    // A long-zero address reads as its 0.0.x id.
    item.description = [name ? (entityOfAddress(node.ref) ?? node.ref) : undefined, counts].filter(Boolean).join(' · ');
    item.iconPath = node.error !== undefined ? new vscode.ThemeIcon('warning') : failed ? FAILED_ICON : new vscode.ThemeIcon('file-code');
    item.contextValue = `ledgerMirror.contract.${node.origin}`;
    item.tooltip = [
      safeLine(name ?? node.ref),
      node.ref,
      node.record ? `recorded by ${node.record.origin}${node.record.file ? ` in ${node.record.file}` : ''}` : 'pinned',
    ].join('\n');
    return item;
  }

  private rowItem(node: RowNode): vscode.TreeItem {
    const { row } = node;
    const item = new vscode.TreeItem(safeLine(row.functionName ?? '(no calldata)'), vscode.TreeItemCollapsibleState.None);
    item.id = `${node.contract.id}/${row.timestamp}`;
    item.iconPath = row.failed ? FAILED_ICON : PASSED_ICON;
    item.description = [
      row.failed ? rowOutcome(row) : undefined,
      relativeTime(row.timestamp, this.now()),
      `gas ${row.gasUsed ?? 'unavailable'}`,
      row.caller ?? undefined,
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = [
      `${row.signature ?? row.functionName ?? '(no calldata)'}: ${row.failed ? `failed: ${rowOutcome(row)}` : 'success'}`,
      `consensus timestamp ${row.timestamp} (${row.time})`,
      `gas used ${row.gasUsed ?? 'unavailable'} of ${row.gasLimit ?? 'unavailable'}`,
      `from ${row.from ?? 'unavailable'}${row.caller && row.caller !== row.from ? ` (${row.caller})` : ''}`,
      `hash ${row.hash}`,
    ].join('\n');
    item.contextValue = row.failed ? 'ledgerMirror.contractResult.failed' : 'ledgerMirror.contractResult';
    item.command = { command: 'ledgerMirror.contracts.openTrace', title: 'Open Trace', arguments: [node] };
    return item;
  }

  /** The endpoints' description for the view: which network and mirror it reads. */
  static describe(endpoints: Endpoints): string {
    return `${endpoints.network} · ${safeUrl(endpoints.restUrl)
      .replace(/^https?:\/\//, '')
      .replace(/\/$/, '')}`;
  }
}
