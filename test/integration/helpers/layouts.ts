// The sample compilation rewritten in the other tools' layouts (shapes from anchors §C: Hardhat 3's split build
// info and `project/` source names; Foundry's out/ artifacts, minimal or full build info, and its cache file), so
// discovery and mapping are tested on the same real solc output in every layout.
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sampleWorkspace } from './sample-workspace';

interface Contract {
  abi: unknown;
  metadata: string;
  evm: { bytecode: Record<string, unknown>; deployedBytecode: Record<string, unknown> };
  storageLayout?: unknown;
}

export interface BuildInfo {
  id: string;
  solcVersion: string;
  solcLongVersion: string;
  input: { language: string; sources: Record<string, { content: string }>; settings: unknown };
  output: { sources: Record<string, { id: number; ast: unknown }>; contracts: Record<string, Record<string, Contract>> };
}

export async function sampleBuildInfo(): Promise<BuildInfo> {
  const dir = join(await sampleWorkspace(), 'artifacts/build-info');
  const [file] = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  return JSON.parse(await readFile(join(dir, file), 'utf8')) as BuildInfo;
}

/** Temporary project folders for one suite: `make()` one per test, `remove()` them all in `after`. */
export function tempDirs(prefix: string): { make(): Promise<string>; remove(): Promise<void> } {
  let dirs: string[] = [];
  return {
    async make() {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    async remove() {
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
      dirs = [];
    },
  };
}

export async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(value));
}

/** The sources as a project checkout has them (`contracts/*.sol`). */
export async function copySources(dir: string): Promise<void> {
  await cp(join(await sampleWorkspace(), 'contracts'), join(dir, 'contracts'), { recursive: true });
}

const renamed = <T>(record: Record<string, T>, rename: (name: string) => string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [rename(k), v]));

/** Hardhat 3: `<id>.json` (input, `project/…` names) and `<id>.output.json` (the solc output). */
export async function writeHardhat3(dir: string, build: BuildInfo): Promise<void> {
  const project = (name: string) => `project/${name}`;
  await writeJson(join(dir, 'artifacts/build-info', `${build.id}.json`), {
    _format: 'hh3-sol-build-info-1',
    id: build.id,
    solcVersion: build.solcVersion,
    solcLongVersion: build.solcLongVersion,
    userSourceNameMap: Object.fromEntries(Object.keys(build.input.sources).map((n) => [n, project(n)])),
    input: { ...build.input, sources: renamed(build.input.sources, project) },
  });
  await writeJson(join(dir, 'artifacts/build-info', `${build.id}.output.json`), {
    _format: 'hh3-sol-build-info-output-1',
    id: build.id,
    output: { ...build.output, sources: renamed(build.output.sources, project), contracts: renamed(build.output.contracts, project) },
  });
}

export interface FoundryOptions {
  /** Write `cache/solidity-files-cache.json` (default true). */
  cache?: boolean;
  /** `minimal` (Foundry's default), `full` (`build_info = true`) or none. */
  buildInfo?: 'minimal' | 'full' | 'none';
  /** The artifacts folder (default `out`); a cache then says where it is. */
  out?: string;
  /** Artifacts carry `storageLayout`, as with `extra_output = ["storageLayout"]` (default false, Foundry's default). */
  storageLayout?: boolean;
  /** Artifacts carry their source's `ast`, as with `ast = true` (default false, Foundry's default). */
  ast?: boolean;
}

/** Foundry: `out/<File>.sol/<Contract>.<version>.json` per contract, build info and cache as asked. */
export async function writeFoundry(dir: string, build: BuildInfo, options: FoundryOptions = {}): Promise<void> {
  const out = options.out ?? 'out';
  const files: Record<string, { artifacts: Record<string, Record<string, unknown>> }> = {};
  for (const [sourceName, contracts] of Object.entries(build.output.contracts)) {
    const fileName = sourceName.split('/').pop()!;
    for (const [name, c] of Object.entries(contracts)) {
      const hex = (o: Record<string, unknown>) => ({ ...o, object: `0x${o.object as string}` });
      const path = `${fileName}/${name}.${build.solcVersion}.json`;
      await writeJson(join(dir, out, path), {
        abi: c.abi,
        bytecode: hex(c.evm.bytecode),
        deployedBytecode: hex(c.evm.deployedBytecode),
        rawMetadata: c.metadata,
        metadata: JSON.parse(c.metadata) as unknown,
        id: build.output.sources[sourceName].id,
        ...(options.storageLayout ? { storageLayout: c.storageLayout } : {}),
        ...(options.ast ? { ast: build.output.sources[sourceName].ast } : {}),
      });
      // Newer caches add a profile level under the version.
      (files[sourceName] ??= { artifacts: {} }).artifacts[name] = { [build.solcVersion]: { default: { path, build_id: build.id } } };
    }
  }
  const sourceIdToPath = Object.fromEntries(Object.entries(build.output.sources).map(([n, s]) => [String(s.id), n]));
  const buildInfo = options.buildInfo ?? 'minimal';
  if (buildInfo !== 'none') {
    const minimal = { id: build.id, source_id_to_path: sourceIdToPath, language: 'Solidity' };
    const full = {
      ...minimal,
      _format: 'ethers-rs-sol-build-info-1',
      solcVersion: build.solcVersion,
      solcLongVersion: build.solcLongVersion,
      input: build.input,
      output: build.output,
    };
    await writeJson(join(dir, out, 'build-info', `${build.id}.json`), buildInfo === 'full' ? full : minimal);
  }
  if (options.cache ?? true) {
    await writeJson(join(dir, 'cache/solidity-files-cache.json'), {
      _format: '',
      paths: { artifacts: out, build_infos: `${out}/build-info`, sources: 'contracts' },
      files,
      builds: [build.id],
    });
  }
}
