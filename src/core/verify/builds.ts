// Finds the compiler metadata of a deployed contract among the workspace's build outputs: the record's own metadata
// (hardhat-deploy), the build-info its tool points at (Ignition), or any Hardhat build-info / Foundry artifact that
// compiled a contract of that name (the most recently written wins, as it reflects the last compile).
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readJson, walkFiles } from '../deployments/files';
import type { DeploymentRecord } from '../deployments/record';
import { asMetadata, compilationTarget, type SolcMetadata } from './metadata';

export interface ContractBuild {
  name: string;
  /** Compilation target path as the metadata names it. */
  sourcePath: string;
  metadataRaw: string;
  metadata: SolcMetadata;
  /** File the metadata came from. */
  origin: string;
}

interface BuildInfo {
  _format?: string;
  id?: string;
  output?: { contracts?: Record<string, Record<string, { metadata?: unknown }>> };
}

function toBuild(raw: unknown, origin: string): ContractBuild | undefined {
  const metadataRaw = typeof raw === 'string' ? raw : raw && typeof raw === 'object' ? JSON.stringify(raw) : undefined;
  const metadata = metadataRaw === undefined ? undefined : asMetadata(metadataRaw);
  const target = metadata && compilationTarget(metadata);
  return metadata && target && metadataRaw ? { name: target.name, sourcePath: target.path, metadataRaw, metadata, origin } : undefined;
}

/** Every contract a Hardhat build-info compiled (Hardhat 3 keeps the output in a sibling `<id>.output.json`). */
async function buildInfoContracts(file: string): Promise<ContractBuild[]> {
  const info = (await readJson(file))?.json as BuildInfo | undefined;
  if (!info?._format?.includes('sol-build-info')) return [];
  let output = info.output;
  if (!output && info.id) output = ((await readJson(join(dirname(file), `${info.id}.output.json`)))?.json as { output?: BuildInfo['output'] } | undefined)?.output;
  return Object.values(output?.contracts ?? {}).flatMap((byName) =>
    Object.values(byName).flatMap((c) => {
      const b = toBuild(c.metadata, file);
      return b ? [b] : [];
    }),
  );
}

/** A Foundry artifact `out/<File>.sol/<Name>.json` carries `rawMetadata` (text) and `metadata` (object). */
async function foundryArtifact(file: string): Promise<ContractBuild[]> {
  const a = (await readJson(file))?.json as { rawMetadata?: unknown; metadata?: unknown } | undefined;
  const b = toBuild(a?.rawMetadata ?? a?.metadata, file);
  return b ? [b] : [];
}

const SKIP = new Set(['node_modules', '.git']);

export class BuildIndex {
  private readonly cache = new Map<string, { mtimeMs: number; builds: ContractBuild[] }>();

  constructor(private readonly root: string) {}

  private async read(file: string, load: (f: string) => Promise<ContractBuild[]>): Promise<{ mtimeMs: number; builds: ContractBuild[] }> {
    const mtimeMs = (await stat(file).catch(() => undefined))?.mtimeMs ?? 0;
    const hit = this.cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit;
    const entry = { mtimeMs, builds: await load(file) };
    this.cache.set(file, entry);
    return entry;
  }

  /** All builds in the workspace, newest file first. */
  async all(): Promise<ContractBuild[]> {
    const [hardhat, ignition, foundry] = await Promise.all([
      walkFiles(join(this.root, 'artifacts', 'build-info'), (rel) => rel.endsWith('.json') && !rel.endsWith('.output.json'), SKIP),
      walkFiles(join(this.root, 'ignition', 'deployments'), (rel) => /\/build-info\/[^/]+\.json$/.test(rel) && !rel.endsWith('.output.json'), SKIP),
      walkFiles(join(this.root, 'out'), (rel) => rel.endsWith('.json') && !basename(rel).startsWith('.') && !rel.startsWith('build-info/'), SKIP),
    ]);
    const entries = await Promise.all([
      ...[...hardhat, ...ignition].map((f) => this.read(f, buildInfoContracts)),
      ...foundry.map((f) => this.read(f, foundryArtifact)),
    ]);
    return entries.sort((a, b) => b.mtimeMs - a.mtimeMs).flatMap((e) => e.builds);
  }

  /** The build for a record, or a sentence saying why there is none. */
  async forRecord(record: DeploymentRecord): Promise<ContractBuild | string> {
    const own = record.metadata === undefined ? undefined : toBuild(record.metadata, record.file ?? 'record');
    if (own) return own;
    if (!record.name) return 'The deployment record does not name its contract; add "name" to it (for example in ledgerMirror.verify.contracts).';
    if (record.buildInfoFile) {
      const hit = (await this.read(record.buildInfoFile, buildInfoContracts)).builds.find((b) => b.name === record.name);
      if (hit) return hit;
    }
    const hit = (await this.all()).find((b) => b.name === record.name);
    return hit ?? `No compiler output for contract ${record.name} was found (looked in artifacts/build-info, ignition build-info and Foundry out/). Compile the project first.`;
  }
}
