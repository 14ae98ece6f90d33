// `trace --sources`: where each call frame's contract sources (and so its ABI) come from — the build output of the
// workspace folders, then the verification server's verified contracts for code no build output matches. `none`
// and `workspace` send nothing to the verification server. A source that cannot be had is a note: names are a
// bonus and never fail the command.
import { ApiError } from '../core/errors';
import type { MirrorClient } from '../core/mirror/client';
import type { AbiRegistry } from '../core/names/registry';
import type { ContractArtifact } from '../core/sourcemap/artifacts';
import { mirrorCode, readBuildOutput, sourceLookup, verifiedSources, type SourceLookup } from '../core/sourcemap/source-lookup';
import { CLI_VERIFIED_CACHE_BYTES, cliVerifiedCacheDir } from '../core/verified/verified-cache';
import { addVerifiedAbis } from '../core/verified/verified-sources';
import type { Trace } from '../shared/trace-model';

export type SourcesMode = 'workspace' | 'verified' | 'none' | 'both';
export type FrameSource = 'workspace' | 'verified' | null;

export function sourcesModeOf(value: string | undefined): SourcesMode {
  if (value === undefined) return 'both';
  if (value === 'workspace' || value === 'verified' || value === 'none') return value;
  throw new ApiError('invalid-input', `--sources takes verified, workspace or none, got "${value}"`);
}

export interface VerifiedServerChoice {
  url: string;
  chainId: number;
  /** All lookups together (`--timeout`); default VERIFIED_RUN_LIMITS.timeoutMs. */
  timeoutMs?: number;
}

export interface FrameSources {
  /** By frame index. */
  origins: FrameSource[];
  /** The contract each frame's code matched, by frame index (for naming its storage). */
  artifacts: (ContractArtifact | undefined)[];
  notes: string[];
  /** Requests sent to the verification server (0 when every answer came from the cache). */
  requests: number;
}

/**
 * Which frames' code the workspace's build output (under `roots`) or the verification server's verified contracts
 * match; the verified contracts' ABIs are added to `abis` so their calls, errors and returns are named.
 */
export async function frameSources(
  trace: Trace,
  mirror: MirrorClient,
  mode: SourcesMode,
  roots: readonly string[],
  server: VerifiedServerChoice | undefined,
  abis: AbiRegistry,
): Promise<FrameSources> {
  const origins: FrameSource[] = new Array<FrameSource>(trace.frameCount()).fill(null);
  const notes: string[] = [];
  const matched: (ContractArtifact | undefined)[] = new Array<ContractArtifact | undefined>(trace.frameCount()).fill(undefined);
  if (mode === 'none') return { origins, artifacts: matched, notes, requests: 0 };
  const build = await readBuildOutput(mode === 'verified' ? [] : roots);
  const verified =
    mode !== 'workspace' && server
      ? verifiedSources(mirror.http.transport, {
          url: server.url,
          chainId: server.chainId,
          cacheDir: cliVerifiedCacheDir(),
          cacheBytes: () => CLI_VERIFIED_CACHE_BYTES,
        })
      : undefined;
  const lookup = sourceLookup(trace, build, mirrorCode(mirror), verified, { timeoutMs: server?.timeoutMs });
  try {
    return await matchFrames(trace, lookup, abis, { origins, artifacts: matched, notes });
  } finally {
    lookup.dispose();
  }
}

async function matchFrames(
  trace: Trace,
  { sources, run }: SourceLookup,
  abis: AbiRegistry,
  found: Omit<FrameSources, 'requests'>,
): Promise<FrameSources> {
  const { origins, artifacts: matched, notes } = found;
  if (!sources) return { ...found, requests: 0 };
  const named = new Set<ContractArtifact>();
  const failures = new Set<string>();
  const verifiedByFrame = await addVerifiedAbis(trace, sources, abis);
  for (let i = 0; i < trace.frameCount(); i++) {
    const { match } = await sources.frameMatch(i);
    if (!match) continue;
    matched[i] = match.artifact;
    origins[i] = verifiedByFrame[i] ? 'verified' : 'workspace';
    if (match.artifact.verified && !named.has(match.artifact)) {
      named.add(match.artifact);
      if (!match.artifact.verified.exact || match.metadataDiffers)
        notes.push(
          `the verified ${match.artifact.name} at ${match.artifact.verified.address} matches the code that ran except for its metadata (a partial match): its sources may differ in comments or file names`,
        );
    }
  }
  for (let i = 0; i < trace.frameCount(); i++) {
    const located = await sources.frameMatch(i);
    if (!located.match && located.address) {
      const why = await sources
        .locate(trace.frame(i).entryStep)
        .then((s) => (s.kind === 'none' && s.reason === 'lookup-failed' ? s.message : undefined));
      if (why) failures.add(why);
    }
  }
  notes.push(...failures, ...(run?.notes() ?? []));
  return { origins, artifacts: matched, notes, requests: run?.requests ?? 0 };
}
