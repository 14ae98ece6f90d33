// Finds and reads the compiler output in a project folder: Hardhat 2 and 3 build infos under
// `artifacts/build-info`, the build infos Ignition keeps per deployment, and Foundry's artifacts and build infos
// (in `out/` or the folders its cache names). A missing folder is normal; a file that cannot be read is skipped and
// reported, so one broken file never hides the others. Files are parsed again only once they change.
import { basename, join, relative } from 'node:path';
import { WorkspaceFolder } from '../workspace/confined-fs';
import { readBuildInfo, type Compilation } from './build-info';
import type { CompiledContract, CompiledSource, CompiledSources } from './compiled';
import { foundryLayout, readFoundryArtifact, type FoundryArtifact } from './foundry';

export interface BuildOutput {
  /** Newest output first (the last compile wins), each compilation once. */
  contracts: CompiledContract[];
  /** One line per file or contract that could not be read. */
  problems: string[];
}

interface Read<T> {
  file: string;
  mtimeMs: number;
  value: T;
  problems: string[];
}

interface Cached<T> extends Read<T> {
  /** Every file the value came from, with the mtime it had. */
  stamps: Array<[string, number]>;
}

const SKIP = new Set(['node_modules', '.git']);

export class BuildOutputReader {
  private readonly cache = new Map<string, Cached<unknown>>();

  private readonly ws: WorkspaceFolder;

  constructor(root: string) {
    this.ws = new WorkspaceFolder(root);
  }

  async read(): Promise<BuildOutput> {
    const problems: string[] = [];
    const { ws } = this;
    const foundry = await foundryLayout(ws, problems);
    // Foundry's cache names its folders: one that leaves the workspace is reported, not walked.
    const [hardhat, ignition, foundryBuildInfos, foundryArtifacts] = await Promise.all([
      ws.walkFiles(join(ws.root, 'artifacts', 'build-info'), (rel) => rel.endsWith('.json') && !rel.endsWith('.output.json'), SKIP),
      ws.walkFiles(
        join(ws.root, 'ignition', 'deployments'),
        (rel) => /\/build-info\/[^/]+\.json$/.test(rel) && !rel.endsWith('.output.json'),
        SKIP,
      ),
      ws.walkFiles(foundry.buildInfoDir, (rel) => rel.endsWith('.json'), SKIP, problems),
      ws.walkFiles(foundry.outDir, (rel) => rel.endsWith('.json') && !basename(rel).startsWith('.'), SKIP, problems),
    ]);
    const inBuildInfoDir = (file: string) => !relative(foundry.buildInfoDir, file).startsWith('..');
    const builds: Array<Read<Compilation | undefined>> = [];
    for (const file of [...hardhat, ...ignition]) builds.push(await this.buildInfo(file, 'hardhat'));
    for (const file of foundryBuildInfos) builds.push(await this.buildInfo(file, 'foundry'));
    const artifacts: Array<Read<FoundryArtifact | undefined>> = [];
    for (const file of foundryArtifacts)
      if (!inBuildInfoDir(file))
        artifacts.push(
          await this.cached(file, 'artifact', async (p) => ({ value: await readFoundryArtifact(ws, file, p), files: [file] })),
        );
    for (const r of [...builds, ...artifacts]) problems.push(...r.problems);

    const groups = [...builds.flatMap(buildGroup), ...artifactGroups(builds, artifacts, foundry.buildOfArtifact)];
    // Ignition keeps copies of Hardhat's build infos: a compilation (one id) is read from its newest file only.
    const seen = new Set<string>();
    const fresh = (id: string | undefined) => id === undefined || (!seen.has(id) && Boolean(seen.add(id)));
    const contracts = groups
      .sort((a, b) => b.mtimeMs - a.mtimeMs)
      .filter((g) => fresh(g.buildId))
      .flatMap((g) => g.contracts);
    return { contracts, problems };
  }

  /** The contracts of one Hardhat or Ignition build info (the one a deployment record names). */
  async readBuildInfo(file: string): Promise<CompiledContract[]> {
    return contractsOf(await this.buildInfo(file, 'hardhat'));
  }

  private buildInfo(file: string, tool: 'hardhat' | 'foundry'): Promise<Read<Compilation | undefined>> {
    return this.cached(file, tool, async (problems) => {
      const { compilation, files } = await readBuildInfo(this.ws, file, tool, problems);
      return { value: compilation, files };
    });
  }

  /** `load`'s result for `file`, read again only when one of the files it came from changed. */
  private async cached<T>(
    file: string,
    kind: string,
    load: (problems: string[]) => Promise<{ value: T; files: string[] }>,
  ): Promise<Read<T>> {
    const key = `${kind}:${file}`;
    const hit = this.cache.get(key) as Cached<T> | undefined;
    if (hit && (await Promise.all(hit.stamps.map(async ([f, m]) => (await this.ws.mtimeMs(f)) === m))).every(Boolean)) return hit;
    const mtimeMs = await this.ws.mtimeMs(file);
    const problems: string[] = [];
    const { value, files } = await load(problems);
    const stamps = await Promise.all(
      files.map(async (f): Promise<[string, number]> => [f, f === file ? mtimeMs : await this.ws.mtimeMs(f)]),
    );
    const entry: Cached<T> = { file, mtimeMs, value, problems, stamps };
    this.cache.set(key, entry);
    return entry;
  }
}

/** Reads the build output of `root` once (no caching between calls). */
export function readBuildOutput(root: string): Promise<BuildOutput> {
  return new BuildOutputReader(root).read();
}

function contractsOf({ value, file, mtimeMs }: Read<Compilation | undefined>): CompiledContract[] {
  if (!value) return [];
  return value.contracts.map((c) => ({ ...c, sources: value.sources, origin: file, from: 'build-info', mtimeMs }));
}

interface Group {
  mtimeMs: number;
  /** Compilation id of a build info's contracts. */
  buildId?: string;
  contracts: CompiledContract[];
}

function buildGroup(r: Read<Compilation | undefined>): Group[] {
  return r.value?.contracts.length ? [{ mtimeMs: r.mtimeMs, buildId: r.value.id, contracts: contractsOf(r) }] : [];
}

/** Foundry artifacts with the sources their build info names, except those a full build info holds. */
function artifactGroups(
  builds: ReadonlyArray<Read<Compilation | undefined>>,
  artifacts: ReadonlyArray<Read<FoundryArtifact | undefined>>,
  buildOfArtifact: ReadonlyMap<string, string>,
): Group[] {
  const sourcesByBuild = new Map<string, CompiledSources>();
  const complete = new Set<string>();
  for (const { value } of builds) {
    if (!value) continue;
    if (!sourcesByBuild.has(value.id) || value.contracts.length) sourcesByBuild.set(value.id, value.sources);
    if (value.contracts.length) complete.add(value.id);
  }
  const groups: Group[] = [];
  const buildOf = (file: string, value: FoundryArtifact) => buildOfArtifact.get(file) ?? buildNaming(sourcesByBuild, value);
  // Artifacts written with `ast = true` each hold their own source's AST: together, their build's.
  const astSources = new Map<string, Map<number, CompiledSource>>();
  for (const { file, value } of artifacts) {
    const buildId = value?.declarations && value.sourceIndex !== undefined ? buildOf(file, value) : undefined;
    const own = buildId !== undefined ? sourcesByBuild.get(buildId)?.get(value!.sourceIndex!) : undefined;
    if (!own || own.declarations) continue;
    let merged = astSources.get(buildId!);
    if (!merged) astSources.set(buildId!, (merged = new Map(sourcesByBuild.get(buildId!))));
    merged.set(value!.sourceIndex!, { ...own, declarations: value!.declarations });
  }
  for (const { file, mtimeMs, value } of artifacts) {
    if (!value) continue;
    const buildId = buildOf(file, value);
    // The full build info has this contract too, with its sources' text: it is read from there.
    if (buildId !== undefined && complete.has(buildId)) continue;
    const sources = (buildId !== undefined ? (astSources.get(buildId) ?? sourcesByBuild.get(buildId)) : undefined) ?? value.ownSources;
    const { name, sourceName, output } = value;
    groups.push({ mtimeMs, contracts: [{ name, sourceName, output, sources, origin: file, from: 'artifact', mtimeMs }] });
  }
  return groups;
}

/** Without a cache entry: the build whose source index `sourceIndex` is this artifact's own source. */
function buildNaming(sourcesByBuild: ReadonlyMap<string, CompiledSources>, a: FoundryArtifact): string | undefined {
  if (a.sourceIndex === undefined) return undefined;
  for (const [id, sources] of sourcesByBuild) if (sources.get(a.sourceIndex)?.sourceName === a.sourceName) return id;
  return undefined;
}
