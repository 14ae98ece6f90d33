import type { TraceColumns } from './columns-store';
import type { Frame, NavCommand, OpClass } from '../../shared/trace-model';
import { growInt32 } from './columns';
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
    this.byOp = groupSteps(cols.length, cols.opNames.length, (i) => cols.op[i]);
    const { ids: codes, count } = codeIdsOf(frames);
    this.codeIds = codes;
    let maxPc = 0;
    for (let i = 0; i < cols.length; i++) if (instructionPc[i] > maxPc) maxPc = instructionPc[i];
    const span = (this.pcSpan = maxPc + 1);
    this.byPc = groupSteps(cols.length, span * Math.max(count, 1), (i) => codes[stepFrame[i]] * span + instructionPc[i]);
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

function groupSteps(n: number, keys: number, keyOf: (step: number) => number): StepGroups {
  if (keys > MAX_DENSE_KEYS) return renumbered(n, keyOf);
  const key = new Int32Array(n);
  for (let i = 0; i < n; i++) key[i] = keyOf(i);
  return denseGroups(key, keys);
}

/** Counting sort of the steps by `key` (each in [0, keys)): ascending steps within each key. */
function denseGroups(key: Int32Array, keys: number): StepGroups {
  const n = key.length;
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < n; i++) start[key[i] + 1]++;
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  const fill = start.slice(0, keys);
  const sorted = new Int32Array(n);
  for (let i = 0; i < n; i++) sorted[fill[key[i]]++] = i;
  const inRange = (k: number) => Number.isInteger(k) && k >= 0 && k < keys;
  return {
    after: (k, s) => (inRange(k) ? after(sorted, s, start[k], start[k + 1]) : -1),
    before: (k, s) => (inRange(k) ? before(sorted, s, start[k], start[k + 1]) : -1),
  };
}

/** The keys that occur, numbered 0..k-1 in order of appearance, then grouped densely. */
function renumbered(n: number, keyOf: (step: number) => number): StepGroups {
  const ids = new Map<number, number>();
  const dense = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const key = keyOf(i);
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    dense[i] = id;
  }
  const groups = denseGroups(dense, ids.size);
  return {
    after: (key, s) => groups.after(ids.get(key) ?? -1, s),
    before: (key, s) => groups.before(ids.get(key) ?? -1, s),
  };
}

/** One pass over the steps, each op's class memberships looked up by op id. */
function buildClassSteps(cols: TraceColumns, frames: readonly Frame[]): Record<OpClass, Int32Array> {
  const failedExits = new Uint8Array(cols.length);
  for (const f of frames) if (f.reverted) failedExits[f.exitStep] = 1;
  const membership = cols.opNames.map((op) => OP_CLASSES.map((c) => isInClass(op, c)));
  const lists = OP_CLASSES.map(() => ({ steps: new Int32Array(64), count: 0 }));
  const revert = OP_CLASSES.indexOf('revert');
  for (let i = 0; i < cols.length; i++) {
    const member = membership[cols.op[i]];
    for (let c = 0; c < lists.length; c++) {
      if (!member[c] && !(c === revert && failedExits[i])) continue;
      const list = lists[c];
      if (list.count === list.steps.length) list.steps = growInt32(list.steps, list.count + 1);
      list.steps[list.count++] = i;
    }
  }
  return Object.fromEntries(OP_CLASSES.map((c, k) => [c, lists[k].steps.slice(0, lists[k].count)])) as Record<OpClass, Int32Array>;
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
