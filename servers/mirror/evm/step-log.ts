/**
 * A recorded EVM trace held in columns, so that millions of steps cost a few typed arrays rather than
 * millions of objects: numbers live in typed arrays; every stack item, memory word and storage key/value is
 * interned once as its JSON literal; stacks are nodes of a persistent linked list (a step shares the
 * unchanged bottom of its stack with the step before); memory and storage are snapshots stored only
 * when they change.
 */

type NumberArray = Int32Array | Float64Array | Uint16Array;

/** A typed array that doubles its capacity as it fills; `done()` returns an exact-length copy. */
class Column<T extends NumberArray> {
  private data: T;
  length = 0;

  constructor(private readonly make: (size: number) => T) {
    this.data = make(1024);
  }

  push(value: number): number {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length] = value;
    return this.length++;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  get(index: number): number {
    return this.data[index]!;
  }

  done(): T {
    return this.data.slice(0, this.length) as T;
  }
}

/** No stack items / no memory words / no written slots. */
export const EMPTY = -1;

/** The finished, read-only trace. */
export interface StepLog {
  readonly length: number;
  readonly pc: Int32Array;
  readonly gas: Float64Array;
  readonly gasCost: Float64Array;
  readonly depth: Uint16Array;
  /** Index into `opNames`. */
  readonly op: Uint16Array;
  /** JSON literals of op names, e.g. `"PUSH1"`. */
  readonly opNames: readonly string[];
  /** JSON literals of every interned stack item, memory word and storage key/value. */
  readonly words: readonly string[];
  /** Top stack node of each step, or EMPTY. */
  readonly stack: Int32Array;
  readonly nodeParent: Int32Array;
  readonly nodeWord: Int32Array;
  /** Memory snapshot of each step (index into memorySnapshots), or EMPTY. */
  readonly memory: Int32Array;
  readonly memorySnapshots: readonly Int32Array[];
  /**
   * Storage snapshot of each step, or EMPTY; a snapshot is [key, value, key, value, …] word ids sorted by key.
   * `storage`: the slots the current contract wrote so far (v0.129); `txWritten` and `txAccesses`: the newest
   * mirror's transaction-wide map merged by slot, of the slots written, and of the slots read or written.
   */
  readonly storage: Int32Array;
  readonly txWritten: Int32Array;
  readonly txAccesses: Int32Array;
  readonly storageSnapshots: readonly Int32Array[];
  /** `0x`-hex revert data by step, on the steps that carry one. */
  readonly reasons: ReadonlyMap<number, string>;
}

/** Collects steps while a transaction runs. Values of a step may be filled in after it was appended. */
export class StepLogBuilder {
  private readonly pc = new Column((n) => new Int32Array(n));
  private readonly gas = new Column((n) => new Float64Array(n));
  private readonly gasCost = new Column((n) => new Float64Array(n));
  private readonly depth = new Column((n) => new Uint16Array(n));
  private readonly op = new Column((n) => new Uint16Array(n));
  private readonly stack = new Column((n) => new Int32Array(n));
  private readonly memory = new Column((n) => new Int32Array(n));
  private readonly storage = new Column((n) => new Int32Array(n));
  private readonly txWritten = new Column((n) => new Int32Array(n));
  private readonly txAccesses = new Column((n) => new Int32Array(n));
  private readonly nodeParent = new Column((n) => new Int32Array(n));
  private readonly nodeWord = new Column((n) => new Int32Array(n));
  private readonly opIds = new Map<string, number>();
  private readonly opNames: string[] = [];
  private readonly wordIds = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly memorySnapshots: Int32Array[] = [];
  private readonly storageSnapshots: Int32Array[] = [];
  private readonly reasons = new Map<number, string>();

  get length(): number {
    return this.op.length;
  }

  /** Appends a step with its op and depth; the other columns are set with the setters below. */
  append(op: string, depth: number): number {
    let id = this.opIds.get(op);
    if (id === undefined) {
      id = this.opNames.push(JSON.stringify(op)) - 1;
      this.opIds.set(op, id);
    }
    this.op.push(id);
    this.depth.push(depth);
    this.pc.push(0);
    this.gas.push(0);
    this.gasCost.push(0);
    this.stack.push(EMPTY);
    this.memory.push(EMPTY);
    this.txWritten.push(EMPTY);
    this.txAccesses.push(EMPTY);
    return this.storage.push(EMPTY);
  }

  setPc(step: number, pc: number): void {
    this.pc.set(step, pc);
  }
  setGas(step: number, gas: number): void {
    this.gas.set(step, gas);
  }
  setGasCost(step: number, cost: number): void {
    this.gasCost.set(step, cost);
  }
  gasCostOf(step: number): number {
    return this.gasCost.get(step);
  }
  setStack(step: number, node: number): void {
    this.stack.set(step, node);
  }
  setMemory(step: number, snapshot: number): void {
    this.memory.set(step, snapshot);
  }
  setStorage(step: number, snapshot: number): void {
    this.storage.set(step, snapshot);
  }

  /** The transaction-wide maps of `step` (see StepLog.txWritten). */
  setTxStorage(step: number, written: number, accesses: number): void {
    this.txWritten.set(step, written);
    this.txAccesses.set(step, accesses);
  }
  setReason(step: number, hex: string): void {
    this.reasons.set(step, hex);
  }

  /** Interns a `0x`-hex string and returns its id. */
  word(hex: string): number {
    let id = this.wordIds.get(hex);
    if (id === undefined) {
      id = this.words.push(`"${hex}"`) - 1;
      this.wordIds.set(hex, id);
    }
    return id;
  }

  wordHex(id: number): string {
    return this.words[id]!.slice(1, -1);
  }

  /** A new stack whose top item is `word`, on top of the stack `parent` (EMPTY for none). */
  pushNode(parent: number, word: number): number {
    this.nodeWord.push(word);
    return this.nodeParent.push(parent);
  }

  /** The stack left after popping `count` items off `node`. */
  popNodes(node: number, count: number): number {
    let n = node;
    for (let i = 0; i < count && n !== EMPTY; i++) n = this.nodeParent.get(n);
    return n;
  }

  memorySnapshot(words: Int32Array): number {
    return words.length === 0 ? EMPTY : this.memorySnapshots.push(words) - 1;
  }

  storageSnapshot(pairs: Int32Array): number {
    return pairs.length === 0 ? EMPTY : this.storageSnapshots.push(pairs) - 1;
  }

  done(): StepLog {
    return {
      length: this.length,
      pc: this.pc.done(),
      gas: this.gas.done(),
      gasCost: this.gasCost.done(),
      depth: this.depth.done(),
      op: this.op.done(),
      opNames: this.opNames,
      words: this.words,
      stack: this.stack.done(),
      nodeParent: this.nodeParent.done(),
      nodeWord: this.nodeWord.done(),
      memory: this.memory.done(),
      memorySnapshots: this.memorySnapshots,
      storage: this.storage.done(),
      txWritten: this.txWritten.done(),
      txAccesses: this.txAccesses.done(),
      storageSnapshots: this.storageSnapshots,
      reasons: this.reasons,
    };
  }
}
