import { growFloat64, growInt32, growUint16 } from './columns';
import { ByteInterner } from './interner';
import { SnapshotLog } from './snapshots';
import { StackLog } from './stacks';

/**
 * The decoded steps, one typed-array column per field. Stack, memory and storage words are interned once in
 * `words`; stacks share prefixes, memory and storage are kept only where they change. Built by the decoder one
 * step at a time (`append`), then frozen with `finish`.
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
  readonly words = new ByteInterner();
  readonly stacks = new StackLog();
  readonly memory = new SnapshotLog();
  /** Storage as (key, value) word-id pairs. */
  readonly storage = new SnapshotLog();
  /** Revert data recorded on a step (rare: REVERT steps and failed precompile calls). */
  readonly reasons = new Map<number, string>();

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

  /** Trims growth slack and releases decoding scratch; no `append` after this. */
  finish(): void {
    const n = this.length;
    this.pc = this.pc.slice(0, n);
    this.depth = this.depth.slice(0, n);
    this.gas = this.gas.slice(0, n);
    this.gasCost = this.gasCost.slice(0, n);
    this.op = this.op.slice(0, n);
    this.opNames = Array.from({ length: this.opInterner.count }, (_, id) => this.opInterner.text(id));
    this.stacks.finish(n);
    this.memory.finish();
    this.storage.finish();
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
