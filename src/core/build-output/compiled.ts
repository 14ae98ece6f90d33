// What the build-output reader yields: one entry per compiled contract, whatever tool (Hardhat 2 or 3, Ignition,
// Foundry) wrote it, in solc's own standard-JSON shape so each feature picks what it needs (verification the
// metadata, source stepping the code and source maps).
import type { SourceDeclarations } from '../locals/declarations';

/** `evm.bytecode` / `evm.deployedBytecode` of a solc output entry; values unchecked, as the compiler wrote them. */
export interface CodeOutput {
  object?: unknown;
  sourceMap?: unknown;
  linkReferences?: unknown;
  immutableReferences?: unknown;
}

/**
 * The part of a solc output entry (`output.contracts[source][name]`) either feature reads. Only these fields are
 * kept: build outputs also carry ASTs, ABIs and generated sources, too large to hold on to between reads.
 */
export interface SolcContractOutput {
  /** The solc metadata, as JSON text (solc, Foundry's `rawMetadata`) or an object (Foundry's `metadata`). */
  metadata?: unknown;
  evm: { bytecode?: CodeOutput; deployedBytecode?: CodeOutput };
  /** solc's `storageLayout` (only when the build asked for it), unchecked; the debugger names storage with it. */
  storageLayout?: unknown;
}

export interface CompiledSource {
  /** The name the compiler knew the file by (a key of its standard-JSON input). */
  sourceName: string;
  /** The exact text compiled, when the build output kept it. */
  content: string | undefined;
  /** Functions' parameters and locals from the AST, when the build output kept it (the debugger's Locals). */
  declarations?: SourceDeclarations;
}

/** A compilation's sources by source-map index (shared by all its contracts). */
export type CompiledSources = ReadonlyMap<number, CompiledSource>;

export interface CompiledContract {
  name: string;
  /** Source name of the file that defines the contract. */
  sourceName: string;
  output: SolcContractOutput;
  /** The compilation's sources, as far as the build output tells them (Foundry without build info: its own only). */
  sources: CompiledSources;
  /** The build output file it was read from. */
  origin: string;
  /** A build info holds a whole compilation; a Foundry artifact one contract. */
  from: 'build-info' | 'artifact';
  /** When the origin was last written. */
  mtimeMs: number;
}

/** Keeps only the fields of a solc output entry that `SolcContractOutput` names. */
export function contractOutput(
  metadata: unknown,
  bytecode: unknown,
  deployedBytecode: unknown,
  storageLayout?: unknown,
): SolcContractOutput {
  return { metadata, evm: { bytecode: codeOutput(bytecode), deployedBytecode: codeOutput(deployedBytecode) }, storageLayout };
}

function codeOutput(value: unknown): CodeOutput | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { object, sourceMap, linkReferences, immutableReferences } = value as CodeOutput;
  return { object, sourceMap, linkReferences, immutableReferences };
}
