// The value of each local at a step, read where its type says it lives: value types from its stack slot (cut to the
// type's width, since solc leaves small types uncleaned on the stack), memory references followed into memory,
// calldata references into the call's input, storage references through the build's storageLayout. Shown as the
// rest of the debugger shows decoded ABI values (core/names/values.ts). Memory and calldata come from a trace:
// lengths and pointers are bounded, never trusted.
import type { AbiParameter } from 'viem';
import type { Declaration, SourceDeclarations } from '../../core/locals/declarations';
import type { StorageLayout } from '../../core/build-output/storage-layout';
import { namedValues, shownValue } from '../../core/names/values';
import { storageAt, storageWords } from '../storage';
import type { Variable } from '../variables';
import type { SlotVariable } from './slots';

/** Most elements an array shows, and most bytes a string or bytes value reads. */
const MAX_ELEMENTS = 256;
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

function elements(length: bigint): number {
  if (length > BigInt(MAX_ELEMENTS)) throw new Unreadable(`${length} elements, too many to show`);
  return Number(length);
}

/** A value in memory at `at` (a reference's pointer, or where a value type's word is). */
function fromMemory(memory: Uint8Array, at: bigint, shape: Shape): unknown {
  switch (shape.kind) {
    case 'word':
      return wordValue(wordAt(memory, at), shape);
    case 'bytes':
    case 'string': {
      const bytes = slice(memory, at + 32n, wordAt(memory, at));
      return shape.kind === 'string' ? new TextDecoder().decode(bytes) : `0x${Buffer.from(bytes).toString('hex')}`;
    }
    case 'array': {
      const dynamic = shape.length === undefined;
      const count = dynamic ? elements(wordAt(memory, at)) : elements(BigInt(shape.length!));
      const first = dynamic ? at + 32n : at;
      return Array.from({ length: count }, (_, i) => member(memory, first + 32n * BigInt(i), shape.element!));
    }
    case 'tuple':
      return Object.fromEntries(shape.fields!.map((f, i) => [f.name, member(memory, at + 32n * BigInt(i), f.shape)]));
  }
}

/** An array element or struct field in memory: value types inline, references through a pointer word. */
function member(memory: Uint8Array, at: bigint, shape: Shape): unknown {
  return shape.kind === 'word' ? fromMemory(memory, at, shape) : fromMemory(memory, wordAt(memory, at), shape);
}

/** A calldata reference: (offset, length) on the stack for arrays, bytes and strings of value types. */
function fromCalldata(calldata: Uint8Array, offset: bigint, length: bigint, shape: Shape): unknown {
  if (shape.kind === 'bytes' || shape.kind === 'string') {
    const bytes = slice(calldata, offset, length);
    return shape.kind === 'string' ? new TextDecoder().decode(bytes) : `0x${Buffer.from(bytes).toString('hex')}`;
  }
  if (shape.kind === 'array' && shape.element!.kind === 'word') {
    return Array.from({ length: elements(length) }, (_, i) => wordValue(wordAt(calldata, offset + 32n * BigInt(i)), shape.element!));
  }
  throw new Unreadable('calldata values of this type are not shown');
}

/** A decoded value as a Variable: its text as values.ts writes it, arrays and structs opening into their parts. */
function shown(name: string, type: string, param: AbiParameter, value: unknown): Variable {
  const [named] = namedValues([param], [value]);
  const variable: Variable = { name, type, value: shownValue(named) };
  if (Array.isArray(value)) {
    const element = { ...param, type: param.type.replace(/\[\d*\]$/, '') } as AbiParameter;
    variable.children = value.map((v, i) => shown(`[${i}]`, element.type, element, v));
  } else if (param.type === 'tuple' && 'components' in param && value && typeof value === 'object') {
    variable.children = param.components.map((c) => shown(c.name ?? '', c.type, c, (value as Record<string, unknown>)[c.name ?? '']));
  }
  return variable;
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
    let value: unknown;
    if (location === 'stack') {
      if (shape.kind !== 'word') throw new Unreadable(`a ${base} on the stack is not read`);
      value = wordValue(word, shape);
    } else if (location === 'memory') {
      if (!data.memory) throw new Unreadable('the trace was fetched without memory (launch with "memory": true)');
      value = fromMemory(data.memory, word, shape);
    } else {
      if (!data.calldata) throw new Unreadable("the call's input is not known (the mirror's actions carry it)");
      value = v.size === 2 ? fromCalldata(data.calldata, word, toBig(data.stack[v.slot + 1]), shape) : undefined;
      if (value === undefined) throw new Unreadable('calldata values of this type are not shown');
    }
    return shown(name, type, shape.param, value);
  } catch (err) {
    if (!(err instanceof Unreadable)) throw err;
    return { name, type, value: `(unavailable: ${err.message})` };
  }
}
