// Finds the compiler metadata of a deployed contract among the workspace's build outputs: the record's own metadata
// (hardhat-deploy), the build-info its tool points at (Ignition), or any build output that compiled a contract of
// that name (the most recently written wins, as it reflects the last compile).
import { BuildOutputReader } from '../build-output/reader';
import type { CompiledContract, SolcContractOutput } from '../build-output/compiled';
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

function toBuild(raw: unknown, origin: string): ContractBuild | undefined {
  const metadataRaw = typeof raw === 'string' ? raw : raw && typeof raw === 'object' ? JSON.stringify(raw) : undefined;
  const metadata = metadataRaw === undefined ? undefined : asMetadata(metadataRaw);
  const target = metadata && compilationTarget(metadata);
  return metadata && target && metadataRaw ? { name: target.name, sourcePath: target.path, metadataRaw, metadata, origin } : undefined;
}

/** Matches `Name`, or a fully qualified `path/File.sol:Name` when two contracts share a name. */
function isNamed(name: string): (b: ContractBuild) => boolean {
  const cut = name.lastIndexOf(':');
  if (cut < 0) return (b) => b.name === name;
  return (b) => b.sourcePath === name.slice(0, cut) && b.name === name.slice(cut + 1);
}

export class BuildIndex {
  private readonly reader: BuildOutputReader;
  /** Parsed metadata per output entry: the reader hands back the same entry until its file changes. */
  private readonly parsed = new WeakMap<SolcContractOutput, ContractBuild | undefined>();

  constructor(root: string) {
    this.reader = new BuildOutputReader(root);
  }

  private builds(contracts: readonly CompiledContract[]): ContractBuild[] {
    return contracts.flatMap(({ output, origin }) => {
      if (!this.parsed.has(output)) this.parsed.set(output, toBuild(output.metadata, origin));
      return this.parsed.get(output) ?? [];
    });
  }

  /** All builds in the workspace, newest file first. */
  async all(): Promise<ContractBuild[]> {
    return this.builds((await this.reader.read()).contracts);
  }

  /** The build for a record, or a sentence saying why there is none. */
  async forRecord(record: DeploymentRecord): Promise<ContractBuild | string> {
    const own = record.metadata === undefined ? undefined : toBuild(record.metadata, record.file ?? 'record');
    if (own) return own;
    if (!record.name)
      return 'The deployment record does not name its contract; add "name" to it (for example in ledgerMirror.verify.contracts).';
    const named = isNamed(record.name);
    if (record.buildInfoFile) {
      const hit = this.builds(await this.reader.readBuildInfo(record.buildInfoFile)).find(named);
      if (hit) return hit;
    }
    const hit = (await this.all()).find(named);
    return (
      hit ??
      `No compiler output for contract ${record.name} was found (looked in artifacts/build-info, ignition build-info and Foundry out/). Compile the project first.`
    );
  }
}
