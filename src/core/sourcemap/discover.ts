// The compiled contracts of a project folder that source stepping can use: those whose build output has code with a
// source map, with the sources the maps point into placed in the workspace. Finding and reading the output is the
// build-output reader's; a contract whose code cannot be read is left out and named in `problems`.
import { readBuildOutput } from '../build-output/reader';
import type { CodeOutput, CompiledContract, CompiledSources } from '../build-output/compiled';
import { parseStorageLayout } from '../build-output/storage-layout';
import { WorkspaceFolder } from '../workspace/confined-fs';
import { sourceCandidates, type ContractArtifact, type SourceFile } from './artifacts';
import { CompiledCode } from './compiled-code';

export interface Discovery {
  artifacts: ContractArtifact[];
  /** One line per file or contract that could not be read. */
  problems: string[];
}

export async function discoverArtifacts(root: string): Promise<Discovery> {
  const { contracts, problems } = await readBuildOutput(root);
  const workspace = new WorkspaceFolder(root);
  const placed = new Map<CompiledSources, ReadonlyMap<number, SourceFile>>();
  const place = (sources: CompiledSources) => {
    let files = placed.get(sources);
    if (!files)
      placed.set(
        sources,
        (files = new Map([...sources].map(([index, s]) => [index, { ...s, candidates: sourceCandidates(root, s.sourceName), workspace }]))),
      );
    return files;
  };
  const artifacts: ContractArtifact[] = [];
  for (const contract of contracts) {
    try {
      const runtime = compiledCode(contract.output.evm.deployedBytecode);
      const creation = compiledCode(contract.output.evm.bytecode);
      const storageLayout = parseStorageLayout(contract.output.storageLayout);
      if (runtime || creation)
        artifacts.push({
          name: contract.name,
          sourceName: contract.sourceName,
          origin: contract.origin,
          from: contract.from,
          runtime,
          creation,
          sources: place(contract.sources),
          metadata: contract.output.metadata,
          storageLayout,
        });
    } catch (err) {
      problems.push(`${where(contract)}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { artifacts, problems };
}

/** A build info holds many contracts, so its problems name the contract too. */
function where(c: CompiledContract): string {
  return c.from === 'artifact' ? c.origin : `${c.origin}: ${c.sourceName}:${c.name}`;
}

/** Code with its map, or undefined when the output has none (interfaces, abstract contracts, a trimmed selection). */
function compiledCode(part: CodeOutput | undefined): CompiledCode | undefined {
  if (typeof part?.object !== 'string' || typeof part.sourceMap !== 'string') return undefined;
  const hex = part.object.replace(/^0x/i, '');
  if (hex.length === 0) return undefined;
  return new CompiledCode(hex, part.sourceMap, part.linkReferences, part.immutableReferences);
}
