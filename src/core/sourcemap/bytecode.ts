// Bytecode as bytes, and the parts of it that differ between a compiler's output and the code on chain: library
// link placeholders, immutables, a library's own address, and the CBOR metadata tail.
import { immediateSize } from './opcodes';

export interface ByteRange {
  start: number;
  length: number;
}

/** Unlinked library references in solc output: `__$<34 hex>$__` (0.5+) or `__<name padded with _>__` (older). */
const PLACEHOLDER = /__\$[0-9a-fA-F]{34}\$__|__[^\s]{36}__/g;

/** Code bytes from hex (with or without `0x`); link placeholders become zeros, as in a deployment's masked view. */
export function codeBytes(hex: string): Uint8Array {
  const body = (hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex).replace(PLACEHOLDER, '0'.repeat(40));
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) throw new Error('Bytecode is not an even number of hex digits');
  return Uint8Array.from(Buffer.from(body, 'hex'));
}

/**
 * Bytes of the CBOR metadata solc appends (the map plus its 2-byte big-endian length), or 0 when the tail is not
 * one. The map is what changes when only comments or file names changed, so matching ignores it.
 */
export function metadataLength(code: Uint8Array): number {
  if (code.length < 2) return 0;
  const mapLength = (code[code.length - 2] << 8) | code[code.length - 1];
  const start = code.length - 2 - mapLength;
  // 0xa1..0xb7: a CBOR map of 1..23 pairs; solc writes 1 to 3.
  if (mapLength === 0 || start < 0 || code[start] < 0xa1 || code[start] > 0xb7) return 0;
  return mapLength + 2;
}

/**
 * Where a library's runtime code keeps its own address: solc emits `PUSH20 <zeros> ADDRESS EQ` first and the
 * deployment writes the address in (the call protection against non-DELEGATECALL use).
 */
export function libraryAddressRange(code: Uint8Array): ByteRange | undefined {
  if (code.length < 23 || code[0] !== 0x73 || code[21] !== 0x30 || code[22] !== 0x14) return undefined;
  for (let i = 1; i <= 20; i++) if (code[i] !== 0) return undefined;
  return { start: 1, length: 20 };
}

/** Byte ranges of solc's `linkReferences` (`{file: {library: [{start, length}]}}`) or `immutableReferences` (`{id: [...]}`). */
export function referenceRanges(refs: unknown): ByteRange[] {
  const out: ByteRange[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const r of value) if (isRange(r)) out.push({ start: r.start, length: r.length });
    } else if (value && typeof value === 'object') {
      for (const v of Object.values(value)) visit(v);
    }
  };
  visit(refs);
  return out;
}

function isRange(r: unknown): r is ByteRange {
  const o = r as Partial<ByteRange> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    Number.isInteger(o.start) &&
    Number.isInteger(o.length) &&
    (o.start as number) >= 0 &&
    (o.length as number) >= 0
  );
}

/**
 * The instruction index of each byte offset that starts an instruction (-1 inside PUSH data), for the first `end`
 * bytes. Source maps count instructions, traces report byte offsets.
 */
export function instructionIndex(code: Uint8Array, end = code.length): Int32Array {
  const limit = Math.min(end, code.length);
  const index = new Int32Array(limit).fill(-1);
  let ic = 0;
  for (let pc = 0; pc < limit; pc += 1 + immediateSize(code[pc])) index[pc] = ic++;
  return index;
}

/** How many instructions `code` holds (PUSH data counted with its PUSH): the most entries its source map can have. */
export function instructionCount(code: Uint8Array): number {
  let count = 0;
  for (let pc = 0; pc < code.length; pc += 1 + immediateSize(code[pc])) count++;
  return count;
}
