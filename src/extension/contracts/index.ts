// The Contracts view and its commands: where a developer starts. Each deployed contract of the workspace (found as
// verification finds them) and each pinned one lists its recent transactions, failed ones marked and named, one
// click from the trace panel and the debugger. Refresh by button, on deployment-file changes, and, when the setting
// asks for it, every N seconds while the view is visible (never faster than MIN_POLL_SECONDS; the HTTP client backs
// off on the mirror's 429 itself).
import * as vscode from 'vscode';
import { discoverDeployments, recordKey } from '../../core/deployments/discover';
import type { DeploymentRecord } from '../../core/deployments/record';
import { safeUrl } from '../../core/http';
import { parseContractRef } from '../../core/results/contract-ref';
import { systemClock, type Clock } from '../../core/clock';
import { safeText } from '../../core/safe-text';
import { DEBUG_TYPE } from '../../debug/adapter';
import type { Services } from '../services';
import type { TraceSourcing } from '../source/trace-sourcing';
import { WorkspaceNames } from '../trace/names';
import { VERIFY_SECTION } from '../verify/settings';
import { ContractPins } from './pins';
import { ContractNode, ContractsTreeProvider, type ContractsTreeNode, type MoreNode, type RowNode } from './tree';

export const CONTRACTS_VIEW = 'ledgerMirror.contracts';
const POLL_SETTING = 'ledgerMirror.contracts.refreshSeconds';
/** Polling faster than this would only spend the mirror's rate limit. */
export const MIN_POLL_SECONDS = 10;
const FAILED_ONLY_CONTEXT = 'ledgerMirror.contracts.failedOnly';
/** Deployment files changing in bursts (a deploy script writes several) reload the view once. */
const RELOAD_DEBOUNCE_MS = 500;
const RECORD_GLOB = '**/{deployments/*/*.json,deployments/*/.chainId,ignition/deployments/**/*.{json,jsonl},broadcast/**/*.json}';

const isRow = (v: unknown): v is RowNode => typeof v === 'object' && v !== null && (v as RowNode).kind === 'row';

function requireRow(node: unknown, action: string): RowNode {
  if (!isRow(node)) throw new Error(`${action} works on a transaction in the Contracts view: use the icon next to it.`);
  return node;
}

/** Every deployment the workspace folders record, with the verify setting's entries, first one of a chain and address kept. */
async function workspaceDeployments(): Promise<DeploymentRecord[]> {
  if (!vscode.workspace.isTrusted) return [];
  const folders = vscode.workspace.workspaceFolders ?? [];
  const out: DeploymentRecord[] = [];
  const seen = new Set<string>();
  for (const folder of folders.length ? folders : [undefined]) {
    const setting = vscode.workspace.getConfiguration(VERIFY_SECTION, folder?.uri).get<unknown>('contracts', []);
    const { records } = await discoverDeployments(folder?.uri.scheme === 'file' ? folder.uri.fsPath : undefined, setting);
    for (const r of records) {
      if (!seen.has(recordKey(r))) out.push(r);
      seen.add(recordKey(r));
    }
  }
  return out;
}

export interface ContractsApi {
  tree: ContractsTreeProvider;
  view: vscode.TreeView<ContractsTreeNode>;
}

export function registerContracts(
  context: vscode.ExtensionContext,
  services: Services,
  sourcing: TraceSourcing,
  clock: Clock = systemClock,
): ContractsApi {
  const pins = new ContractPins(context.workspaceState);
  const names = new WorkspaceNames(services.log);
  const tree = new ContractsTreeProvider(services, {
    deployments: workspaceDeployments,
    pins: () => pins.load(),
    abis: async () => (await names.abis()).abis,
    verifiedAbi: async (address, abis) => {
      const artifact = await sourcing.verifiedLookup()?.(address);
      if (!artifact?.verified) return false;
      abis.add(artifact.name, (artifact.metadata as { output?: { abi?: unknown } }).output?.abi);
      return true;
    },
  });
  const view = vscode.window.createTreeView(CONTRACTS_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  context.subscriptions.push(tree, view);

  const describe = () => {
    const endpoints = services.endpoints();
    view.description = endpoints.ok ? ContractsTreeProvider.describe(endpoints.value) : 'no network';
    view.message = endpoints.ok
      ? `Reading ${endpoints.value.network} (chain ${endpoints.value.chainId}) from the mirror at ${safeUrl(endpoints.value.restUrl)}.`
      : safeText(endpoints.message);
  };
  const reload = () => {
    describe();
    return tree.reload();
  };
  void vscode.commands.executeCommand('setContext', FAILED_ONLY_CONTEXT, false);
  void reload();

  let pending: unknown;
  const reloadSoon = () => {
    clock.clearTimeout(pending);
    pending = clock.setTimeout(() => void reload(), RELOAD_DEBOUNCE_MS);
  };
  const watcher = vscode.workspace.createFileSystemWatcher(RECORD_GLOB);
  watcher.onDidCreate(reloadSoon);
  watcher.onDidChange(reloadSoon);
  watcher.onDidDelete(reloadSoon);
  context.subscriptions.push(
    watcher,
    services.onDidChangeEndpoints(() => void reload()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void reload()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${VERIFY_SECTION}.contracts`)) reloadSoon();
      if (e.affectsConfiguration(POLL_SETTING)) schedulePoll();
    }),
    { dispose: () => clock.clearTimeout(pending) },
  );

  // Polling: only while the view is visible, and only when the setting asks for it.
  let poll: unknown;
  const pollSeconds = () => {
    const value = vscode.workspace.getConfiguration().get<number>(POLL_SETTING, 0);
    return typeof value === 'number' && value > 0 ? Math.max(MIN_POLL_SECONDS, value) : 0;
  };
  function schedulePoll(): void {
    clock.clearTimeout(poll);
    const seconds = pollSeconds();
    if (seconds === 0 || !view.visible) return;
    poll = clock.setTimeout(() => {
      void (async () => {
        if (view.visible)
          await Promise.all(
            tree
              .contracts()
              .filter((c) => c.group.readable)
              .map((c) => tree.load(c, true)),
          );
        schedulePoll();
      })();
    }, seconds * 1000);
  }
  context.subscriptions.push(view.onDidChangeVisibility(schedulePoll), { dispose: () => clock.clearTimeout(poll) });
  schedulePoll();

  services.registerCommand('ledgerMirror.contracts.refresh', () => reload());
  services.registerCommand('ledgerMirror.contracts.pin', async (given?: unknown) => {
    const input =
      typeof given === 'string'
        ? given
        : await vscode.window.showInputBox({
            title: 'Pin a Contract',
            prompt: 'A contract id, its EVM address or a HashScan contract URL',
            placeHolder: '0.0.1234, 0x… or https://hashscan.io/testnet/contract/0.0.1234',
            validateInput: (v) => (v.trim() === '' ? undefined : (parseContractRef(v) as { message?: string }).message),
          });
    if (input === undefined || input.trim() === '') return undefined;
    const ref = parseContractRef(input);
    if (!ref.ok) {
      void vscode.window.showErrorMessage(safeText(ref.message));
      return undefined;
    }
    const selected = services.endpoints();
    if (ref.value.network && selected.ok && selected.value.network !== ref.value.network)
      void vscode.window.showWarningMessage(
        `The link is for ${ref.value.network}; the view reads ${selected.value.network}. Select ${ref.value.network} to see its results.`,
      );
    await pins.add(ref.value.value);
    await reload();
    return ref.value.value;
  });
  services.registerCommand('ledgerMirror.contracts.unpin', async (node?: unknown) => {
    if (!(node instanceof ContractNode) || node.origin !== 'pinned')
      throw new Error('Unpin works on a pinned contract in the Contracts view.');
    await pins.remove(node.ref);
    await reload();
  });
  services.registerCommand('ledgerMirror.contracts.loadMore', async (node?: unknown) => {
    const more = node as MoreNode | undefined;
    if (more?.kind !== 'more') throw new Error('Load more works on a contract in the Contracts view.');
    await tree.load(more.contract);
  });
  const setFailedOnly = async (value: boolean) => {
    tree.setFailedOnly(value);
    await vscode.commands.executeCommand('setContext', FAILED_ONLY_CONTEXT, value);
  };
  services.registerCommand('ledgerMirror.contracts.showFailedOnly', () => setFailedOnly(true));
  services.registerCommand('ledgerMirror.contracts.showAll', () => setFailedOnly(false));
  services.registerCommand('ledgerMirror.contracts.openTrace', (node?: unknown) =>
    vscode.commands.executeCommand('ledgerMirror.openTrace', requireRow(node, 'Open Trace').row.hash),
  );
  // A failed transaction runs to its revert, where the debugger stops in the Solidity source; a successful one stops
  // on entry, as Debug Transaction does.
  services.registerCommand('ledgerMirror.contracts.debug', (node?: unknown) => {
    const { row } = requireRow(node, 'Debug');
    return vscode.debug.startDebugging(vscode.workspace.workspaceFolders?.[0], {
      type: DEBUG_TYPE,
      request: 'launch',
      name: `Debug ${row.functionName ?? 'transaction'} ${row.hash.slice(0, 10)}…`,
      transaction: row.hash,
      stopOnEntry: !row.failed,
    });
  });
  services.registerCommand('ledgerMirror.contracts.openInHashScan', async (node?: unknown) => {
    const { row } = requireRow(node, 'Open in HashScan');
    const endpoints = services.endpoints();
    const network = endpoints.ok ? endpoints.value.hashscan : undefined;
    if (!network) throw new Error('HashScan has no pages for this network (local or custom).');
    return vscode.env.openExternal(vscode.Uri.parse(`https://hashscan.io/${network}/transaction/${row.timestamp}`));
  });
  services.registerCommand('ledgerMirror.contracts.copyTransactionHash', async (node?: unknown) => {
    const { row } = requireRow(node, 'Copy Transaction Hash');
    await vscode.env.clipboard.writeText(row.hash);
    return row.hash;
  });
  return { tree, view };
}
