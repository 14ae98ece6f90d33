// The Storage scope: the slots the trace's own SLOAD and SSTORE prove at a step, named through the build's
// storageLayout when it has one. Value types are cut out of their (possibly packed) slot and decoded with viem; structs and static arrays open
// into their fields; strings, bytes and dynamic arrays are read from their data slots (keccak256 of the slot);
// mapping entries are found when a hash the trace computed is the key's (see MappingKeys). Slots no variable
// explains are listed raw, so nothing the trace holds is hidden.
import { decodeAbiParameters, hexToBigInt, hexToString, keccak256, numberToHex, type Hex } from 'viem';
import { enumMembersOf } from '../core/build-output/enum-reader';
import { enumText, isEnumType, NO_ENUMS, type EnumMembers } from '../core/build-output/enums';
import type { StorageLayout, StorageType, StorageVariable } from '../core/build-output/storage-layout';
import { quote } from '../core/names/values';
import { traceMappingKeys, type MappingKeys } from './mapping-keys';
import type { Program } from '../core/sourcemap/program';
import { storageAccessesOf, storageMismatch } from '../core/trace/storage-accesses';
import { preStateOf, type AccountPreState } from '../core/state/pre-state';
import { stateDiff, type SlotChange } from '../core/state/state-diff';
import { entityOfAddress, type StorageRef, type Variable } from './variables';
import { LISTED_ELEMENTS } from './variable';

/** Most slots, children or bytes one scope decodes. */
const MAX_ITEMS = 1024;
const MAX_BYTES = 4096;
const SLOT_BYTES = 32;
const SLOTS = 1n << 256n;
/** Most elements a paged array lists (a length word in storage can say anything up to 2^256). */
const MAX_PAGED = 2 ** 32;
const WORD = /^(?:0x)?([0-9a-fA-F]{1,64})$/;
const ZERO_WORD: Hex = `0x${'0'.repeat(64)}`;

/** The trace's storage as slot → 32-byte word; entries that are not words are dropped. */
export function storageWords(storage: Record<string, string>): Map<bigint, Hex> {
  const out = new Map<bigint, Hex>();
  for (const [k, v] of Object.entries(storage)) {
    const key = WORD.exec(k);
    const value = WORD.exec(v);
    if (key && value && out.size < MAX_ITEMS) out.set(BigInt(`0x${key[1]}`), `0x${value[1].padStart(64, '0').toLowerCase()}`);
  }
  return out;
}

const slotName = (slot: bigint) => `storage[${numberToHex(slot)}]`;
const dataSlot = (slot: bigint) => hexToBigInt(keccak256(numberToHex(slot, { size: SLOT_BYTES })));

/** The raw slots, as the scope shows them without a layout; `account`: whose, for data breakpoints. */
export function rawStorage(words: ReadonlyMap<bigint, Hex>, account?: string): Variable[] {
  return [...words]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([slot, word]) => ({
      name: slotName(slot),
      value: word,
      ...(account && { storage: { account, slot, offset: 0, size: SLOT_BYTES } }),
    }));
}

/** `size` bytes at byte `offset` from the low-order end of a 32-byte word. */
function cut(word: Hex, offset: number, size: number): Hex {
  const end = 64 - 2 * offset;
  return `0x${word.slice(2).slice(Math.max(0, end - 2 * size), end)}`;
}

/** A value type's bytes as the Variables view shows it. */
function valueText(label: string, bytes: Hex, enums: EnumMembers): string {
  if (/^u?int\d*$/.test(label)) return hexToBigInt(bytes, { signed: label.startsWith('int') }).toString();
  if (label === 'bool') return String(hexToBigInt(bytes) !== 0n);
  if (isEnumType(label)) return enumText(enums, label, hexToBigInt(bytes));
  if (/^(address( payable)?|contract \S+)$/.test(label)) {
    const address = `0x${bytes.slice(2).padStart(40, '0')}`;
    const entity = entityOfAddress(address);
    return entity ? `${address} (${entity})` : address;
  }
  // bytesN, user-defined value types, function pointers: the bytes themselves.
  return bytes;
}

/** A mapping key (as it was hashed) decoded as its declared type; the bytes themselves when that type does not fit. */
function keyText(label: string, word: Hex, enums: EnumMembers): string {
  if (label === 'string') return quote(hexToString(word));
  if (label === 'bytes') return word;
  if (isEnumType(label) && hexToBigInt(word) < 256n) return enumText(enums, label, hexToBigInt(word));
  const type = label.startsWith('contract ') ? 'address' : label.replace(/ payable$/, '');
  try {
    const [v] = decodeAbiParameters([{ type }], word);
    if (typeof v === 'string' && type === 'address') return v.toLowerCase();
    return String(v);
  } catch {
    return word;
  }
}

class Decoder {
  /** Slots some variable explained. */
  readonly used = new Set<bigint>();
  private budget = MAX_ITEMS;

  constructor(
    private readonly layout: StorageLayout,
    private readonly words: ReadonlyMap<bigint, Hex>,
    private readonly mappingKeys: MappingKeys | undefined,
    private readonly enums: EnumMembers,
    private readonly account: string | undefined,
    /** The words are a contract's whole state (a pre-state the mirror sent in full): a slot not in them is zero. */
    private readonly whole = false,
    /** Where the words come from, as the values say it: the trace alone, or also the mirror's state before. */
    private readonly where = 'in the trace',
  ) {}

  private word(slot: bigint): Hex | undefined {
    const w = this.words.get(slot);
    if (w !== undefined) this.used.add(slot);
    return w ?? (this.whole ? ZERO_WORD : undefined);
  }

  /** `name` of type `typeId` at (slot, offset), or undefined when the trace holds none of its slots. */
  variable(name: string, typeId: string, slot: bigint, offset: number): Variable | undefined {
    const type = this.layout.types.get(typeId);
    if (!type || this.budget-- <= 0) return undefined;
    switch (type.encoding) {
      case 'inplace':
        if (type.members) return this.struct(name, type, type.members, slot);
        if (type.base) return this.array(name, type, slot, BigInt(/\[(\d+)\]$/.exec(type.label)?.[1] ?? 0), false);
        return this.value(name, type, slot, offset);
      case 'bytes':
        return this.bytes(name, type, slot);
      case 'dynamic_array': {
        const length = this.word(slot);
        return length === undefined ? undefined : this.array(name, type, dataSlot(slot), hexToBigInt(length), true);
      }
      case 'mapping':
        return this.mapping(name, type, slot);
    }
  }

  private value(name: string, type: StorageType, slot: bigint, offset: number): Variable | undefined {
    const word = this.word(slot);
    if (word === undefined) return undefined;
    const storage: StorageRef | undefined = this.account ? { account: this.account, slot, offset, size: type.numberOfBytes } : undefined;
    return {
      name,
      type: type.label,
      value: valueText(type.label, cut(word, offset, type.numberOfBytes), this.enums),
      ...(storage && { storage }),
    };
  }

  private struct(name: string, type: StorageType, members: readonly StorageVariable[], slot: bigint): Variable | undefined {
    const children = members.flatMap((m) => this.variable(m.label, m.type, slot + m.slot, m.offset) ?? []);
    return children.length ? { name, type: type.label, value: type.label, children } : undefined;
  }

  /**
   * `length` elements from `slot` on: packed several to a slot when small enough, as solc lays them out. A long array
   * is paged: element i is read when a client asks for it, so a length word of 2^255 costs nothing.
   */
  private array(name: string, type: StorageType, slot: bigint, length: bigint, dynamic: boolean): Variable | undefined {
    const base = this.layout.types.get(type.base ?? '');
    if (!base) return undefined;
    const perSlot =
      base.encoding === 'inplace' && !base.members && !base.base && base.numberOfBytes <= 16
        ? BigInt(Math.floor(SLOT_BYTES / base.numberOfBytes))
        : 0n;
    const slotsPer = BigInt(Math.max(1, Math.ceil(base.numberOfBytes / SLOT_BYTES)));
    const element = (i: number) => {
      const at = perSlot ? slot + BigInt(i) / perSlot : slot + BigInt(i) * slotsPer;
      const offset = perSlot ? Number(BigInt(i) % perSlot) * base.numberOfBytes : 0;
      return this.variable(`[${i}]`, type.base!, at % SLOTS, offset);
    };
    if (length > BigInt(LISTED_ELEMENTS)) {
      const span = perSlot ? (length + perSlot - 1n) / perSlot : length * slotsPer;
      return this.paged(name, type, slot, length, span, dynamic, element);
    }
    const children: Variable[] = [];
    for (let i = 0; i < Number(length); i++) {
      const found = element(i);
      if (found) children.push(found);
    }
    if (!dynamic && children.length === 0) return undefined;
    const value = dynamic
      ? `${type.label}, length ${length}${children.length < length ? ` (${children.length} element${children.length === 1 ? '' : 's'} ${this.where})` : ''}`
      : type.label;
    return { name, type: type.label, value, children };
  }

  /** A long array over `span` slots from `slot` on: the slots of it the trace holds are counted (and explained) now. */
  private paged(
    name: string,
    type: StorageType,
    slot: bigint,
    length: bigint,
    span: bigint,
    dynamic: boolean,
    element: (i: number) => Variable | undefined,
  ): Variable | undefined {
    let held = 0;
    for (const s of this.words.keys())
      if ((((s - slot) % SLOTS) + SLOTS) % SLOTS < span) {
        this.used.add(s);
        held++;
      }
    if (!dynamic && held === 0) return undefined;
    const listed = length > MAX_PAGED ? MAX_PAGED : Number(length);
    const at = (i: number) => {
      // Each element read later has a budget of its own: the scope's is spent by then.
      this.budget = MAX_ITEMS;
      return element(i) ?? { name: `[${i}]`, value: `(not ${this.where})` };
    };
    return {
      name,
      type: type.label,
      value: `${type.label}, length ${length} (${held} of its slots ${this.where}${listed < length ? `; the first ${listed} elements are listed` : ''})`,
      elements: { length: listed, at },
    };
  }

  /** string / bytes: short ones (< 32 bytes) in the slot itself with 2·length in the low byte, long ones from keccak256(slot). */
  private bytes(name: string, type: StorageType, slot: bigint): Variable | undefined {
    const word = this.word(slot);
    if (word === undefined) return undefined;
    const head = hexToBigInt(word);
    let data: Hex;
    if ((head & 1n) === 0n) {
      data = `0x${word.slice(2, 2 + Number(head & 0xffn))}`;
    } else {
      const length = (head - 1n) / 2n;
      if (length > BigInt(MAX_BYTES)) return { name, type: type.label, value: `(${length} bytes, too long to show)` };
      const first = dataSlot(slot);
      let hex = '';
      for (let i = 0n; BigInt(hex.length / 2) < length; i++) {
        const part = this.word(first + i);
        if (part === undefined) return { name, type: type.label, value: `(${length} bytes; their data slots are not all ${this.where})` };
        hex += part.slice(2);
      }
      data = `0x${hex.slice(0, Number(length) * 2)}`;
    }
    return { name, type: type.label, value: type.label === 'string' ? quote(hexToString(data)) : data };
  }

  private mapping(name: string, type: StorageType, slot: bigint): Variable | undefined {
    const entries = this.mappingKeys?.(slot) ?? [];
    const keyType = this.layout.types.get(type.key ?? '');
    const children = entries.flatMap(
      ({ key, slot: at }) => this.variable(`[${keyType ? keyText(keyType.label, key, this.enums) : key}]`, type.value ?? '', at, 0) ?? [],
    );
    return children.length
      ? {
          name,
          type: type.label,
          value: `${type.label}, ${children.length} entr${children.length === 1 ? 'y' : 'ies'} ${this.where}`,
          children,
        }
      : undefined;
  }
}

/** How far past its hash a mapping value's slot may lie (a struct's later fields). */
const STRUCT_REACH = 1n << 16n;

/** The mapping entries of `layout`'s mappings the trace hashed up to `step`, worked out on first use. */
function mappingKeysAt(program: Program, step: number, layout: StorageLayout, slots: readonly bigint[]): MappingKeys {
  const types = [...layout.types.values()];
  const bases = layout.storage.filter((v) => layout.types.get(v.type)?.encoding === 'mapping').map((v) => v.slot);
  // A mapping of mappings hashes twice: the first hash is near no slot, so then every hash may matter.
  const nested = types.some((t) => t.encoding === 'mapping' && layout.types.get(t.value ?? '')?.encoding === 'mapping');
  const wanted = (hash: bigint) => nested || slots.some((s) => s >= hash && s - hash < STRUCT_REACH);
  let keys: MappingKeys | undefined;
  return (base) => (keys ??= bases.length ? traceMappingKeys(program, step, bases, wanted) : () => [])(base);
}

/**
 * The Storage scope: the slots of the account the frame runs on that the trace's own SLOAD and SSTORE prove at
 * `step` (never the mirror's `storage` map, which newer mirrors merge across contracts). With a layout: the variables
 * the trace holds a slot of, by name, then any slot none of them explains; without one: the raw slots, after a line
 * saying how to get names. A disagreement of the mirror's map with the trace is one more line.
 */
export const NO_SLOT_YET = 'No slot of this contract was read or written yet at this step.';

export function storageScope(program: Program, step: number, traceFrame: number): Variable[] | string {
  const index = storageAccessesOf(program.trace);
  if (!index.available)
    return 'The trace was fetched without the stack, so its SLOAD and SSTORE cannot be read (launch with "stack": true).';
  const account = index.accountOf(traceFrame);
  const pre = preStateOf(program.trace)?.accounts.get(account);
  const whole = pre?.complete ?? false;
  const at = (s: number) => withPreState(pre, s < 0 ? {} : index.storageAt(s, account));
  const words = at(step);
  // Said, not an empty scope: a data breakpoint on a variable needs it listed, which waits for its first read or write.
  if (words.size === 0 && !whole) return NO_SLOT_YET;
  const mismatch = storageMismatch(program.trace);
  const notes: Variable[] = [
    ...(mismatch ? [{ name: '(mirror)', value: mismatch }] : []),
    ...(pre?.note ? [{ name: '(state before)', value: pre.note }] : []),
  ];
  const contract = program.frameCode[traceFrame].artifact;
  const layout = contract?.storageLayout;
  let tree: (w: ReadonlyMap<bigint, Hex>, own?: string) => Variable[];
  if (!layout) {
    const why = contract
      ? `The build output of ${contract.name} has no storageLayout: slots are shown raw (the Debugger docs, "Storage by name", say how to turn it on).`
      : 'No build output matches this code: slots are shown raw.';
    notes.unshift({ name: '(layout)', value: why });
    tree = (w, own) => rawStorage(w, own);
  } else {
    // Enum members come from parsing the sources: only for a layout that has an enum.
    const enums = [...layout.types.values()].some((t) => isEnumType(t.label)) ? enumMembersOf(contract.sources) : undefined;
    const keys = mappingKeysAt(program, step, layout, [...words.keys()]);
    // With the mirror's state before the transaction, a slot is known without the trace touching it.
    const where = pre ? 'known' : undefined;
    tree = (w, own) => namedStorage(layout, w, keys, enums, own, whole, where);
  }
  const now = tree(words, account);
  if (!pre) return [...notes, ...now];
  return [...notes, ...marked(now, leaves(tree(withPreState(pre, {}))), leaves(tree(at(step - 1))))];
}

/** The trace's slots at a step over the pre-state's (the trace's first: the scope's item cap keeps them). */
function withPreState(pre: AccountPreState | undefined, trace: Record<string, string>): Map<bigint, Hex> {
  const merged: Record<string, string> = { ...trace };
  for (const [slot, value] of pre?.slots ?? []) merged[`0x${slot}`] ??= `0x${value}`;
  return storageWords(merged);
}

/**
 * Each leaf of `vars` with its value before the transaction and whether it changed in the transaction (so far) and
 * at this step, in its `type` (the value stays the value, for the Debug Console, hover and Watch).
 */
function marked(
  vars: readonly Variable[],
  before: ReadonlyMap<string, string>,
  previous: ReadonlyMap<string, string>,
  prefix = '',
): Variable[] {
  return vars.map((v) => {
    const path = prefix === '' ? v.name : v.name.startsWith('[') ? `${prefix}${v.name}` : `${prefix}.${v.name}`;
    if (v.children?.length) return { ...v, children: marked(v.children, before, previous, path) };
    if (v.elements || v.name.startsWith('(')) return v;
    const was = before.get(path);
    const marks = [
      `before: ${was ?? 'unknown'}`,
      ...(was !== undefined && was !== v.value ? ['changed in this transaction'] : []),
      ...(previous.has(path) && previous.get(path) !== v.value ? ['changed at this step'] : []),
    ];
    return { ...v, type: [v.type, ...marks].filter(Boolean).join(' · ') };
  });
}

/** The variables of `layout` that `words` holds a slot of, then the slots none of them explains. */
export function namedStorage(
  layout: StorageLayout,
  words: ReadonlyMap<bigint, Hex>,
  mappingKeys?: MappingKeys,
  enums: EnumMembers = NO_ENUMS,
  account?: string,
  whole = false,
  where?: string,
): Variable[] {
  const decoder = new Decoder(layout, words, mappingKeys, enums, account, whole, where);
  const named = layout.storage.flatMap((v) => decoder.variable(v.label, v.type, v.slot, v.offset) ?? []);
  return [...named, ...rawStorage(new Map([...words].filter(([slot]) => !decoder.used.has(slot))), account)];
}

/**
 * A storage reference held in a local (`Item storage it = items[k]`): the layout's type labelled `label` read at
 * `slot`; undefined when the layout has no such type or the trace holds none of its slots.
 */
export function storageAt(
  layout: StorageLayout,
  words: ReadonlyMap<bigint, Hex>,
  name: string,
  label: string,
  slot: bigint,
  enums: EnumMembers = NO_ENUMS,
): Variable | undefined {
  const typeId = [...layout.types].find(([id, t]) => t.label === label && !id.endsWith('_memory_ptr'))?.[0];
  return typeId === undefined ? undefined : new Decoder(layout, words, undefined, enums, undefined).variable(name, typeId, slot, 0);
}

/** One variable (or raw slot) a transaction changed: its path, and its value before and after. */
export interface NamedChange {
  name: string;
  /** `unknown` when the trace did not read it before writing it. */
  before: string;
  after: string;
}

const UNKNOWN_BEFORE = 'unknown (not read before it was written)';

/** The leaves of a variable tree by path (`values[42]`, `pair.a`), each with its value. */
function leaves(vars: readonly Variable[], prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const v of vars) {
    const path = prefix === '' ? v.name : v.name.startsWith('[') ? `${prefix}${v.name}` : `${prefix}.${v.name}`;
    if (v.children?.length) leaves(v.children, path, out);
    else out.set(path, v.value);
  }
  return out;
}

/** How to name the slots one frame's code wrote: its layout, mapping keys and enums (all absent without a build). */
export interface Naming {
  layout?: StorageLayout;
  mappingKeys?: MappingKeys;
  enums?: EnumMembers;
}

/**
 * One account's changed slots by name, each group of slots named with the code that wrote them (`namingOf` its
 * frame: a proxy's slots through its implementation's layout, the code that ran on them).
 */
export function accountChanges(changes: readonly SlotChange[], namingOf: (frame: number) => Naming): NamedChange[] {
  const groups = new Map<number, SlotChange[]>();
  for (const c of changes) groups.set(c.frame, [...(groups.get(c.frame) ?? []), c]);
  return [...groups].flatMap(([frame, group]) => {
    const { layout, mappingKeys, enums } = namingOf(frame);
    return namedChanges(layout, group, mappingKeys, enums);
  });
}

/**
 * A state diff's slots of one account by variable name through `layout` (raw `storage[0x…]` without one): every
 * variable whose value differs after from before, or whose value before the trace does not prove.
 */
export function namedChanges(
  layout: StorageLayout | undefined,
  changes: readonly { slot: string; before: string | null; after: string }[],
  mappingKeys?: MappingKeys,
  enums: EnumMembers = NO_ENUMS,
): NamedChange[] {
  const after = storageWords(Object.fromEntries(changes.map((c) => [c.slot, c.after])));
  const before = storageWords(Object.fromEntries(changes.flatMap((c) => (c.before === null ? [] : [[c.slot, c.before]]))));
  const tree = (words: ReadonlyMap<bigint, Hex>) => leaves(layout ? namedStorage(layout, words, mappingKeys, enums) : rawStorage(words));
  const was = tree(before);
  return [...tree(after)].flatMap(([name, value]) => {
    const old = was.get(name);
    return old === value ? [] : [{ name, before: old ?? UNKNOWN_BEFORE, after: value }];
  });
}

/**
 * The State Changes scope (at the last step): per account the transaction changed, its variables before → after, by
 * name through the layout of the code that first ran on it (mapping entries by key where the trace hashed it).
 */
export function stateChangesScope(program: Program): Variable[] | string {
  const diff = stateDiff(program.trace);
  if (!diff.changed) return diff.note ?? 'No change.';
  const slots = diff.accounts.flatMap((a) => a.changes.map((c) => BigInt(c.slot)));
  const naming = (frame: number): Naming => {
    const contract = program.frameCode[frame].artifact;
    const layout = contract?.storageLayout;
    if (!layout) return {};
    // Mapping keys are looked for in the frames running this code, up to the last step one of them ran.
    const code = program.frameCode[frame].code;
    let last = program.trace.frame(frame).exitStep;
    for (let f = frame + 1; f < program.trace.frameCount(); f++)
      if (program.frameCode[f].code === code) last = Math.max(last, program.trace.frame(f).exitStep);
    const enums = [...layout.types.values()].some((t) => isEnumType(t.label)) ? enumMembersOf(contract.sources) : undefined;
    return { layout, mappingKeys: mappingKeysAt(program, last, layout, slots), enums };
  };
  return diff.accounts.map(({ account, frame, changes }) => {
    const contract = program.frameCode[frame].artifact;
    const children = accountChanges(changes, naming).map((c) => ({ name: c.name, value: `${c.before} → ${c.after}` }));
    const entity = account.startsWith('0x') ? entityOfAddress(account) : null;
    return {
      name: `${contract?.name ?? account}`,
      value: `${account}${entity ? ` (${entity})` : ''}: ${children.length} change${children.length === 1 ? '' : 's'}`,
      children,
    };
  });
}
