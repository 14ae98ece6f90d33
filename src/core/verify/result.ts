// The one result shape every protocol is reduced to, so views, diagnostics and the CLI never care whether a run
// spoke to a session server or to the v2 API.

export type VerificationStatus =
  /** Runtime bytecode and metadata match. */
  | 'perfect'
  /** Runtime bytecode matches, metadata differs (comments, whitespace, settings that do not change code). */
  | 'partial'
  /** Not verified: the message says why (missing sources, mismatch, no contract at the address…). */
  | 'error'
  /** Dry run through the v2 API, which cannot verify without storing: every source was found, nothing was sent. */
  | 'ready';

export interface MissingSource {
  /** Source path as the metadata names it. */
  path: string;
  /** keccak256 the deployed metadata expects. */
  keccak256?: string;
  urls?: string[];
  /** The workspace file at that path, when one exists but its content hashes differently. */
  localFile?: string;
  localKeccak256?: string;
}

export interface InvalidSource {
  path: string;
  expectedHash?: string;
  calculatedHash?: string;
  message?: string;
}

export interface ContractResult {
  name: string;
  /** Compilation target path as the metadata names it. */
  sourcePath: string;
  address?: string;
  chainId?: string;
  status: VerificationStatus;
  message?: string;
  /** The server already held this match before the run (Sourcify's `storageTimestamp`, v2's 409). */
  alreadyVerified: boolean;
  storageTimestamp?: string;
  files: { found: string[]; missing: MissingSource[]; invalid: InvalidSource[] };
}

/** True when the contract counts as verified (the CLI's exit 0). */
export const isVerified = (r: ContractResult) => r.status === 'perfect' || r.status === 'partial';
