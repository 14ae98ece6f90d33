// The decoded trace's storage: one typed-array column per step field, words interned once, stacks and memory kept
// as shared prefixes and changes. The decoder appends to it step by step; the worker hands its parts to the host.
import { growFloat64, growInt32, growUint16 } from './columns';
import { ByteInterner, type InternerParts } from './interner';
import { SnapshotLog, type SnapshotParts } from './snapshots';
import { StackLog, type StackParts } from './stacks';

/** Finished columns as plain data and typed arrays: what the decoding worker hands back (the arrays transferred). */
export interface ColumnsParts {
  length: number;
  pc: Int32Array<ArrayBuffer>;
  depth: Int32Array<ArrayBuffer>;
  gas: Float64Array<ArrayBuffer>;
  gasCost: Float64Array<ArrayBuffer>;
  op: Uint16Array<ArrayBuffer>;
  opNames: string[];
  words: InternerParts;
  stacks: StackParts;
  memory: SnapshotParts;
  storage: SnapshotParts;
  reasons: [number, string][];
}

/**
 * The decoded steps, one typed-array column per field. Stack, memory and storage words are interned once in
 * `words`; stacks share prefixes, memory and storage are kept only where they change. Built by the decoder one
 * step at a time (`append`), then handed over as `parts()`, from which read-only columns are built.
 */
export class TraceColumns {
  length = 0;
  pc = new Int32Array(1 << 12);
  depth = new Int32Array(1 << 12);
  gas = new Float64Array(1 << 12);
  gasCost = new Float64Array(1 << 12);
  op = new Uint16Array(1 << 12);
  /** Op names as the server spelled them, indexed by `op`; unknown names are kept verbatim. */
  opNames: string[] = [];
  readonly opInterner = new ByteInterner();
  readonly words: ByteInterner;
  readonly stacks: StackLog;
  readonly memory: SnapshotLog;
  /** Storage as (key, value) word-id pairs. */
  readonly storage: SnapshotLog;
  /** Revert data recorded on a step (rare: REVERT steps and failed precompile calls). */
  readonly reasons: Map<number, string>;

  /** Empty columns for a decoder to fill, or decoded ones from `parts()` (read-only: no `append`). */
  constructor(parts?: ColumnsParts) {
    this.words = parts ? ByteInterner.fromParts(parts.words) : new ByteInterner();
    this.stacks = parts ? StackLog.fromParts(parts.stacks) : new StackLog();
    this.memory = parts ? SnapshotLog.fromParts(parts.memory) : new SnapshotLog();
    this.storage = parts ? SnapshotLog.fromParts(parts.storage) : new SnapshotLog();
    this.reasons = new Map(parts?.reasons);
    if (!parts) return;
    ({
      length: this.length,
      pc: this.pc,
      depth: this.depth,
      gas: this.gas,
      gasCost: this.gasCost,
      op: this.op,
      opNames: this.opNames,
    } = parts);
  }

  /**
   * The decoded columns as plain data, trimmed copies; `transferables` lists the buffers to move with them. Nothing
   * the decoder wrote is written again once decoding ends: V8 optimises the decoder's code on the promise that a
   * field it has only ever set once keeps its value, and the first write that breaks it throws that code away. Trimming
   * in place (a `finish` that reassigned each column and log) deoptimised the stack and memory logs' code at the end
   * of a worker's first body, so its second body waited for it to be compiled again.
   */
  parts(): { parts: ColumnsParts; transferables: ArrayBuffer[] } {
    const n = this.length;
    const parts: ColumnsParts = {
      length: n,
      pc: this.pc.slice(0, n),
      depth: this.depth.slice(0, n),
      gas: this.gas.slice(0, n),
      gasCost: this.gasCost.slice(0, n),
      op: this.op.slice(0, n),
      opNames: Array.from({ length: this.opInterner.count }, (_, id) => this.opInterner.text(id)),
      words: this.words.parts(),
      stacks: this.stacks.parts(n),
      memory: this.memory.parts(),
      storage: this.storage.parts(),
      reasons: [...this.reasons],
    };
    const { words, stacks, memory, storage } = parts;
    const arrays = [
      parts.pc,
      parts.depth,
      parts.gas,
      parts.gasCost,
      parts.op,
      words.bytes,
      words.starts,
      ...Object.values(stacks),
      ...Object.values(memory),
      ...Object.values(storage),
    ];
    const transferables = new Set<ArrayBuffer>();
    for (const a of arrays) if (ArrayBuffer.isView(a)) transferables.add(a.buffer as ArrayBuffer);
    return { parts, transferables: [...transferables] };
  }

  /** Commits one decoded step; its stack/memory/storage lists were already pushed into the logs. */
  append(pc: number, op: number, gas: number, gasCost: number, depth: number, reason: string | null): void {
    const i = this.length;
    if (i === this.pc.length) {
      this.pc = growInt32(this.pc, i + 1);
      this.depth = growInt32(this.depth, i + 1);
      this.gas = growFloat64(this.gas, i + 1);
      this.gasCost = growFloat64(this.gasCost, i + 1);
      this.op = growUint16(this.op, i + 1);
    }
    this.pc[i] = pc;
    this.depth[i] = depth;
    this.gas[i] = gas;
    this.gasCost[i] = gasCost;
    this.op[i] = op;
    if (reason !== null) this.reasons.set(i, reason);
    this.stacks.commit(i);
    this.memory.commit(i);
    this.storage.commit(i);
    this.length = i + 1;
  }

  /** Bytes held by the columns and logs (reasons aside: each is bounded and rare), for the decoder's memory budget. */
  get byteSize(): number {
    const steps = this.pc.byteLength + this.depth.byteLength + this.gas.byteLength + this.gasCost.byteLength + this.op.byteLength;
    return steps + this.opInterner.byteSize + this.words.byteSize + this.stacks.byteSize + this.memory.byteSize + this.storage.byteSize;
  }

  /** Removes the last step (the server's truncation marker, which is not an executed op). */
  dropLast(): void {
    if (this.length === 0) return;
    this.length--;
    this.reasons.delete(this.length);
    this.memory.truncate(this.length);
    this.storage.truncate(this.length);
  }

  opName(step: number): string {
    return this.opNames[this.op[step]];
  }

  word(id: number): string {
    return '0x' + this.words.text(id);
  }

  stackAt(step: number): string[] {
    return Array.from(this.stacks.at(step), (id) => this.word(id));
  }

  memoryAt(step: number): string[] {
    return Array.from(this.memory.at(step), (id) => this.word(id));
  }

  storageAt(step: number): Record<string, string> {
    const pairs = this.storage.at(step);
    const out: Record<string, string> = {};
    for (let i = 0; i + 1 < pairs.length; i += 2) out[this.word(pairs[i])] = this.word(pairs[i + 1]);
    return out;
  }
}
