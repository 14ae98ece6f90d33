// Which keys a mapping was read or written at, from the trace alone: solc reaches `m[k]` at keccak256(k . slot of m),
// and the trace shows each KECCAK256's result. The key is still on the stack just before the hash (an argument, a
// local, or the value CALLER pushed for the MSTORE), so each stack word of those steps is tried against each mapping
// base; a match is exact (it reproduces the hash), so nothing is guessed. Bounded: a trace full of hashes gives up
// on the oldest ones rather than hang the Variables view. A `string` or `bytes` key is hashed as its bytes followed by
// the slot, straight from memory: with memory in the trace, the hashed bytes are read at the KECCAK256's own operands
// and kept when they end in a mapping's slot and reproduce the hash.
import { bytesToBigInt, keccak256, type Hex } from 'viem';
import type { Program } from '../core/sourcemap/program';
import { firstAbove } from './stepping';
import { stackWordValue } from '../shared/stack-words';

/** A mapping entry the trace hashed: keccak256(key . base) = its slot. */
export interface MappingEntry {
  /** The key as it was hashed: a 32-byte word, or a string's or bytes' own bytes. */
  key: Hex;
  slot: bigint;
}

/** The entries of the mapping at `base` that the trace shows a hash of. */
export type MappingKeys = (base: bigint) => readonly MappingEntry[];

/** Hash steps looked at per request (the latest before the step), steps before each for keys, keys per hash. */
const MAX_HASHES = 512;
const LOOK_BACK = 12;
const MAX_CANDIDATES = 48;
const MAX_BASES = 64;
/** Longest string or bytes key read from memory. */
const MAX_KEY_BYTES = 1024;

const word = (v: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0 && v > 0n; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
};

const keccak = (input: Uint8Array): bigint => bytesToBigInt(keccak256(input, 'bytes'));

function hashOf(key: bigint, base: bigint): bigint {
  const input = new Uint8Array(64);
  input.set(word(key), 0);
  input.set(word(base), 32);
  return keccak(input);
}

/** `size` bytes at `offset` of a step's memory (32-byte words as hex), or undefined when it does not hold them. */
function memorySlice(memory: readonly string[], offset: bigint, size: bigint): Buffer | undefined {
  if (offset + size > BigInt(memory.length) * 32n) return undefined;
  const first = Number(offset / 32n);
  const last = Number((offset + size + 31n) / 32n);
  const words = Buffer.from(
    memory
      .slice(first, last)
      .map((w) => w.replace(/^0x/, '').padStart(64, '0'))
      .join(''),
    'hex',
  );
  const from = Number(offset % 32n);
  return words.subarray(from, from + Number(size));
}

/**
 * A string or bytes key: the hash step's input read from memory (its operands are offset and size), when it is
 * longer than a word, ends in a known base and reproduces `hash`.
 */
function bytesKey(program: Program, at: number, hash: bigint, known: ReadonlyMap<bigint, unknown>): { key: Hex; base: bigint } | undefined {
  const trace = program.trace;
  // A post-op recording shows the operands on the stack of the step before; the op does not change memory.
  const stack = trace.detail(trace.summary.pcConvention === 'post-op' ? at - 1 : at).stack;
  const memory = trace.detail(at).memory;
  if (!stack || stack.length < 2 || !memory) return undefined;
  const offset = stackWordValue(stack[stack.length - 1]);
  const size = stackWordValue(stack[stack.length - 2]);
  if (size < 32n || size > 32n + BigInt(MAX_KEY_BYTES)) return undefined;
  const input = memorySlice(memory, offset, size);
  if (!input) return undefined;
  const base = BigInt(`0x${input.subarray(input.length - 32).toString('hex')}`);
  if (!known.has(base) || keccak(input) !== hash) return undefined;
  return { key: `0x${input.subarray(0, input.length - 32).toString('hex')}`, base };
}

/**
 * The mapping entries hashed up to `step` in the frames running the same code as `step`'s, starting from the
 * mappings at `bases`; an entry's slot becomes a base in turn (a mapping of mappings). Only hashes `wanted` says
 * may matter (near a slot the trace holds, say) are worked out.
 */
export function traceMappingKeys(program: Program, step: number, bases: readonly bigint[], wanted: (hash: bigint) => boolean): MappingKeys {
  const trace = program.trace;
  const code = program.frameCode[program.traceFrame[step]].code;
  const postOp = trace.summary.pcConvention === 'post-op';
  const known = new Map<bigint, bigint | undefined>(bases.map((b) => [b, undefined]));
  const found: Array<MappingEntry & { base: bigint }> = [];
  const end = firstAbove(program.hashes, step);
  for (let i = Math.max(0, end - MAX_HASHES); i < end; i++) {
    const at = program.hashes[i];
    const frame = program.traceFrame[at];
    if (code === undefined || program.frameCode[frame].code !== code) continue;
    // The result: on the hash step's own stack after the op (post-op), else on the next step's.
    const after = postOp ? at : at + 1;
    if (after > step || program.traceFrame[after] !== frame) continue;
    const result = trace.detail(after).stack?.at(-1);
    if (result === undefined) continue;
    const hash = stackWordValue(result);
    if (!wanted(hash)) continue;
    const candidates = new Set<bigint>();
    const from = Math.max(trace.frame(frame).entryStep, at - LOOK_BACK);
    for (let s = postOp ? at - 1 : at; s >= from && candidates.size < MAX_CANDIDATES; s--) {
      const stack = trace.detail(s).stack ?? [];
      for (let j = stack.length - 1; j >= 0 && candidates.size < MAX_CANDIDATES; j--) candidates.add(stackWordValue(stack[j]));
    }
    const add = (key: Hex, base: bigint) => {
      if (known.has(hash)) return;
      known.set(hash, base);
      found.push({ key, slot: hash, base });
    };
    let matched = false;
    match: for (const base of [...known.keys()].slice(-MAX_BASES)) {
      for (const key of candidates) {
        if (hashOf(key, base) !== hash) continue;
        add(`0x${key.toString(16).padStart(64, '0')}`, base);
        matched = true;
        break match;
      }
    }
    const fromMemory = matched ? undefined : bytesKey(program, at, hash, known);
    if (fromMemory) add(fromMemory.key, fromMemory.base);
  }
  return (base) => found.filter((e) => e.base === base);
}
