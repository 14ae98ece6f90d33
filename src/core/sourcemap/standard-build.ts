// Contracts of one solc standard-JSON compilation (a Hardhat build info, or a Foundry one written with
// `build_info = true`): code and source maps from the output, source texts from the input.
import { sourceCandidates, type ContractArtifact, type SourceFile } from './artifacts';
import { CompiledCode } from './compiled-code';

interface Evm {
  bytecode?: { object?: unknown; sourceMap?: unknown; linkReferences?: unknown };
  deployedBytecode?: { object?: unknown; sourceMap?: unknown; linkReferences?: unknown; immutableReferences?: unknown };
}

export interface StandardBuild {
  input?: { sources?: Record<string, { content?: unknown } | undefined> };
  output?: {
    sources?: Record<string, { id?: unknown } | undefined>;
    contracts?: Record<string, Record<string, { evm?: Evm } | undefined> | undefined>;
  };
}

/** Source index → file, for the sources a compilation's output lists. */
export function buildSources(root: string, build: StandardBuild): Map<number, SourceFile> {
  const sources = new Map<number, SourceFile>();
  for (const [sourceName, source] of Object.entries(build.output?.sources ?? {})) {
    if (!Number.isInteger(source?.id)) continue;
    const content = build.input?.sources?.[sourceName]?.content;
    sources.set(source?.id as number, { sourceName, candidates: sourceCandidates(root, sourceName), content: typeof content === 'string' ? content : undefined });
  }
  return sources;
}

/** Code with its map, or undefined when the output has none (interfaces, abstract contracts, a trimmed selection). */
export function compiledCode(part: { object?: unknown; sourceMap?: unknown; linkReferences?: unknown; immutableReferences?: unknown } | undefined): CompiledCode | undefined {
  if (typeof part?.object !== 'string' || typeof part.sourceMap !== 'string') return undefined;
  const hex = part.object.replace(/^0x/i, '');
  if (hex.length === 0) return undefined;
  return new CompiledCode(hex, part.sourceMap, part.linkReferences, part.immutableReferences);
}

/** Every contract with code in the compilation; one with unreadable code is left out and named in `problems`. */
export function standardBuildArtifacts(root: string, build: StandardBuild, origin: string, problems: string[]): ContractArtifact[] {
  const sources = buildSources(root, build);
  const out: ContractArtifact[] = [];
  for (const [sourceName, contracts] of Object.entries(build.output?.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts ?? {})) {
      try {
        const runtime = compiledCode(contract?.evm?.deployedBytecode);
        const creation = compiledCode(contract?.evm?.bytecode);
        if (runtime || creation) out.push({ name, sourceName, origin, runtime, creation, sources });
      } catch (err) {
        problems.push(`${origin}: ${sourceName}:${name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  return out;
}
