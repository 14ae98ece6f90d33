import type { TraceColumns } from './columns-store';
import type { Frame, NavCommand, OpClass } from './model';
import { isInClass, OP_CLASSES } from './ops';

/**
 * Every navigation command in O(1) or O(log n). One pass at construction builds the per-class step lists; the
 * per-op and per-pc lists are built on first use of that kind of search (one pass each) and then kept.
 */
export class Navigator {
  private readonly classSteps: Record<OpClass, Int32Array>;
  private readonly frameEntries: Int32Array;
  private readonly opSteps = new Map<number, Int32Array>();
  private pcIndex: Map<number, Int32Array> | undefined;
  /** Per frame, an id shared by frames running the same code (same callee), so go-to-pc stays in one contract. */
  private codeIds: Int32Array | undefined;

  constructor(
    private readonly cols: TraceColumns,
    private readonly frames: readonly Frame[],
    private readonly stepFrame: Int32Array,
    private readonly instructionPc: Int32Array,
  ) {
    this.classSteps = buildClassSteps(cols, frames);
    this.frameEntries = Int32Array.from(frames, (f) => f.entryStep);
  }

  navigate(step: number, cmd: NavCommand): number {
    const n = this.cols.length;
    if (n === 0) return step;
    const s = clamp(step, n);
    switch (cmd.kind) {
      case 'step':
        return clamp(s + Math.trunc(cmd.delta || 0), n);
      case 'first':
        return 0;
      case 'last':
        return n - 1;
      case 'goto':
        return clamp(Math.trunc(cmd.step), n);
      case 'into':
        return clamp(cmd.backward ? s - 1 : s + 1, n);
      case 'over':
        return cmd.backward ? this.overBackward(s) : this.overForward(s);
      case 'out':
        return this.out(s, cmd.backward === true);
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

  /** Next step of the same frame, skipping the calls it makes; at the frame's last step, the step after it returns. */
  private overForward(s: number): number {
    const f = this.frames[this.stepFrame[s]];
    let t = s + 1;
    while (t <= f.exitStep && this.stepFrame[t] !== f.index) t = this.childOf(f, t).exitStep + 1;
    if (t <= f.exitStep) return t;
    return f.exitStep + 1 < this.cols.length ? f.exitStep + 1 : s;
  }

  /** Previous step of the same frame, skipping calls; at the frame's first step, the call that opened it. */
  private overBackward(s: number): number {
    const f = this.frames[this.stepFrame[s]];
    let t = s - 1;
    while (t >= f.entryStep && this.stepFrame[t] !== f.index) t = this.childOf(f, t).entryStep - 1;
    if (t >= f.entryStep) return t;
    return f.entryStep > 0 ? f.entryStep - 1 : s;
  }

  /** Forward: first step after the current frame returns (the end for the root). Backward: the call that opened it. */
  private out(s: number, backward: boolean): number {
    const f = this.frames[this.stepFrame[s]];
    if (backward) return f.parent < 0 ? 0 : Math.max(f.entryStep - 1, 0);
    const resume = f.exitStep + 1;
    return f.parent < 0 || resume >= this.cols.length ? this.cols.length - 1 : resume;
  }

  /** The direct child of `f` that step `t` runs in (t is inside f but in a deeper frame). */
  private childOf(f: Frame, t: number): Frame {
    let c = this.frames[this.stepFrame[t]];
    while (c.parent !== f.index) c = this.frames[c.parent];
    return c;
  }

  private opSearch(s: number, name: string, backward: boolean): number {
    const id = this.cols.opNames.findIndex((op) => op.toUpperCase() === name.trim().toUpperCase());
    if (id < 0) return s;
    let steps = this.opSteps.get(id);
    if (!steps) {
      steps = collect(this.cols.length, (i) => this.cols.op[i] === id);
      this.opSteps.set(id, steps);
    }
    return orStay(backward ? before(steps, s) : after(steps, s), s);
  }

  /** Next step after `s` whose instruction is at `pc` in the same code as the current frame. */
  private pcSearch(s: number, pc: number): number {
    const codes = this.codeIdsOfFrames();
    const code = codes[this.stepFrame[s]];
    const steps = this.pcSteps().get(pcKey(code, pc));
    return steps ? orStay(after(steps, s), s) : s;
  }

  private codeIdsOfFrames(): Int32Array {
    if (!this.codeIds) {
      const ids = new Map<string, number>();
      this.codeIds = Int32Array.from(this.frames, (f) => {
        // Creation code has no address to share; every CREATE frame runs its own init code.
        const key = f.callee ?? `frame:${f.index}`;
        let id = ids.get(key);
        if (id === undefined) ids.set(key, (id = ids.size));
        return id;
      });
    }
    return this.codeIds;
  }

  private pcSteps(): Map<number, Int32Array> {
    if (!this.pcIndex) {
      const codes = this.codeIdsOfFrames();
      const counts = new Map<number, number>();
      const n = this.cols.length;
      const keys = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const key = pcKey(codes[this.stepFrame[i]], this.instructionPc[i]);
        keys[i] = key;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const index = new Map<number, Int32Array>();
      const fill = new Map<number, number>();
      for (const [key, count] of counts) {
        index.set(key, new Int32Array(count));
        fill.set(key, 0);
      }
      for (let i = 0; i < n; i++) {
        const key = keys[i];
        const at = fill.get(key) as number;
        (index.get(key) as Int32Array)[at] = i;
        fill.set(key, at + 1);
      }
      this.pcIndex = index;
    }
    return this.pcIndex;
  }
}

function pcKey(code: number, pc: number): number {
  return code * 0x100000000 + pc;
}

function buildClassSteps(cols: TraceColumns, frames: readonly Frame[]): Record<OpClass, Int32Array> {
  const failedExits = new Set(frames.filter((f) => f.reverted).map((f) => f.exitStep));
  const out = {} as Record<OpClass, Int32Array>;
  for (const opClass of OP_CLASSES) {
    const member = cols.opNames.map((op) => isInClass(op, opClass));
    out[opClass] = collect(cols.length, (i) => member[cols.op[i]] || (opClass === 'revert' && failedExits.has(i)));
  }
  return out;
}

/** Ascending steps satisfying `test`. */
function collect(n: number, test: (i: number) => boolean): Int32Array {
  let out = new Int32Array(64);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (!test(i)) continue;
    if (count === out.length) {
      const grown = new Int32Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    out[count++] = i;
  }
  return out.slice(0, count);
}

/** First element > s, or -1. */
function after(sorted: Int32Array, s: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= s) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length ? sorted[lo] : -1;
}

/** Last element < s, or -1. */
function before(sorted: Int32Array, s: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < s) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? sorted[lo - 1] : -1;
}

function orStay(found: number, s: number): number {
  return found < 0 ? s : found;
}

function clamp(step: number, n: number): number {
  if (!Number.isFinite(step)) return step > 0 ? n - 1 : 0;
  return Math.min(Math.max(Math.trunc(step), 0), n - 1);
}
