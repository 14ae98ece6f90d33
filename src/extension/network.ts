// The network indicator in the status bar and the "Select Network…" quick pick it opens.
import * as vscode from 'vscode';
import { isNetworkName, NETWORK_NAMES, resolveNetwork, type Endpoints, type NetworkName } from '../core/networks';
import { checkBaseUrl, updateSetting } from './config';
import type { Services } from './services';

export const SELECT_NETWORK = 'ledgerMirror.selectNetwork';
/** Context key for `when` clauses: true when HashScan has pages for the current network. */
const HASHSCAN_CONTEXT = 'ledgerMirror.hashscanAvailable';

const describeEndpoints = (e: Endpoints) => `REST ${e.restUrl} · web3 ${e.web3Url} · chain id ${e.chainId}`;

export function registerNetwork(context: vscode.ExtensionContext, services: Services): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem('ledgerMirror.network', vscode.StatusBarAlignment.Left, 0);
  item.name = 'Ledger Mirror Network';
  item.command = SELECT_NETWORK;
  context.subscriptions.push(item);

  const update = () => {
    const endpoints = services.endpoints();
    const network = services.config().network;
    if (endpoints.ok) {
      item.text = `$(globe) ${network}`;
      item.tooltip = `Ledger Mirror network: ${network}\n${describeEndpoints(endpoints.value)}\nClick to change.`;
      item.backgroundColor = undefined;
    } else {
      item.text = `$(warning) ${network}`;
      item.tooltip = `${endpoints.message}\nClick to choose a network.`;
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    }
    void vscode.commands.executeCommand('setContext', HASHSCAN_CONTEXT, endpoints.ok && endpoints.value.hashscan !== undefined);
    item.show();
  };
  update();
  context.subscriptions.push(services.onDidChangeEndpoints(update));

  services.registerCommand(SELECT_NETWORK, (network?: unknown) =>
    selectNetwork(services, typeof network === 'string' ? network : undefined),
  );
  return item;
}

interface NetworkPick extends vscode.QuickPickItem {
  network: NetworkName;
}

function networkPicks(services: Services): NetworkPick[] {
  const config = services.config();
  return NETWORK_NAMES.map((network) => {
    let detail: string;
    try {
      detail = describeEndpoints(resolveNetwork(network, { mirrorUrl: config.mirrorUrl, web3Url: config.web3Url }));
    } catch {
      detail = 'Your own mirror node: you will be asked for its URL';
    }
    return {
      label: network,
      network,
      description: network === config.network ? 'current' : undefined,
      detail,
      picked: network === config.network,
    };
  });
}

/** Quick pick (or the name given as an argument); the custom network asks for its URL when none is set yet. */
async function selectNetwork(services: Services, given?: string): Promise<NetworkName | undefined> {
  let network: NetworkName;
  if (given !== undefined) {
    if (!isNetworkName(given)) throw new Error(`Unknown network "${given}"; expected one of ${NETWORK_NAMES.join(', ')}.`);
    network = given;
  } else {
    const pick = await vscode.window.showQuickPick(networkPicks(services), {
      title: 'Ledger Mirror: Select Network',
      placeHolder: `Current: ${services.config().network}`,
      matchOnDetail: true,
    });
    if (!pick) return undefined;
    network = pick.network;
  }
  if (network === 'custom' && !services.config().mirrorUrl) {
    const url = await vscode.window.showInputBox({
      title: 'Ledger Mirror: Custom Mirror URL',
      prompt: 'Base URL of the mirror node REST API, without /api/v1',
      placeHolder: 'http://localhost:5551',
      ignoreFocusOut: true,
      validateInput: (text) => (text.trim() ? checkBaseUrl(text) : undefined),
    });
    if (!url?.trim()) return undefined;
    await updateSetting('mirrorUrl', url.trim());
  }
  await updateSetting('network', network);
  return network;
}
