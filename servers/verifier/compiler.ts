// The reference server recompiles with the one solc that npm installed (no downloads at test time), so it can only
// verify contracts built with that exact version; any other version is reported the way a real server reports a
// compiler it cannot obtain.
import solc from 'solc';
import { normaliseCompilerVersion } from '../../src/core/verify/metadata';
import type { StdJsonInput } from '../../src/core/verify/std-json';

export const BUNDLED_SOLC_VERSION = normaliseCompilerVersion(solc.version());

export interface ImmutableSlot {
  start: number;
  length: number;
}

export interface CompiledContract {
  /** The metadata JSON text exactly as solc wrote it (its hash is embedded in the bytecode). */
  metadata: string;
  /** Creation bytecode, hex without 0x. */
  creation: string;
  /** Runtime bytecode, hex without 0x; immutable slots are zero. */
  runtime: string;
  immutableReferences: Record<string, ImmutableSlot[]>;
  /** What API v2's lookup serves of a verified contract. */
  abi: unknown[];
  runtimeSourceMap: string;
  runtimeLinkReferences: Record<string, unknown>;
  storageLayout: unknown;
  /** Each source's index in the source maps, as solc numbered them. */
  sourceIds: Record<string, { id: number }>;
  /** The compilation it came from: the sources by name, settings and the full compiler version. */
  input: StdJsonInput;
  compilerVersion: string;
}

/** Everything the server keeps of a compilation (a client's outputSelection is replaced by it). */
const SERVER_OUTPUT_SELECTION = {
  '*': {
    '*': [
      'abi',
      'metadata',
      'storageLayout',
      'evm.bytecode.object',
      'evm.deployedBytecode.object',
      'evm.deployedBytecode.immutableReferences',
      'evm.deployedBytecode.sourceMap',
      'evm.deployedBytecode.linkReferences',
    ],
  },
};

export type Compilation = Record<string, Record<string, CompiledContract>>;

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage?: string; message: string }>;
  sources?: Record<string, { id: number }>;
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi?: unknown[];
        metadata: string;
        storageLayout?: unknown;
        evm: {
          bytecode: { object: string };
          deployedBytecode: {
            object: string;
            immutableReferences?: Record<string, ImmutableSlot[]>;
            sourceMap?: string;
            linkReferences?: Record<string, unknown>;
          };
        };
      }
    >
  >;
}

export class CompilerError extends Error {}

/** Compiles with the bundled solc; throws CompilerError when the version differs or solc reports errors. */
export function compileStdJson(input: StdJsonInput, compilerVersion: string = BUNDLED_SOLC_VERSION): Compilation {
  const wanted = normaliseCompilerVersion(compilerVersion);
  if (wanted !== BUNDLED_SOLC_VERSION) {
    throw new CompilerError(`Compiler ${wanted} is not available on this reference server; it has only ${BUNDLED_SOLC_VERSION}.`);
  }
  const output = JSON.parse(
    solc.compile(JSON.stringify({ ...input, settings: { ...input.settings, outputSelection: SERVER_OUTPUT_SELECTION } })),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new CompilerError(errors.map((e) => e.formattedMessage ?? e.message).join('\n'));
  const out: Compilation = {};
  for (const [path, byName] of Object.entries(output.contracts ?? {})) {
    for (const [name, c] of Object.entries(byName)) {
      (out[path] ??= {})[name] = {
        metadata: c.metadata,
        creation: c.evm.bytecode.object,
        runtime: c.evm.deployedBytecode.object,
        immutableReferences: c.evm.deployedBytecode.immutableReferences ?? {},
        abi: c.abi ?? [],
        runtimeSourceMap: c.evm.deployedBytecode.sourceMap ?? '',
        runtimeLinkReferences: c.evm.deployedBytecode.linkReferences ?? {},
        storageLayout: c.storageLayout ?? null,
        sourceIds: Object.fromEntries(Object.entries(output.sources ?? {}).map(([name, { id }]) => [name, { id }])),
        input,
        compilerVersion: solc.version(),
      };
    }
  }
  return out;
}
