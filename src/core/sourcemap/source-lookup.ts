// Where a trace's sources come from, assembled once for the CLI, the extension and the standalone debug adapter:
// the workspace's build output, then, for code it does not match, the verification server's verified contracts,
// asked within one run's budget per trace (core/verified/verified-run.ts: one lookup per address, failures kept,
// at most 64 addresses, an overall deadline); the code each frame ran comes from the mirror client.
import type { MirrorClient } from '../mirror/client';
import type { Transport } from '../net/transport';
import { VerifiedCache } from '../verified/verified-cache';
import { VerifiedRun, type VerifiedRunOptions } from '../verified/verified-run';
import { VerifiedSources } from '../verified/verified-sources';
import { VerifyTransport } from '../verify/transport';
import type { Trace } from '../../shared/trace-model';
import type { ContractArtifact } from './artifacts';
import { discoverArtifacts } from './discover';
import { ArtifactIndex } from './match';
import { SourceFiles } from './source-files';
import { TraceSources, type CodeLookup } from './trace-sources';

export interface BuildOutput {
  artifacts: ContractArtifact[];
  index: ArtifactIndex;
  files: SourceFiles;
  /** Build output files that could not be read, one sentence each. */
  problems: string[];
}

/** The build output under `roots` (a folder that has none adds nothing). */
export async function readBuildOutput(roots: readonly string[]): Promise<BuildOutput> {
  const found = await Promise.all(roots.map((root) => discoverArtifacts(root)));
  const artifacts = found.flatMap((d) => d.artifacts);
  return { artifacts, index: new ArtifactIndex(artifacts), files: new SourceFiles(), problems: found.flatMap((d) => d.problems) };
}

export interface VerifiedServerSettings {
  url: string;
  chainId: number | string;
  /** Where answers are kept on disk and within how many bytes. */
  cacheDir: string;
  cacheBytes: () => number;
}

/** The verification server's verified contracts on the mirror's transport (one pool, one log, one set of secrets). */
export function verifiedSources(transport: Transport, server: VerifiedServerSettings): VerifiedSources {
  return new VerifiedSources({
    transport: new VerifyTransport(transport),
    url: server.url,
    chainId: String(server.chainId),
    cache: new VerifiedCache(server.cacheDir, server.cacheBytes, server.url),
  });
}

/** The code a frame ran, by address, from the mirror. */
export const mirrorCode =
  (mirror: MirrorClient): CodeLookup =>
  (address) =>
    mirror.contractCode(address);

export interface SourceLookup {
  /** Undefined when neither the build output nor a verification server can give any source. */
  sources: TraceSources | undefined;
  files: SourceFiles;
  /** The trace's verified-source run (its notes and request count), when verified sources are asked. */
  run: VerifiedRun | undefined;
  /** Ends the deadline timer of a run made here (a run given is its owner's to end). */
  dispose(): void;
}

/**
 * One trace's source lookup. Verified contracts are asked only with the mirror's code (a trace read from a file has
 * no addresses to match), and only through `run` when one is given, so features that share a trace share its budget.
 */
export function sourceLookup(
  trace: Trace,
  build: Pick<BuildOutput, 'index' | 'files'>,
  code: CodeLookup | undefined,
  verified: VerifiedSources | VerifiedRun | undefined,
  runOptions: VerifiedRunOptions = {},
): SourceLookup {
  const run = !code || !verified ? undefined : verified instanceof VerifiedRun ? verified : new VerifiedRun(verified, runOptions);
  const sources = build.index.artifacts.length || run ? new TraceSources(trace, build.index, build.files, code, run?.lookup) : undefined;
  const owned = run !== verified;
  return { sources, files: build.files, run, dispose: () => (owned ? run?.dispose() : undefined) };
}
