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
}

export type Compilation = Record<string, Record<string, CompiledContract>>;

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage?: string; message: string }>;
  contracts?: Record<
    string,
    Record<string, { metadata: string; evm: { bytecode: { object: string }; deployedBytecode: { object: string; immutableReferences?: Record<string, ImmutableSlot[]> } } }>
  >;
}

export class CompilerError extends Error {}

/** Compiles with the bundled solc; throws CompilerError when the version differs or solc reports errors. */
export function compileStdJson(input: StdJsonInput, compilerVersion: string = BUNDLED_SOLC_VERSION): Compilation {
  const wanted = normaliseCompilerVersion(compilerVersion);
  if (wanted !== BUNDLED_SOLC_VERSION) {
    throw new CompilerError(`Compiler ${wanted} is not available on this reference server; it has only ${BUNDLED_SOLC_VERSION}.`);
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
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
      };
    }
  }
  return out;
}
