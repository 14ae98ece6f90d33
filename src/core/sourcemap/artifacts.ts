// What discovery finds in a workspace: compiled contracts with their code, source maps and the sources the maps
// point into, whatever tool (Hardhat 2, Hardhat 3, Foundry) wrote them.
import { isAbsolute, join } from 'node:path';
import type { CompiledSource } from '../build-output/compiled';
import type { StorageLayout } from '../build-output/storage-layout';
import type { WorkspaceFolder } from '../workspace/confined-fs';
import type { CompiledCode } from './compiled-code';

export interface SourceFile extends CompiledSource {
  /** Workspace paths it may be at, most likely first (none for sources fetched from a verification server). */
  candidates: string[];
  /** The folder the candidates are read from: only files inside it are. */
  workspace: WorkspaceFolder | undefined;
  /** Set for a source fetched from a verification server: shown read-only under a title that says so. */
  verified?: VerifiedOrigin;
}

/** Where a contract's sources came from when it is not the workspace's: a verification server's verified copy. */
export interface VerifiedOrigin {
  chainId: string;
  address: string;
  /** The server said the metadata matched too (`exact_match`); the code is checked here either way. */
  exact: boolean;
  /** The server as users know it: `HashScan`, `Sourcify` or its host. */
  server: string;
}

export interface ContractArtifact {
  name: string;
  /** Source name of the file that defines the contract. */
  sourceName: string;
  /** The build output file it was read from. */
  origin: string;
  /** A Foundry `out/` artifact holds one contract; a build info a whole compilation (unset: neither). */
  from?: 'build-info' | 'artifact';
  runtime: CompiledCode | undefined;
  creation: CompiledCode | undefined;
  /** The compilation's sources by source-map index. Indices it lacks are generated code. */
  sources: ReadonlyMap<number, SourceFile>;
  /** The solc metadata, unchecked and unparsed (the debugger reads the ABI in it). */
  metadata?: unknown;
  /** Where its state variables live, when the build asked solc for `storageLayout`. */
  storageLayout?: StorageLayout;
  /** Set for a contract fetched from a verification server (never written into the workspace). */
  verified?: VerifiedOrigin;
}

/** Hardhat 3 names project files `project/<path>` and packages `npm/<name>@<version>/<path>`. */
const HH3_PROJECT = /^project\/(.+)$/;
const HH3_NPM = /^npm\/((?:@[^/]+\/)?[^/@]+)@[^/]+\/(.+)$/;

/**
 * Where a compiler source name may live under `root`: Hardhat 2 and Foundry name files relative to the project
 * (packages by their import path, found in node_modules); Hardhat 3 adds its prefixes.
 */
export function sourceCandidates(root: string, sourceName: string): string[] {
  if (isAbsolute(sourceName)) return [sourceName];
  const project = HH3_PROJECT.exec(sourceName);
  if (project) return [join(root, project[1]), join(root, sourceName)];
  const npm = HH3_NPM.exec(sourceName);
  if (npm) return [join(root, 'node_modules', npm[1], npm[2]), join(root, sourceName)];
  return [join(root, sourceName), join(root, 'node_modules', sourceName)];
}
