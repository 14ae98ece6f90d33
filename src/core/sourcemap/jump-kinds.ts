// The jump field (`j`) of Solidity's source maps, per pc: `i` marks a jump into a function, `o` a jump out of one
// (docs.soliditylang.org, "Source Mappings"). The debugger tracks internal calls with it; placing a step does not
// need it, so the source-map decoder leaves it out and this reads it on its own, once per compiled code.
import { instructionIndex } from './bytecode';
import type { CompiledCode } from './compiled-code';

export const JUMP_NONE = 0;
export const JUMP_IN = 1;
export const JUMP_OUT = 2;

const tables = new WeakMap<CompiledCode, Uint8Array>();

/** JUMP_IN / JUMP_OUT / JUMP_NONE for each byte offset of `code` (JUMP_NONE where no instruction starts). */
export function jumpKinds(code: CompiledCode): Uint8Array {
  let table = tables.get(code);
  if (table) return table;
  const byInstruction = decodeJumpField(code.sourceMap);
  const pcToIc = instructionIndex(code.bytes, code.bodyLength);
  table = new Uint8Array(pcToIc.length);
  for (let pc = 0; pc < pcToIc.length; pc++) {
    const ic = pcToIc[pc];
    if (ic >= 0 && ic < byInstruction.length) table[pc] = byInstruction[ic];
  }
  tables.set(code, table);
  return table;
}

/** The jump field of each entry of a compressed source map; an empty field repeats the previous entry's. */
export function decodeJumpField(sourceMap: string): Uint8Array {
  const items = sourceMap.length === 0 ? [] : sourceMap.split(';');
  const out = new Uint8Array(items.length);
  let kind = JUMP_NONE;
  for (let i = 0; i < items.length; i++) {
    const field = items[i].split(':')[3];
    if (field) kind = field === 'i' ? JUMP_IN : field === 'o' ? JUMP_OUT : JUMP_NONE;
    out[i] = kind;
  }
  return out;
}
