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

/**
 * Why a contract is not verified, when the reason is not "the server (or the local source check) judged it and it
 * did not match" (the default, exit 7). Each maps to one exit code in exit-codes.ts.
 */
export type FailureKind = 'invalid-input' | 'not-found' | 'rate-limited' | 'server' | 'network';

export interface ContractResult {
  name: string;
  /** Compilation target path as the metadata names it. */
  sourcePath: string;
  address?: string;
  chainId?: string;
  status: VerificationStatus;
  message?: string;
  /** Set on some `error` results: why it failed when that was not a mismatch. */
  failure?: FailureKind;
  /** The server already held this match before the run (Sourcify's `storageTimestamp`, v2's 409). */
  alreadyVerified: boolean;
  storageTimestamp?: string;
  files: { found: string[]; missing: MissingSource[]; invalid: InvalidSource[] };
}

/** True when the contract counts as verified. */
export const isVerified = (r: ContractResult) => r.status === 'perfect' || r.status === 'partial';

/** True when the run reports success for this contract (verified, or ready in a dry run): exit 0. */
export const isSuccess = (r: ContractResult) => isVerified(r) || r.status === 'ready';
