// `trace --sources`: where each call frame's contract sources (and so its ABI) come from — the build output of the
// workspace folders, then the verification server's verified contracts for code no build output matches. `none`
// and `workspace` send nothing to the verification server. A source that cannot be had is a note: names are a
// bonus and never fail the command.
import { ApiError } from '../core/errors';
import type { MirrorClient } from '../core/mirror/client';

import type { AbiRegistry } from '../core/names/registry';
import type { ContractArtifact } from '../core/sourcemap/artifacts';
import { discoverArtifacts } from '../core/sourcemap/discover';
import { ArtifactIndex } from '../core/sourcemap/match';
import { SourceFiles } from '../core/sourcemap/source-files';
import { TraceSources } from '../core/sourcemap/trace-sources';
import { CLI_VERIFIED_CACHE_BYTES, cliVerifiedCacheDir, VerifiedCache } from '../core/verified/verified-cache';
import { VerifiedRun } from '../core/verified/verified-run';
import { addVerifiedAbis, VerifiedSources } from '../core/verified/verified-sources';
import { VerifyTransport } from '../core/verify/transport';
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
  const artifacts: ContractArtifact[] = [];
  if (mode !== 'verified')
    for (const found of await Promise.all(roots.map((root) => discoverArtifacts(root)))) artifacts.push(...found.artifacts);
  const verified =
    mode !== 'workspace' && server
      ? new VerifiedSources({
          transport: new VerifyTransport(mirror.http.transport),
          url: server.url,
          chainId: String(server.chainId),
          cache: new VerifiedCache(cliVerifiedCacheDir(), () => CLI_VERIFIED_CACHE_BYTES, server.url),
        })
      : undefined;
  if (!artifacts.length && !verified) return { origins, artifacts: matched, notes, requests: 0 };
  const run = verified && new VerifiedRun(verified, { timeoutMs: server?.timeoutMs });
  try {
    return await matchFrames(trace, mirror, artifacts, run, abis, { origins, artifacts: matched, notes });
  } finally {
    run?.dispose();
  }
}

async function matchFrames(
  trace: Trace,
  mirror: MirrorClient,
  artifacts: ContractArtifact[],
  run: VerifiedRun | undefined,
  abis: AbiRegistry,
  found: Omit<FrameSources, 'requests'>,
): Promise<FrameSources> {
  const { origins, artifacts: matched, notes } = found;
  const named = new Set<ContractArtifact>();
  const sources = new TraceSources(
    trace,
    new ArtifactIndex(artifacts),
    new SourceFiles(),
    (address) => mirror.contractCode(address),
    run?.lookup,
  );
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
