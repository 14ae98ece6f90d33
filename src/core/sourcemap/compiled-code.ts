// One piece of compiled code (a contract's runtime or creation code) with its source map. The pc → instruction
// table and the decoded map are built on the first lookup and kept, so every later step is an array read.
import {
  codeBytes,
  instructionCount,
  instructionIndex,
  libraryAddressRange,
  metadataLength,
  referenceRanges,
  type ByteRange,
} from './bytecode';
import { opcodeName } from './opcodes';
import { decodeSourceMap, type SourceMapEntries } from './source-map';

/** A source-map entry: `length` bytes from `start` in source `file` (-1: no source). */
export interface SourceRange {
  start: number;
  length: number;
  file: number;
}

interface Index {
  pcToIc: Int32Array;
  entries: SourceMapEntries;
}

export class CompiledCode {
  readonly bytes: Uint8Array;
  /** Bytes a deployment fills in (library addresses, immutables, a library's own address): not compared. */
  readonly masked: readonly ByteRange[];
  /** Length of the CBOR metadata tail (0 when there is none). */
  readonly metadata: number;
  private index: Index | undefined;

  /**
   * `hex` as solc writes `evm.bytecode.object` / `evm.deployedBytecode.object`; `references` are its
   * `linkReferences` and (runtime code only) `immutableReferences`.
   */
  constructor(
    hex: string,
    readonly sourceMap: string,
    ...references: unknown[]
  ) {
    this.bytes = codeBytes(hex);
    checkMapSize(sourceMap, this.bytes);
    const own = libraryAddressRange(this.bytes);
    this.masked = [...references.flatMap(referenceRanges), ...(own ? [own] : [])];
    this.metadata = metadataLength(this.bytes);
  }

  /** Bytes up to the metadata: the code that can execute, and what matching compares. */
  get bodyLength(): number {
    return this.bytes.length - this.metadata;
  }

  /** The source range of the instruction at byte offset `pc`; undefined when no instruction starts there. */
  rangeAt(pc: number): SourceRange | undefined {
    const { pcToIc, entries } = this.indexed();
    const ic = pc >= 0 && pc < pcToIc.length ? pcToIc[pc] : -1;
    if (ic < 0 || ic >= entries.count) return undefined;
    return { start: entries.start[ic], length: entries.length[ic], file: entries.file[ic] };
  }

  /** The name of the instruction starting at `pc`, or undefined when `pc` is not an instruction start. */
  opAt(pc: number): string | undefined {
    const { pcToIc } = this.indexed();
    return pc >= 0 && pc < pcToIc.length && pcToIc[pc] >= 0 ? opcodeName(this.bytes[pc]) : undefined;
  }

  private indexed(): Index {
    // The metadata tail is data. Instructions past the map's last entry (a creation code's embedded runtime code)
    // are walked but have no entry, so they map to nothing.
    this.index ??= { pcToIc: instructionIndex(this.bytes, this.bodyLength), entries: decodeSourceMap(this.sourceMap) };
    return this.index;
  }
}

/**
 * solc writes one source-map entry per instruction, so a map with more is not a compiler's: it is refused before
 * decoding, which sizes its tables by entry count (29 million `;` would cost gigabytes).
 */
function checkMapSize(sourceMap: string, bytes: Uint8Array): void {
  const instructions = instructionCount(bytes);
  let entries = sourceMap.length === 0 ? 0 : 1;
  for (let at = sourceMap.indexOf(';'); at !== -1; at = sourceMap.indexOf(';', at + 1)) entries++;
  if (entries > instructions)
    throw new Error(`the source map has ${entries} entries, more than the ${instructions} instructions of its bytecode`);
}
