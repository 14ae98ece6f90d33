// Step navigation (next/previous op of a class, call, return, same instruction, frame moves) answered from indexes
// built in one pass, so every command is O(1) or O(log n) on a trace of millions of steps.
import type { TraceColumns } from './columns-store';
import type { Frame, NavCommand, OpClass } from '../../shared/trace-model';
import { isInClass, OP_CLASSES } from './ops';
import { clampStep, frameMove, isFrameMove, type FrameSteps } from '../../shared/frame-moves';

/**
 * Every navigation command in O(1) or O(log n) after one indexing pass at construction: steps grouped by op class,
 * by op and by (code, instruction pc), each group ascending, so "next/previous X" is a binary search.
 */
export class Navigator {
  private readonly classSteps: Record<OpClass, Int32Array>;
  private readonly frameEntries: Int32Array;
  private readonly byOp: StepGroups;
  private readonly byPc: StepGroups;
  /** Per frame, an id shared by frames running the same code (same callee), so go-to-pc stays in one contract. */
  private readonly codeIds: Int32Array;
  private readonly pcSpan: number;
  /** The frame moves' view of the whole trace (shared with the stepper webview, which runs them over its rows). */
  private readonly steps: FrameSteps;

  constructor(
    private readonly cols: TraceColumns,
    frames: readonly Frame[],
    private readonly stepFrame: Int32Array,
    instructionPc: Int32Array,
  ) {
    this.classSteps = buildClassSteps(cols, frames);
    this.frameEntries = Int32Array.from(frames, (f) => f.entryStep);
    this.byOp = groupSteps(new Int32Array(cols.op.subarray(0, cols.length)), cols.opNames.length);
    const { ids: codes, count } = codeIdsOf(frames);
    this.codeIds = codes;
    const span = (this.pcSpan = maxOf(instructionPc, cols.length) + 1);
    this.byPc = groupSteps(codePcKeys(codes, stepFrame, instructionPc, cols.length, span), span * Math.max(count, 1));
    this.steps = { length: cols.length, frameAt: (i) => stepFrame[i], frame: (i) => frames[i] };
  }

  navigate(step: number, cmd: NavCommand): number {
    const n = this.cols.length;
    if (n === 0) return step;
    const s = clampStep(step, n);
    if (isFrameMove(cmd)) return frameMove(this.steps, s, cmd) ?? s;
    switch (cmd.kind) {
      case 'class':
        return orStay(cmd.backward ? before(this.classSteps[cmd.opClass], s) : after(this.classSteps[cmd.opClass], s), s);
      case 'frame':
        return orStay(cmd.backward ? before(this.frameEntries, s) : after(this.frameEntries, s), s);
      case 'op':
        return this.opSearch(s, cmd.name, cmd.backward === true);
      case 'pc':
        return this.pcSearch(s, cmd.pc);
    }
  }

  private opSearch(s: number, name: string, backward: boolean): number {
    const id = this.cols.opNames.findIndex((op) => op.toUpperCase() === name.trim().toUpperCase());
    if (id < 0) return s;
    return orStay(backward ? this.byOp.before(id, s) : this.byOp.after(id, s), s);
  }

  /** Next step after `s` whose instruction is at `pc` in the same code as the current frame. */
  private pcSearch(s: number, pc: number): number {
    if (!Number.isInteger(pc) || pc < 0 || pc >= this.pcSpan) return s;
    return orStay(this.byPc.after(this.codeIds[this.stepFrame[s]] * this.pcSpan + pc, s), s);
  }
}

/** Frames running the same code share an id: the callee address, or the frame itself for creation code. */
function codeIdsOf(frames: readonly Frame[]): { ids: Int32Array; count: number } {
  const seen = new Map<string, number>();
  const ids = Int32Array.from(frames, (f) => {
    const key = f.callee ?? `frame:${f.index}`;
    let id = seen.get(key);
    if (id === undefined) seen.set(key, (id = seen.size));
    return id;
  });
  return { ids, count: seen.size };
}

/**
 * Steps grouped by an integer key in [0, keys), ascending within each group: a counting sort, two passes over the
 * steps. Key spaces too large for a count array (absurd pcs in a malformed trace) fall back to a map.
 */
interface StepGroups {
  /** First step > s with this key, or -1. */
  after(key: number, s: number): number;
  /** Last step < s with this key, or -1. */
  before(key: number, s: number): number;
}

/** Key spaces up to this size are counted in an array (16 MB); larger ones are first renumbered densely. */
const MAX_DENSE_KEYS = 1 << 22;

// The passes below run once per trace over every step. Each loop is a small function of its own over typed arrays,
// with no callback per step, so V8 optimises the whole loop at once. Written with a key callback and per-class lists
// of objects, the same passes deoptimised at every trace ("insufficient type feedback" past the loop compiled on the
// stack): at 20k steps the indexes took 17–25 ms of the host's first trace and 3–10 ms of its second, now 10–13 ms
// and 1–2.5 ms.

/** Each step's key: its frame's code id and its instruction pc, as one integer. */
function codePcKeys(codes: Int32Array, stepFrame: Int32Array, instructionPc: Int32Array, n: number, span: number): Int32Array {
  const key = new Int32Array(n);
  for (let i = 0; i < n; i++) key[i] = codes[stepFrame[i]] * span + instructionPc[i];
  return key;
}

function maxOf(values: Int32Array, n: number): number {
  let max = 0;
  for (let i = 0; i < n; i++) if (values[i] > max) max = values[i];
  return max;
}

function groupSteps(key: Int32Array, keys: number): StepGroups {
  return keys > MAX_DENSE_KEYS ? renumbered(key) : denseGroups(key, keys);
}

/** Counting sort of the steps by `key` (each in [0, keys)): ascending steps within each key. */
function denseGroups(key: Int32Array, keys: number): StepGroups {
  const start = countingStarts(key, keys);
  const sorted = sortedByKey(key, start.slice(0, keys));
  const inRange = (k: number) => Number.isInteger(k) && k >= 0 && k < keys;
  return {
    after: (k, s) => (inRange(k) ? after(sorted, s, start[k], start[k + 1]) : -1),
    before: (k, s) => (inRange(k) ? before(sorted, s, start[k], start[k + 1]) : -1),
  };
}

/** Where each key's steps start in the sorted order (and, at `keys`, where they all end). */
function countingStarts(key: Int32Array, keys: number): Int32Array {
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < key.length; i++) start[key[i] + 1]++;
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  return start;
}

/** The steps ordered by key, ascending within a key; `fill` (each key's start) is used up. */
function sortedByKey(key: Int32Array, fill: Int32Array): Int32Array {
  const sorted = new Int32Array(key.length);
  for (let i = 0; i < key.length; i++) sorted[fill[key[i]]++] = i;
  return sorted;
}

/** The keys that occur, numbered 0..k-1 in order of appearance, then grouped densely. */
function renumbered(key: Int32Array): StepGroups {
  const ids = new Map<number, number>();
  const dense = new Int32Array(key.length);
  for (let i = 0; i < key.length; i++) {
    let id = ids.get(key[i]);
    if (id === undefined) ids.set(key[i], (id = ids.size));
    dense[i] = id;
  }
  const groups = denseGroups(dense, ids.size);
  return {
    after: (k, s) => groups.after(ids.get(k) ?? -1, s),
    before: (k, s) => groups.before(ids.get(k) ?? -1, s),
  };
}

/** Steps by op class: each op's classes as bits (six classes: a byte per step), then one list per class. */
function buildClassSteps(cols: TraceColumns, frames: readonly Frame[]): Record<OpClass, Int32Array> {
  const opBits = Uint8Array.from(cols.opNames, (op) => OP_CLASSES.reduce((bits, c, k) => (isInClass(op, c) ? bits | (1 << k) : bits), 0));
  const stepBits = stepClassBits(cols.op, opBits, cols.length);
  const revert = 1 << OP_CLASSES.indexOf('revert');
  for (const f of frames) if (f.reverted) stepBits[f.exitStep] |= revert;
  const lists = classLists(stepBits, OP_CLASSES.length);
  return Object.fromEntries(OP_CLASSES.map((c, k) => [c, lists[k]])) as Record<OpClass, Int32Array>;
}

function stepClassBits(op: Uint16Array, opBits: Uint8Array, n: number): Uint8Array {
  const bits = new Uint8Array(n);
  for (let i = 0; i < n; i++) bits[i] = opBits[op[i]];
  return bits;
}

/** Per class, the steps whose bits include it, ascending: counted, then filled (most steps are in no class). */
function classLists(bits: Uint8Array, classes: number): Int32Array[] {
  const counts = new Int32Array(classes);
  for (let i = 0; i < bits.length; i++) {
    const b = bits[i];
    if (b !== 0) for (let c = 0; c < classes; c++) counts[c] += (b >> c) & 1;
  }
  const lists = Array.from(counts, (count) => new Int32Array(count));
  const fill = new Int32Array(classes);
  for (let i = 0; i < bits.length; i++) {
    const b = bits[i];
    if (b !== 0) for (let c = 0; c < classes; c++) if ((b >> c) & 1) lists[c][fill[c]++] = i;
  }
  return lists;
}

/** First element > s of sorted[from, to), or -1. */
function after(sorted: Int32Array, s: number, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= s) lo = mid + 1;
    else hi = mid;
  }
  return lo < to ? sorted[lo] : -1;
}

/** Last element < s of sorted[from, to), or -1. */
function before(sorted: Int32Array, s: number, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < s) lo = mid + 1;
    else hi = mid;
  }
  return lo > from ? sorted[lo - 1] : -1;
}

function orStay(found: number, s: number): number {
  return found < 0 ? s : found;
}
