// Typed `ledgerMirror.verify.*` settings. The URL is checked here so a typo becomes a message, not a request to a
// wrong host; in Restricted Mode VS Code ignores the workspace's value of the restricted ones (package.json).
import * as vscode from 'vscode';
import { DEFAULT_REPOSITORY_URL, repositoryLink } from '../../core/verify/links';
import { DEFAULT_POLL_TIMEOUT_S } from '../../core/verify/v2-client';
import { DEFAULT_VERIFY_URL, type ProtocolSetting } from '../../core/verify/verify';
import { checkBaseUrl } from '../config';

export const VERIFY_SECTION = 'ledgerMirror.verify';

export interface VerifySettings {
  url: string;
  protocol: ProtocolSetting;
  /** Path segment of `/session/verify/<explorer>`. */
  explorer: string;
  /** Raw `ledgerMirror.verify.contracts`, validated by discovery (which reports bad entries). */
  contracts: unknown;
  onSave: boolean;
  onSaveDryRun: boolean;
  repositoryUrl: string;
  /** How long an API v2 job may run, in ms. */
  pollTimeoutMs: number;
}

const PROTOCOLS: readonly ProtocolSetting[] = ['auto', 'session', 'v2'];

export function readVerifySettings(): VerifySettings {
  const c = vscode.workspace.getConfiguration(VERIFY_SECTION);
  const protocol = c.get<string>('protocol', 'auto');
  const pollSeconds = c.get<number>('pollTimeoutSeconds', DEFAULT_POLL_TIMEOUT_S);
  return {
    url: c.get<string>('url', DEFAULT_VERIFY_URL).trim() || DEFAULT_VERIFY_URL,
    protocol: (PROTOCOLS as readonly string[]).includes(protocol) ? (protocol as ProtocolSetting) : 'auto',
    explorer: c.get<string>('explorer', 'etherscan').trim() || 'etherscan',
    contracts: c.get<unknown>('contracts', []),
    onSave: c.get<boolean>('onSave', false) === true,
    onSaveDryRun: c.get<boolean>('onSaveDryRun', true) !== false,
    repositoryUrl: (c.get<string>('repositoryUrl', DEFAULT_REPOSITORY_URL).trim() || DEFAULT_REPOSITORY_URL).replace(/\/+$/, ''),
    pollTimeoutMs: (Number.isFinite(pollSeconds) && pollSeconds > 0 ? pollSeconds : DEFAULT_POLL_TIMEOUT_S) * 1000,
  };
}

/** Why the verification URL cannot be used, or undefined when it can. */
export function verifyUrlProblem(s: VerifySettings): string | undefined {
  const problem = checkBaseUrl(s.url);
  return problem && `Setting ${VERIFY_SECTION}.url: ${problem}.`;
}

/**
 * Where the verified contract can be browsed: the repository page for the chain and address. The default repository
 * is public Sourcify's, which has only what sourcify.dev verified: for a local or custom verifier there is no link
 * unless `repositoryUrl` names that server's repository.
 */
export function contractLink(s: VerifySettings, chainId: string, address: string): string | undefined {
  if (s.repositoryUrl === DEFAULT_REPOSITORY_URL && !isPublicSourcify(s.url)) return undefined;
  return repositoryLink(s.repositoryUrl, chainId, address);
}

function isPublicSourcify(url: string): boolean {
  try {
    return /(^|\.)sourcify\.dev$/i.test(new URL(url).hostname);
  } catch {
    return false;
  }
}
