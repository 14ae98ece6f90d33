// Foundry's side of the build output: the folders its `cache/solidity-files-cache.json` names (default `out/` and
// `out/build-info`), which build each artifact came from, and the artifacts `out/<File>.sol/<Name>[.<version>].json`.
import { basename, join, resolve, sep } from 'node:path';
import { z } from 'zod';
import { lenient, readAs } from '../workspace/workspace-json';
import { declarationsOf, type SourceDeclarations } from '../locals/declarations';
import { parseBoundedJson } from '../workspace/bounded-json';
import type { WorkspaceFolder } from '../workspace/confined-fs';
import { contractOutput, type CompiledSources, type SolcContractOutput } from './compiled';

const rawCache = z.object({
  paths: lenient(z.object({ artifacts: lenient(z.string()), build_infos: lenient(z.string()) })),
  files: lenient(z.record(z.string(), lenient(z.object({ artifacts: lenient(z.record(z.string(), z.unknown())) })))),
});
type RawCache = z.output<typeof rawCache>;
/** One artifact entry of the cache (found at any depth: newer caches key them by profile too). */
const cachedArtifact = z.object({ path: z.string(), build_id: z.string() });

export interface FoundryLayout {
  outDir: string;
  buildInfoDir: string;
  /** Artifact file → id of the build that wrote it, as far as the cache says. */
  buildOfArtifact: ReadonlyMap<string, string>;
}

export async function foundryLayout(ws: WorkspaceFolder, problems: string[]): Promise<FoundryLayout> {
  const { root } = ws;
  const cache = readAs(rawCache, (await ws.optionalJson(join(root, 'cache', 'solidity-files-cache.json'), problems))?.json);
  const outDir = resolve(root, cache?.paths?.artifacts ?? 'out');
  const buildInfoDir = resolve(root, cache?.paths?.build_infos ?? join(outDir, 'build-info'));
  return { outDir, buildInfoDir, buildOfArtifact: cachedBuildIds(cache, outDir) };
}

/**
 * Artifact file → build id from Foundry's cache: `files[source].artifacts[contract][version]` is `{path, build_id}`,
 * or one more level keyed by profile in newer caches.
 */
function cachedBuildIds(cache: RawCache | undefined, outDir: string): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (entry: unknown): void => {
    if (!entry || typeof entry !== 'object') return;
    const artifact = readAs(cachedArtifact, entry);
    if (artifact) out.set(resolve(outDir, artifact.path.split('/').join(sep)), artifact.build_id);
    else for (const nested of Object.values(entry)) visit(nested);
  };
  for (const source of Object.values(cache?.files ?? {})) for (const byVersion of Object.values(source?.artifacts ?? {})) visit(byVersion);
  return out;
}

/** The metadata is kept whole (the compiler settings are read from it later); its compilation target is checked here. */
const metadataTarget = z.looseObject({
  settings: lenient(z.looseObject({ compilationTarget: lenient(z.record(z.string(), z.unknown())) })),
});
const rawArtifact = z.object({
  id: lenient(z.number().int()),
  bytecode: z.unknown().optional(),
  deployedBytecode: z.unknown().optional(),
  rawMetadata: z.unknown().optional(),
  /** Written with `extra_output = ["storageLayout"]`. */
  storageLayout: z.unknown().optional(),
  metadata: lenient(metadataTarget),
  /** Written with `ast = true` (or `forge build --ast`): the artifact's own source's AST. */
  ast: lenient(z.looseObject({ absolutePath: lenient(z.string()) })),
});
type RawArtifact = z.output<typeof rawArtifact>;

export interface FoundryArtifact {
  name: string;
  sourceName: string;
  output: SolcContractOutput;
  /** Its source's index in the compilation, which Foundry records as the artifact's `id`. */
  sourceIndex: number | undefined;
  /** The artifact's own source alone, for when no build info says more. */
  ownSources: CompiledSources;
  /** Its own source's functions and locals, when the artifact kept the AST (the debugger's Locals). */
  declarations: SourceDeclarations | undefined;
}

/** The contract an artifact holds; undefined for other JSON, or (said in `problems`) when it names no source. */
export async function readFoundryArtifact(ws: WorkspaceFolder, file: string, problems: string[]): Promise<FoundryArtifact | undefined> {
  const artifact = readAs(rawArtifact, (await ws.optionalJson(file, problems))?.json);
  if (!artifact) return undefined;
  const { bytecode, deployedBytecode, rawMetadata, metadata, storageLayout } = artifact;
  if (!bytecode && !deployedBytecode && !rawMetadata && !metadata) return undefined;
  const [targetPath, targetName] = Object.entries(compilationTarget(rawMetadata, metadata))[0] ?? [];
  const sourceName = targetPath ?? artifact.ast?.absolutePath;
  if (!sourceName) {
    problems.push(`${file}: does not say which source file it was compiled from`);
    return undefined;
  }
  const sourceIndex = artifact.id;
  const declarations = declarationsOf(artifact.ast);
  return {
    name: typeof targetName === 'string' ? targetName : basename(file).split('.')[0],
    sourceName,
    output: contractOutput(rawMetadata ?? metadata, bytecode, deployedBytecode, storageLayout),
    sourceIndex,
    ownSources: new Map(sourceIndex === undefined ? [] : [[sourceIndex, { sourceName, content: undefined, declarations }]]),
    declarations,
  };
}

/** From the metadata object, or its text when the artifact kept only that. */
function compilationTarget(rawMetadata: unknown, metadata: RawArtifact['metadata']): Record<string, unknown> {
  let parsed = metadata;
  if (!parsed && typeof rawMetadata === 'string') {
    try {
      parsed = readAs(metadataTarget, parseBoundedJson(rawMetadata));
    } catch {
      parsed = undefined;
    }
  }
  return parsed?.settings?.compilationTarget ?? {};
}
