// Typed view of the `ledgerMirror.*` settings. Values come from the user or the workspace, so each one is checked
// here and a bad one becomes a clear message instead of a request to a wrong place.
import * as vscode from 'vscode';
import { isNetworkName, NETWORK_NAMES, resolveNetwork, type Endpoints } from '../core/networks';
import type { Parsed } from '../core/ids';

export const SECTION = 'ledgerMirror';

export interface LedgerMirrorConfig {
  /** As written in the settings; may be a name we do not know, reported by `endpointsFor`. */
  network: string;
  mirrorUrl: string;
  web3Url: string;
  requestTimeoutSeconds: number;
}

const DEFAULT_TIMEOUT_SECONDS = 30;
const MAX_TIMEOUT_SECONDS = 3600;

export function readConfig(): LedgerMirrorConfig {
  const c = vscode.workspace.getConfiguration(SECTION);
  const timeout = c.get<number>('requestTimeoutSeconds', DEFAULT_TIMEOUT_SECONDS);
  return {
    network: c.get<string>('network', 'testnet'),
    mirrorUrl: c.get<string>('mirrorUrl', '').trim(),
    web3Url: c.get<string>('web3Url', '').trim(),
    requestTimeoutSeconds:
      typeof timeout === 'number' && Number.isFinite(timeout)
        ? Math.min(Math.max(timeout, 1), MAX_TIMEOUT_SECONDS)
        : DEFAULT_TIMEOUT_SECONDS,
  };
}

/** An http(s) base URL, or a message saying what is wrong with it. */
export function checkBaseUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'Enter a full URL, such as http://localhost:5551';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Only http:// and https:// URLs are supported, not ${url.protocol}`;
  if (url.search || url.hash) return 'Enter the base URL only, without ?query or #fragment';
  return undefined;
}

/** Where requests go for these settings, or why they cannot be sent. */
export function endpointsFor(config: LedgerMirrorConfig): Parsed<Endpoints> {
  const network = config.network;
  if (!isNetworkName(network)) {
    return { ok: false, message: `Setting ledgerMirror.network is "${network}"; expected one of ${NETWORK_NAMES.join(', ')}.` };
  }
  if (network === 'custom') {
    if (!config.mirrorUrl)
      return {
        ok: false,
        message: 'The custom network needs a mirror URL: set ledgerMirror.mirrorUrl or run "Ledger Mirror: Select Network…".',
      };
    for (const [name, value] of [
      ['mirrorUrl', config.mirrorUrl],
      ['web3Url', config.web3Url],
    ] as const) {
      const problem = value ? checkBaseUrl(value) : undefined;
      if (problem) return { ok: false, message: `Setting ledgerMirror.${name}: ${problem}.` };
    }
  }
  return { ok: true, value: resolveNetwork(network, { mirrorUrl: config.mirrorUrl, web3Url: config.web3Url }) };
}

export const affectsEndpoints = (e: vscode.ConfigurationChangeEvent) =>
  ['network', 'mirrorUrl', 'web3Url'].some((key) => e.affectsConfiguration(`${SECTION}.${key}`));

export const affectsTimeouts = (e: vscode.ConfigurationChangeEvent) => e.affectsConfiguration(`${SECTION}.requestTimeoutSeconds`);

/**
 * Writes a setting where it takes effect: into the workspace when the workspace already sets it (a user value would
 * be shadowed there), else into the user settings.
 */
export async function updateSetting(key: 'network' | 'mirrorUrl' | 'web3Url', value: string): Promise<void> {
  const c = vscode.workspace.getConfiguration(SECTION);
  const inspected = c.inspect(key);
  const target = inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await c.update(key, value, target);
}
