// The debugger's runtime over one trace session, apart from any protocol (as vscode-mock-debug keeps its runtime
// apart from its adapter): Solidity-level and instruction-level moves, continue to the next breakpoint in either
// direction, and what each step shows. It moves the shared TraceSession, so the trace panel follows.
import type { MoveOrigin, TraceSession } from '../core/session/session';
import type { CompiledCode } from '../core/sourcemap/compiled-code';
import type { StepDetail } from '../shared/trace-model';
import { CUT_END } from '../shared/truncation-text';
import { Breakpoints, type StopAt } from './breakpoints';
import type { EvalContext } from './expression';
import type { Loc, Program } from '../core/sourcemap/program';
import { statementStart, stepStatement, type StepKind } from './stepping';
import { stackWordValue } from '../shared/stack-words';
import { frameStorage } from '../core/trace/storage-accesses';

export type Granularity = 'statement' | 'instruction';

export interface Stop {
  step: number;
  reason:
    | 'entry'
    | 'step'
    | 'breakpoint'
    | 'function breakpoint'
    | 'instruction breakpoint'
    | 'data breakpoint'
    | 'exception'
    | 'goto'
    | 'restart';
  description?: string;
  ids?: number[];
  /** Nowhere further to go in that direction: the session stays at its end. */
  end?: 'start' | 'end';
}

export class DebugRuntime {
  readonly breakpoints: Breakpoints;
  private readonly codeIds = new Map<CompiledCode | string, number>();
  private readonly frameCodeId: number[];
  private readonly details = new Map<number, StepDetail>();

  constructor(
    readonly session: TraceSession,
    readonly program: Program,
  ) {
    this.frameCodeId = program.frameCode.map((f, i) => {
      const key = f.code ?? f.address ?? `frame:${i}`;
      let id = this.codeIds.get(key);
      if (id === undefined) this.codeIds.set(key, (id = this.codeIds.size));
      return id;
    });
    this.breakpoints = new Breakpoints(program, (frame) => this.frameCodeId[frame]);
  }

  get step(): number {
    return this.session.step;
  }

  get trace() {
    return this.session.trace;
  }

  /** The code id of a trace frame (what instruction references are made of). */
  codeIdOf(traceFrame: number): number {
    return this.frameCodeId[traceFrame];
  }

  /** A trace frame that ran code `id`. */
  frameOfCode(id: number): number | undefined {
    const i = this.frameCodeId.indexOf(id);
    return i >= 0 ? i : undefined;
  }

  /** The steps `[from, to)` the last move passed over when it was a forward statement step; null after any other. */
  passed: { from: number; to: number } | null = null;

  private move(step: number, origin: MoveOrigin = 'debugger'): number {
    this.details.clear();
    this.passed = null;
    return this.session.moveTo(step, origin);
  }

  /** Where the session starts: the first statement (else the first step), or where the session already is (`here`) past it. */
  entry(here = false): Stop {
    const p = this.program;
    // The first statement inside a function or modifier the call runs: not the dispatcher's contract-wide range,
    // nor a constant's declaration that code inlines; else the first statement at all, else the first step.
    const bodies = p.locs.filter((l) => l.defines);
    const inBody = (s: number) => {
      const l = p.locs[p.loc[s]];
      // A modifier's body counts too: its code runs first, so a breakpoint in it must not be passed by the first stop.
      const holder = l.steppable ? p.callableAt(l.source, l.start) : undefined;
      if (holder?.callable.kind === 'modifier') return true;
      return bodies.some((b) => b !== l && b.source === l.source && !before(l, b) && !after(l, b));
    };
    let first = -1;
    for (let s = 0; s < p.entry.length && first < 0; s++) if (p.entry[s] === 1 && inBody(s)) first = s;
    for (let s = 0; s < p.entry.length && first < 0; s++) if (p.entry[s] === 1) first = s;
    // From the panel: where it is, unless that is before the first statement (a panel just opened is at step 0).
    if (here && this.step >= first) return { step: this.step, reason: 'entry' };
    return { step: this.move(Math.max(first, 0)), reason: 'entry' };
  }

  stepBy(kind: StepKind, backward: boolean, granularity: Granularity = 'statement'): Stop {
    const from = this.step;
    const last = this.trace.length - 1;
    if (granularity === 'instruction') {
      const to = kind === 'into' || kind === 'over' ? from + (backward ? -1 : 1) : this.instructionOut(from, backward);
      if (to < 0 || to > last) return this.atEnd(from, backward);
      return { step: this.move(to), reason: 'step' };
    }
    const to = stepStatement(this.program, from, kind, backward);
    if (to === undefined) return this.atEnd(this.move(backward ? 0 : last), backward);
    return backward ? { step: this.move(to), reason: 'step' } : this.stepTo(to);
  }

  /** A forward statement step to `to`, found by the caller (out of a modifier, say). */
  stepTo(to: number): Stop {
    const from = this.step;
    const step = this.move(to);
    this.passed = { from, to: step };
    return { step, reason: 'step' };
  }

  /** Out of the current trace frame at the instruction level: the step after (or before) it in its parent. */
  private instructionOut(from: number, backward: boolean): number {
    const frame = this.trace.frame(this.trace.row(from).frame);
    return backward ? frame.entryStep - 1 : frame.exitStep + 1;
  }

  /** Runs to the next breakpoint in that direction, or to the end of the trace. */
  run(backward: boolean): Stop {
    const hit: StopAt | undefined = this.breakpoints.next(this.step, backward, (s) => this.context(s));
    if (hit) return { step: this.move(hit.step), reason: hit.reason, description: hit.description, ids: hit.ids };
    return this.atEnd(this.move(backward ? 0 : this.trace.length - 1), backward, backward ? 'Start of the trace' : 'End of the trace');
  }

  /** A move that ran out of trace; at the last step of a trace the mirror cut, it says so rather than "the end". */
  private atEnd(step: number, backward: boolean, description?: string): Stop {
    if (!backward && this.trace.summary.truncated) return { step, reason: 'step', end: 'end', description: CUT_END };
    return { step, reason: 'step', end: backward ? 'start' : 'end', ...(description ? { description } : {}) };
  }

  goto(step: number): Stop {
    return { step: this.move(step), reason: 'goto' };
  }

  /** Back to the first statement of the frame shown at `frameId`. */
  restartFrame(fnId: number): Stop {
    const f = this.program.frames[fnId];
    let s = f.entryStep;
    while (s <= f.exitStep && !(this.program.entry[s] === 1 && this.program.fn[s] >= fnId)) s++;
    return { step: this.move(s <= f.exitStep ? s : f.entryStep), reason: 'restart' };
  }

  /** The start of the statement the session is in (after the panel moved mid-statement, for instance). */
  statementStart(): number {
    return statementStart(this.program, this.step);
  }

  detail(step: number): StepDetail {
    let d = this.details.get(step);
    if (!d) {
      if (this.details.size > 64) this.details.clear();
      this.details.set(step, (d = this.trace.detail(step)));
    }
    return d;
  }

  /** What expressions read at `step`. */
  context(step: number): EvalContext {
    const row = this.trace.row(step);
    return {
      scalar: (name) => (name === 'op' ? row.op : BigInt(name === 'step' ? step : row[name])),
      stack: (index) => {
        const stack = this.detail(step).stack;
        if (!stack) return undefined;
        const i = index < 0n ? stack.length + Number(index) : Number(index);
        return i >= 0 && i < stack.length ? stackWordValue(stack[i]) : undefined;
      },
      memory: (offset) => {
        const bytes = this.memoryBytes(step);
        if (!bytes || offset < 0n) return undefined;
        const at = Number(offset);
        if (at >= bytes.length) return 0n;
        const word = Buffer.alloc(32);
        bytes.copy(word, 0, at, Math.min(at + 32, bytes.length));
        return BigInt(`0x${word.toString('hex')}`);
      },
      storage: (slot) => {
        const storage = frameStorage(this.trace, step, this.program.traceFrame[step]);
        if (!storage) return undefined;
        for (const [k, v] of Object.entries(storage)) if (stackWordValue(k) === slot) return stackWordValue(v);
        return undefined;
      },
    };
  }

  /** The memory of `step` as bytes; undefined when the trace has no memory. */
  memoryBytes(step: number): Buffer | undefined {
    const memory = this.detail(step).memory;
    return memory ? Buffer.from(memory.map((w) => w.slice(2)).join(''), 'hex') : undefined;
  }
}

type Range = Pick<Loc, 'line' | 'column' | 'endLine' | 'endColumn'>;
/** `a` starts before `b` does. */
const before = (a: Range, b: Range) => a.line < b.line || (a.line === b.line && a.column < b.column);
/** `a` ends after `b` does. */
const after = (a: Range, b: Range) => a.endLine > b.endLine || (a.endLine === b.endLine && a.endColumn > b.endColumn);
