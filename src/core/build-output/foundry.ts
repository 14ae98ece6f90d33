// Foundry's side of the build output: the folders its `cache/solidity-files-cache.json` names (default `out/` and
// `out/build-info`), which build each artifact came from, and the artifacts `out/<File>.sol/<Name>[.<version>].json`.
import { basename, join, resolve, sep } from 'node:path';
import { declarationsOf, type SourceDeclarations } from '../locals/declarations';
import { parseBoundedJson } from '../workspace/bounded-json';
import type { WorkspaceFolder } from '../workspace/confined-fs';
import { contractOutput, type CompiledSources, type SolcContractOutput } from './compiled';

interface RawCache {
  paths?: { artifacts?: unknown; build_infos?: unknown };
  files?: Record<string, { artifacts?: Record<string, Record<string, unknown>> } | undefined>;
}

export interface FoundryLayout {
  outDir: string;
  buildInfoDir: string;
  /** Artifact file → id of the build that wrote it, as far as the cache says. */
  buildOfArtifact: ReadonlyMap<string, string>;
}

export async function foundryLayout(ws: WorkspaceFolder, problems: string[]): Promise<FoundryLayout> {
  const { root } = ws;
  const cache = (await ws.optionalJson(join(root, 'cache', 'solidity-files-cache.json'), problems))?.json as RawCache | undefined;
  const outDir = resolve(root, typeof cache?.paths?.artifacts === 'string' ? cache.paths.artifacts : 'out');
  const buildInfoDir = resolve(root, typeof cache?.paths?.build_infos === 'string' ? cache.paths.build_infos : join(outDir, 'build-info'));
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
    const { path, build_id } = entry as { path?: unknown; build_id?: unknown };
    if (typeof path === 'string' && typeof build_id === 'string') out.set(resolve(outDir, path.split('/').join(sep)), build_id);
    else for (const nested of Object.values(entry)) visit(nested);
  };
  for (const source of Object.values(cache?.files ?? {})) for (const byVersion of Object.values(source?.artifacts ?? {})) visit(byVersion);
  return out;
}

interface RawArtifact {
  id?: unknown;
  bytecode?: unknown;
  deployedBytecode?: unknown;
  rawMetadata?: unknown;
  /** Written with `extra_output = ["storageLayout"]`. */
  storageLayout?: unknown;
  metadata?: { settings?: { compilationTarget?: Record<string, unknown> } };
  /** Written with `ast = true` (or `forge build --ast`): the artifact's own source's AST. */
  ast?: { absolutePath?: unknown };
}

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
  const artifact = (await ws.optionalJson(file, problems))?.json as RawArtifact | undefined;
  if (!artifact || typeof artifact !== 'object') return undefined;
  const { bytecode, deployedBytecode, rawMetadata, metadata, storageLayout } = artifact;
  if (!bytecode && !deployedBytecode && !rawMetadata && !metadata) return undefined;
  const [targetPath, targetName] = Object.entries(compilationTarget(rawMetadata, metadata))[0] ?? [];
  const sourceName = targetPath ?? (typeof artifact.ast?.absolutePath === 'string' ? artifact.ast.absolutePath : undefined);
  if (!sourceName) {
    problems.push(`${file}: does not say which source file it was compiled from`);
    return undefined;
  }
  const sourceIndex = Number.isInteger(artifact.id) ? (artifact.id as number) : undefined;
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
      parsed = parseBoundedJson(rawMetadata) as RawArtifact['metadata'];
    } catch {
      parsed = undefined;
    }
  }
  return parsed?.settings?.compilationTarget ?? {};
}
