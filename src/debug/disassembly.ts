// A contract's instructions for the Disassembly view, decoded once per code.
import { immediateSize, opcodeName } from '../core/sourcemap/opcodes';

export interface Instruction {
  pc: number;
  text: string;
  bytes: string;
}

const cache = new WeakMap<Uint8Array, Instruction[]>();

export function disassemble(code: Uint8Array): Instruction[] {
  let list = cache.get(code);
  if (list) return list;
  list = [];
  for (let pc = 0; pc < code.length;) {
    const byte = code[pc];
    const size = immediateSize(byte);
    const imm = Buffer.from(code.subarray(pc + 1, pc + 1 + size)).toString('hex');
    const name = opcodeName(byte) ?? `INVALID(0x${byte.toString(16).padStart(2, '0')})`;
    list.push({ pc, text: size ? `${name} 0x${imm}` : name, bytes: Buffer.from(code.subarray(pc, pc + 1 + size)).toString('hex') });
    pc += 1 + size;
  }
  cache.set(code, list);
  return list;
}

/** Index of the instruction at `pc`, or of the last one before it. */
export function instructionIndexOf(list: readonly Instruction[], pc: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (list[mid].pc <= pc) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
