// The value of each local at a step, read where its type says it lives: value types from its stack slot (cut to the
// type's width, since solc leaves small types uncleaned on the stack), memory references followed into memory,
// calldata references into the call's input, storage references through the build's storageLayout. Shown as the
// rest of the debugger shows decoded ABI values (core/names/values.ts). Memory and calldata come from a trace:
// lengths and pointers are bounded, never trusted.
import type { AbiParameter } from 'viem';
import type { Declaration, SourceDeclarations } from '../../core/locals/declarations';
import type { StorageLayout } from '../../core/build-output/storage-layout';
import { storageAt, storageWords } from '../storage';
import { LISTED_ELEMENTS, type Variable } from '../variable';
import { variableOf, type ValueNode as Node } from '../value-tree';
import { NO_REFERENCES, type References } from '../memory-references';
import type { SlotVariable } from './slots';

/** Most bytes a string or bytes value reads (the memory view shows them all). */
const MAX_BYTES = 4096;
/** Struct nesting followed at most (a struct cannot contain itself by value, but a hostile AST can say so). */
const MAX_DEPTH = 8;

export interface LocalsData {
  stack: readonly string[];
  memory: Buffer | undefined;
  /** The external call's input, for calldata references. */
  calldata: Uint8Array | undefined;
  storage: Record<string, string> | null;
  layout: StorageLayout | undefined;
  /** The memoryReference of a place in this step's memory or in the call's input; none when not given. */
  references?: References;
}

class Unreadable extends Error {}

type Location = 'memory' | 'calldata' | 'storage' | 'stack';

/** A type string's ABI shape: `param` for rendering, `inMemory` whether it is a reference (a pointer word). */
interface Shape {
  param: AbiParameter;
  kind: 'word' | 'bytes' | 'string' | 'array' | 'tuple';
  /** Fixed length for `T[k]`. */
  length?: number;
  element?: Shape;
  fields?: Array<{ name: string; shape: Shape }>;
  bits?: number;
  signed?: boolean;
}

const LOCATION = /\s+(memory|calldata|storage)(?:\s+(?:pointer|ref|slice))?$/;

function locationOf(type: string): { base: string; location: Location } {
  const m = LOCATION.exec(type);
  return m ? { base: type.slice(0, m.index), location: m[1] as Location } : { base: type, location: 'stack' };
}

function shapeOf(base: string, structs: SourceDeclarations['structs'], depth = 0): Shape {
  if (depth > MAX_DEPTH) throw new Unreadable('nested too deep');
  const array = /^(.*)\[(\d*)\]$/.exec(base);
  if (array) {
    const element = shapeOf(array[1], structs, depth + 1);
    const length = array[2] ? Number(array[2]) : undefined;
    return { kind: 'array', length, element, param: { ...element.param, type: `${element.param.type}[${array[2]}]` } as AbiParameter };
  }
  const struct = /^struct ([\w$.]+)$/.exec(base);
  if (struct) {
    const members = structs.get(struct[1]);
    if (!members) throw new Unreadable(`struct ${struct[1]} is not in this source's AST`);
    const fields = members.map((m: Declaration) => ({ name: m.name, shape: shapeOf(locationOf(m.type).base, structs, depth + 1) }));
    return {
      kind: 'tuple',
      fields,
      param: { type: 'tuple', internalType: base, components: fields.map((f) => ({ ...f.shape.param, name: f.name })) } as AbiParameter,
    };
  }
  if (base === 'string' || base === 'bytes') return { kind: base, param: { type: base } };
  const int = /^(u?)int(\d*)$/.exec(base);
  if (int) return { kind: 'word', bits: Number(int[2] || 256), signed: int[1] === '', param: { type: base } };
  if (base === 'bool') return { kind: 'word', bits: 1, param: { type: 'bool' } };
  if (/^(address( payable)?|contract [\w$]+)$/.test(base)) return { kind: 'word', bits: 160, param: { type: 'address' } };
  const fixed = /^bytes(\d+)$/.exec(base);
  if (fixed) return { kind: 'word', bits: -Number(fixed[1]), param: { type: base } };
  if (/^enum [\w$.]+$/.test(base)) return { kind: 'word', bits: 8, param: { type: 'uint8', internalType: base } };
  throw new Unreadable(`values of type ${base} are not shown`);
}

/** A stack or memory word as the JS value the ABI decoder would give for `shape`. */
function wordValue(word: bigint, shape: Shape): unknown {
  const bits = shape.bits!;
  if (shape.param.type === 'bool') return word !== 0n;
  if (bits < 0) return `0x${(word >> BigInt(256 + bits * 8)).toString(16).padStart(-bits * 2, '0')}`;
  const cut = word & ((1n << BigInt(bits)) - 1n);
  if (shape.param.type === 'address') return `0x${cut.toString(16).padStart(40, '0')}`;
  return shape.signed && cut >> BigInt(bits - 1) === 1n ? cut - (1n << BigInt(bits)) : cut;
}

const toBig = (hex: string) => BigInt(hex === '0x' || hex === '' ? '0x0' : hex);

/** Reads bytes that lie beyond the data as zeros (as the EVM does), but never more than the bounds allow. */
function slice(data: Uint8Array, at: bigint, length: bigint): Uint8Array {
  if (length > BigInt(MAX_BYTES)) throw new Unreadable(`${length} bytes, too long to show`);
  const out = new Uint8Array(Number(length));
  if (at < BigInt(data.length)) out.set(data.subarray(Number(at), Math.min(data.length, Number(at + length))));
  return out;
}

/** Words one value may read in all (nested arrays multiply): what a hostile pointer or length can cost. */
const MAX_WORDS = 16_384;
let wordsLeft = MAX_WORDS;

function wordAt(data: Uint8Array, at: bigint): bigint {
  if (wordsLeft-- <= 0) throw new Unreadable('too large to show');
  return BigInt(`0x${Buffer.from(slice(data, at, 32n)).toString('hex')}`);
}

const text = (shape: Shape, bytes: Uint8Array) =>
  shape.kind === 'string' ? new TextDecoder().decode(bytes) : `0x${Buffer.from(bytes).toString('hex')}`;

/**
 * `length` elements, `read(i)` giving element i: read now when there are few, else when asked for. A long array's
 * claimed extent must lie within the `available` bytes it is read from (a length word is untrusted).
 */
function array(length: bigint, extent: bigint, available: number, where: string, read: (i: number) => Node, ref?: string): Node {
  if (length <= BigInt(LISTED_ELEMENTS)) {
    const parts = Array.from({ length: Number(length) }, (_, i) => read(i));
    return { value: parts.map((p) => p.value), parts, ref };
  }
  if (extent > BigInt(available)) throw new Unreadable(`it claims ${length} elements, more than ${where} holds`);
  // Each element read later has a budget of its own: the one this value had is spent by then.
  const at = (i: number) => ((wordsLeft = MAX_WORDS), read(i));
  return { value: undefined, ref, paged: { length: Number(length), at } };
}

/** A value in memory at `at` (a reference's pointer, or where a value type's word is). */
function fromMemory(memory: Uint8Array, at: bigint, shape: Shape, refs: References): Node {
  switch (shape.kind) {
    case 'word':
      return { value: wordValue(wordAt(memory, at), shape) };
    case 'bytes':
    case 'string':
      return { value: text(shape, slice(memory, at + 32n, wordAt(memory, at))), ref: refs.memory(at + 32n) };
    case 'array': {
      const dynamic = shape.length === undefined;
      const length = dynamic ? wordAt(memory, at) : BigInt(shape.length!);
      const first = dynamic ? at + 32n : at;
      const read = (i: number) => member(memory, first + 32n * BigInt(i), shape.element!, refs);
      return array(length, first + 32n * length, memory.length, 'memory', read, refs.memory(first));
    }
    case 'tuple': {
      const parts = shape.fields!.map((f, i) => member(memory, at + 32n * BigInt(i), f.shape, refs));
      return { value: Object.fromEntries(shape.fields!.map((f, i) => [f.name, parts[i].value])), parts, ref: refs.memory(at) };
    }
  }
}

/** An array element or struct field in memory: value types inline, references through a pointer word. */
function member(memory: Uint8Array, at: bigint, shape: Shape, refs: References): Node {
  return shape.kind === 'word' ? fromMemory(memory, at, shape, refs) : fromMemory(memory, wordAt(memory, at), shape, refs);
}

/** A calldata reference: (offset, length) on the stack for arrays, bytes and strings of value types. */
function fromCalldata(calldata: Uint8Array, offset: bigint, length: bigint, shape: Shape, refs: References): Node {
  if (shape.kind === 'bytes' || shape.kind === 'string')
    return { value: text(shape, slice(calldata, offset, length)), ref: refs.calldata(offset) };
  if (shape.kind === 'array' && shape.element!.kind === 'word') {
    const read = (i: number) => ({ value: wordValue(wordAt(calldata, offset + 32n * BigInt(i)), shape.element!) });
    return array(length, offset + 32n * length, calldata.length, "the call's input", read, refs.calldata(offset));
  }
  throw new Unreadable('calldata values of this type are not shown');
}

/** One local's value, or why it cannot be shown. */
export function localValue(v: SlotVariable, data: LocalsData): Variable {
  const name = v.decl.name || '(unnamed)';
  const type = v.decl.type;
  wordsLeft = MAX_WORDS;
  try {
    if (v.slot < 0 || v.slot + v.size > data.stack.length) throw new Unreadable('its stack slot is not on the stack here');
    const word = toBig(data.stack[v.slot]);
    const { base, location } = locationOf(type);
    if (location === 'storage') {
      if (!data.layout || !data.storage)
        throw new Unreadable(data.storage ? 'the build output has no storageLayout' : 'the trace was fetched without storage');
      const found = storageAt(data.layout, storageWords(data.storage), name, base, word);
      if (!found) throw new Unreadable(`its storage (slot 0x${word.toString(16)}) is not in the trace`);
      return { ...found, type };
    }
    const shape = shapeOf(base, v.structs);
    let node: Node;
    if (location === 'stack') {
      if (shape.kind !== 'word') throw new Unreadable(`a ${base} on the stack is not read`);
      node = { value: wordValue(word, shape) };
    } else if (location === 'memory') {
      if (!data.memory) throw new Unreadable('the trace was fetched without memory (launch with "memory": true)');
      node = fromMemory(data.memory, word, shape, data.references ?? NO_REFERENCES);
    } else {
      if (!data.calldata) throw new Unreadable("the call's input is not known (the mirror's actions carry it)");
      if (v.size !== 2) throw new Unreadable('calldata values of this type are not shown');
      node = fromCalldata(data.calldata, word, toBig(data.stack[v.slot + 1]), shape, data.references ?? NO_REFERENCES);
    }
    return variableOf(name, type, shape.param, node);
  } catch (err) {
    if (!(err instanceof Unreadable)) throw err;
    return { name, type, value: `(unavailable: ${err.message})` };
  }
}
