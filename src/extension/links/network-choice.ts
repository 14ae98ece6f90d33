// A link or a pasted HashScan URL may name another network than the one selected. The network setting is the user's:
// it changes only when they say so in a modal, never silently, and nothing is sent when they decline.
import * as vscode from 'vscode';
import type { NetworkName } from '../../core/networks';
import { SELECT_NETWORK } from '../network';
import type { Services } from '../services';

/** True when `wanted` is (already, or now with the user's consent) the selected network; undefined means any. */
export async function confirmNetwork(services: Services, wanted: NetworkName | undefined, what: string): Promise<boolean> {
  const current = services.config().network;
  if (wanted === undefined || wanted === current) return true;
  const choice = `Switch to ${wanted}`;
  const answer = await vscode.window.showWarningMessage(
    `${what} is on the ${wanted} network, but Ledger Mirror is set to ${current}.`,
    { modal: true, detail: `Switch the Ledger Mirror network to ${wanted} and open it there? Nothing is sent otherwise.` },
    choice,
  );
  if (answer !== choice) return false;
  return (await vscode.commands.executeCommand(SELECT_NETWORK, wanted)) === wanted;
}
