// Finds compiled contracts with source maps in a project folder: Hardhat 2 and 3 build infos under
// `artifacts/build-info`, and Foundry's `out/` artifacts with `out/build-info` (or the folders its
// `cache/solidity-files-cache.json` names). A missing folder is normal; a file that cannot be read is skipped and
// reported, so one broken artifact never hides the others.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { sourceCandidates, type ContractArtifact, type SourceFile } from './artifacts';
import { compiledCode, standardBuildArtifacts, type StandardBuild } from './standard-build';

export interface Discovery {
  artifacts: ContractArtifact[];
  /** One line per file or contract that could not be read. */
  problems: string[];
}

export async function discoverArtifacts(root: string): Promise<Discovery> {
  const problems: string[] = [];
  const [hardhat, foundry] = await Promise.all([hardhatArtifacts(root, problems), foundryArtifacts(root, problems)]);
  return { artifacts: [...hardhat, ...foundry], problems };
}

/** `.json` files below `dir` (absolute paths, sorted); none when the folder does not exist. */
async function jsonFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith('.json')).map((n) => join(dir, n)).sort();
}

async function readJson(file: string, problems: string[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    problems.push(`${file}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    return undefined;
  }
}

interface HardhatBuildInfo extends StandardBuild {
  _format?: unknown;
  id?: unknown;
}

/** Hardhat 2 keeps input and output in one build info; Hardhat 3 puts the output in `<id>.output.json` beside it. */
async function hardhatArtifacts(root: string, problems: string[]): Promise<ContractArtifact[]> {
  const dir = join(root, 'artifacts', 'build-info');
  const out: ContractArtifact[] = [];
  for (const file of await jsonFiles(dir)) {
    if (file.endsWith('.output.json')) continue;
    const info = (await readJson(file, problems)) as HardhatBuildInfo | undefined;
    if (typeof info?._format !== 'string' || !info._format.includes('sol-build-info')) continue;
    let output = info.output;
    if (!output) {
      const id = typeof info.id === 'string' ? info.id : basename(file, '.json');
      output = ((await readJson(join(dir, `${id}.output.json`), problems)) as HardhatBuildInfo | undefined)?.output;
      if (!output) problems.push(`${file}: no compiler output beside it (${id}.output.json)`);
    }
    out.push(...standardBuildArtifacts(root, { input: info.input, output }, file, problems));
  }
  return out;
}

interface FoundryCache {
  paths?: { artifacts?: unknown; build_infos?: unknown };
  files?: Record<string, { artifacts?: Record<string, Record<string, unknown>> } | undefined>;
}

interface FoundryBuildInfo extends StandardBuild {
  id?: unknown;
  source_id_to_path?: Record<string, unknown>;
}

interface FoundryArtifact {
  id?: unknown;
  bytecode?: Parameters<typeof compiledCode>[0];
  deployedBytecode?: Parameters<typeof compiledCode>[0];
  metadata?: { settings?: { compilationTarget?: Record<string, unknown> } };
  ast?: { absolutePath?: unknown };
}

async function foundryArtifacts(root: string, problems: string[]): Promise<ContractArtifact[]> {
  const cache = (await readJson(join(root, 'cache', 'solidity-files-cache.json'), problems)) as FoundryCache | undefined;
  const outDir = resolve(root, typeof cache?.paths?.artifacts === 'string' ? cache.paths.artifacts : 'out');
  const buildInfoDir = resolve(root, typeof cache?.paths?.build_infos === 'string' ? cache.paths.build_infos : join(outDir, 'build-info'));
  const out: ContractArtifact[] = [];

  // Build infos: full ones (`build_info = true`) carry everything; the minimal one maps source indices to paths.
  const complete = new Set<string>();
  const sourcesByBuild = new Map<string, Map<number, SourceFile>>();
  for (const file of await jsonFiles(buildInfoDir)) {
    const info = (await readJson(file, problems)) as FoundryBuildInfo | undefined;
    const id = typeof info?.id === 'string' ? info.id : basename(file, '.json');
    if (info?.output?.contracts) {
      out.push(...standardBuildArtifacts(root, info, file, problems));
      complete.add(id);
    } else if (info?.source_id_to_path) {
      const sources = new Map<number, SourceFile>();
      for (const [index, path] of Object.entries(info.source_id_to_path)) {
        if (/^\d+$/.test(index) && typeof path === 'string') sources.set(Number(index), { sourceName: path, candidates: sourceCandidates(root, path), content: undefined });
      }
      sourcesByBuild.set(id, sources);
    }
  }

  const buildOfArtifact = cachedBuildIds(cache, outDir);
  const inBuildInfoDir = (file: string) => !relative(buildInfoDir, file).startsWith('..');
  for (const file of await jsonFiles(outDir)) {
    if (inBuildInfoDir(file)) continue;
    const artifact = (await readJson(file, problems)) as FoundryArtifact | undefined;
    if (!artifact?.deployedBytecode && !artifact?.bytecode) continue;
    const [targetPath, targetName] = Object.entries(artifact.metadata?.settings?.compilationTarget ?? {})[0] ?? [];
    const sourceName = targetPath ?? (typeof artifact.ast?.absolutePath === 'string' ? artifact.ast.absolutePath : undefined);
    const name = typeof targetName === 'string' ? targetName : basename(file).split('.')[0];
    if (!sourceName) {
      problems.push(`${file}: does not say which source file it was compiled from`);
      continue;
    }
    const fileIndex = Number.isInteger(artifact.id) ? (artifact.id as number) : undefined;
    const buildId = buildOfArtifact.get(file) ?? buildNaming(sourcesByBuild, fileIndex, sourceName);
    if (buildId !== undefined && complete.has(buildId)) continue;
    const sources = (buildId !== undefined ? sourcesByBuild.get(buildId) : undefined) ??
      new Map(fileIndex === undefined ? [] : [[fileIndex, { sourceName, candidates: sourceCandidates(root, sourceName), content: undefined }]]);
    try {
      const runtime = compiledCode(artifact.deployedBytecode);
      const creation = compiledCode(artifact.bytecode);
      if (runtime || creation) out.push({ name, sourceName, origin: file, runtime, creation, sources });
    } catch (err) {
      problems.push(`${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return out;
}

/**
 * Artifact file → build id from Foundry's cache: `files[source].artifacts[contract][version]` is `{path, build_id}`,
 * or one more level keyed by profile in newer caches.
 */
function cachedBuildIds(cache: FoundryCache | undefined, outDir: string): Map<string, string> {
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

/** Without a cache entry: the build whose source index `fileIndex` is this artifact's own source. */
function buildNaming(sourcesByBuild: ReadonlyMap<string, ReadonlyMap<number, SourceFile>>, fileIndex: number | undefined, sourceName: string): string | undefined {
  if (fileIndex === undefined) return undefined;
  for (const [id, sources] of sourcesByBuild) if (sources.get(fileIndex)?.sourceName === sourceName) return id;
  return undefined;
}
