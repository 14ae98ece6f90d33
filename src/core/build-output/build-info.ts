// One solc standard-JSON compilation as a build info keeps it: Hardhat 2 (input and output in one file, also the
// copies Ignition keeps per deployment), Hardhat 3 (output in a sibling `<id>.output.json`), Foundry with
// `build_info = true` (the same), or Foundry's minimal build info (only source index → path).
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { lenient, readAs } from '../workspace/workspace-json';
import type { WorkspaceFolder } from '../workspace/confined-fs';
import { declarationsOf } from '../locals/declarations';
import { contractOutput, type CompiledSource, type CompiledSources, type SolcContractOutput } from './compiled';

// The fields read, each lenient (absent when it does not fit); the AST, metadata and code are checked where they are read.
const contract = z.object({
  metadata: z.unknown().optional(),
  evm: lenient(z.object({ bytecode: z.unknown().optional(), deployedBytecode: z.unknown().optional() })),
  storageLayout: z.unknown().optional(),
});
const rawOutput = z.object({
  sources: lenient(z.record(z.string(), lenient(z.object({ id: lenient(z.number().int()), ast: z.unknown().optional() })))),
  contracts: lenient(z.record(z.string(), lenient(z.record(z.string(), lenient(contract))))),
});
type RawOutput = z.output<typeof rawOutput>;

const rawBuildInfo = z.object({
  _format: lenient(z.string()),
  id: lenient(z.string()),
  input: lenient(z.object({ sources: lenient(z.record(z.string(), lenient(z.object({ content: lenient(z.string()) })))) })),
  output: lenient(rawOutput),
  /** Foundry's minimal build info. */
  source_id_to_path: lenient(z.record(z.string(), z.unknown())),
});
type RawBuildInfo = z.output<typeof rawBuildInfo>;

export interface Compilation {
  id: string;
  sources: CompiledSources;
  /** Every contract of the output; none for Foundry's minimal build info. */
  contracts: Array<{ name: string; sourceName: string; output: SolcContractOutput }>;
}

export interface BuildInfoRead {
  compilation: Compilation | undefined;
  /** The files it was read from (a Hardhat 3 build info and its output). */
  files: string[];
}

/**
 * `tool` decides what counts as a build info: Hardhat's say so in `_format` (other JSON in the folder is not one);
 * Foundry's folder holds nothing else, and its minimal ones have no `_format`.
 */
export async function readBuildInfo(
  ws: WorkspaceFolder,
  file: string,
  tool: 'hardhat' | 'foundry',
  problems: string[],
): Promise<BuildInfoRead> {
  const info = readAs(rawBuildInfo, (await ws.optionalJson(file, problems))?.json);
  const none = { compilation: undefined, files: [file] };
  if (!info) return none;
  if (tool === 'hardhat' && !info._format?.includes('sol-build-info')) return none;
  const id = info.id ?? basename(file, '.json');
  if (info.output) return { compilation: compilation(id, info, info.output), files: [file] };
  if (tool === 'foundry')
    return {
      compilation: info.source_id_to_path ? { id, sources: minimalSources(info.source_id_to_path), contracts: [] } : undefined,
      files: [file],
    };
  // `id` comes from the file: a `../` in it is refused by the workspace read like any other path.
  const outputFile = join(dirname(file), `${id}.output.json`);
  const output = readAs(rawBuildInfo, (await ws.optionalJson(outputFile, problems))?.json)?.output;
  if (!output) problems.push(`${file}: no compiler output beside it (${id}.output.json)`);
  return { compilation: output ? compilation(id, info, output) : undefined, files: [file, outputFile] };
}

function compilation(id: string, info: RawBuildInfo, output: RawOutput): Compilation {
  const sources = new Map<number, CompiledSource>();
  for (const [sourceName, source] of Object.entries(output.sources ?? {})) {
    if (source?.id === undefined) continue;
    sources.set(source.id, {
      sourceName,
      content: info.input?.sources?.[sourceName]?.content,
      declarations: declarationsOf(source.ast),
    });
  }
  const contracts = Object.entries(output.contracts ?? {}).flatMap(([sourceName, byName]) =>
    Object.entries(byName ?? {}).map(([name, c]) => ({
      name,
      sourceName,
      output: contractOutput(c?.metadata, c?.evm?.bytecode, c?.evm?.deployedBytecode, c?.storageLayout),
    })),
  );
  return { id, sources, contracts };
}

function minimalSources(sourceIdToPath: Record<string, unknown>): CompiledSources {
  const sources = new Map<number, CompiledSource>();
  for (const [index, path] of Object.entries(sourceIdToPath)) {
    if (/^\d+$/.test(index) && typeof path === 'string') sources.set(Number(index), { sourceName: path, content: undefined });
  }
  return sources;
}
