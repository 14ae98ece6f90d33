// Everything known about a contract before any request: where it is deployed, its compiler metadata, and the
// workspace's copy of each source. Problems found here (no build output, say) become results without a request.
import type { DeploymentRecord } from '../deployments/record';
import type { BuildIndex, ContractBuild } from './builds';
import { outsideMessage, readLocalSources, type LocalSource } from './local-sources';
import type { ContractResult, FailureKind, MissingSource } from './result';

export interface VerifyTarget {
  record: DeploymentRecord;
  /** Checksummed 0x address (a `0.0.x` record already resolved). */
  address: string;
  chainId: string;
}

export interface PreparedContract {
  target: VerifyTarget;
  build?: ContractBuild;
  sources: LocalSource[];
  /** Why the contract cannot be sent at all. */
  problem?: string;
  /** What kind of problem; absent, the sources cannot be supplied as deployed (outside the workspace): exit 7. */
  failure?: FailureKind;
}

export interface ContractOutcome extends PreparedContract {
  result: ContractResult;
}

export async function prepareContract(root: string, builds: BuildIndex, target: VerifyTarget): Promise<PreparedContract> {
  const build = await builds.forRecord(target.record);
  if (typeof build === 'string') return { target, sources: [], problem: build, failure: 'invalid-input' };
  const sources = await readLocalSources(root, build.metadata);
  const outside = sources.filter((s) => s.outside).map((s) => outsideMessage(s.path));
  return { target, build, sources, ...(outside.length ? { problem: outside.join('; ') } : {}) };
}

/** A result built from what is known locally: the prepared contract plus a status and message. */
export function resultFor(
  p: PreparedContract,
  status: ContractResult['status'],
  message?: string,
  missing: MissingSource[] = [],
): ContractResult {
  return {
    name: p.build?.name ?? p.target.record.name ?? 'unknown contract',
    sourcePath: p.build?.sourcePath ?? '',
    address: p.target.address,
    chainId: p.target.chainId,
    status,
    ...(message ? { message } : {}),
    alreadyVerified: false,
    files: { found: p.sources.filter((s) => s.matchingContent !== undefined).map((s) => s.path), missing, invalid: [] },
  };
}

/** A failure found before (or instead of) asking the server. */
export const localResult = (p: PreparedContract, message: string, missing: MissingSource[] = []) => resultFor(p, 'error', message, missing);

/** Sources the workspace cannot supply as deployed, with what the workspace has instead. */
export function locallyMissing(p: PreparedContract): MissingSource[] {
  return p.sources
    .filter((s) => s.matchingContent === undefined)
    .map((s) => withLocalState({ path: s.path, keccak256: s.expectedKeccak256 }, p.sources));
}

/** Adds the workspace's file and its hash to a missing entry, when the workspace has a (different) file there. */
export function withLocalState(m: MissingSource, sources: readonly LocalSource[]): MissingSource {
  const local = sources.find((s) => s.path === m.path);
  if (!local?.file || local.matchingContent !== undefined) return m;
  return { ...m, keccak256: m.keccak256 ?? local.expectedKeccak256, localFile: local.file, localKeccak256: local.keccak256 };
}
