// Breakpoints over a Program: which steps each one can stop at (found once per change with one pass over the
// steps), and whether it stops there (its condition, then its hit count, counted from the start of the trace so
// forward and reverse runs agree).
import type { Trace } from '../shared/trace-model';
import { Expression, ExpressionError, type EvalContext } from './expression';
import type { Program, ProgramSource } from '../core/sourcemap/program';
import { REQUEST_LIMITS, RequestError } from './requests';
import { firstAbove } from './stepping';

export interface BreakpointSpec {
  line: number;
  column?: number;
  condition?: string;
  hitCondition?: string;
}

export interface Verified {
  id: number;
  verified: boolean;
  line?: number;
  column?: number;
  message?: string;
}

type Kind = 'line' | 'function' | 'instruction' | 'exception' | 'data';

interface Breakpoint {
  id: number;
  kind: Kind;
  condition: Expression | undefined;
  hit: ((count: number) => boolean) | undefined;
  /** Steps it may stop at, ascending. */
  steps: Int32Array;
  label: string;
  /** Hits (condition true) among steps[0..i], filled in as far as a stop needed it. */
  hits: Int32Array;
  counted: number;
  /** A data breakpoint's value written at each of its steps, which its condition reads by the variable's name. */
  written?: { name: string; values: Map<number, bigint> };
}

/** A data breakpoint: the steps that write the value, and what each writes. */
export interface DataSpec {
  label: string;
  /** The name its condition reads the new value by (besides `value`). */
  name: string;
  writes: ReadonlyArray<{ step: number; value: bigint }>;
  condition?: string;
  hitCondition?: string;
}

export type ExceptionFilter = 'revert' | 'panic';

/** A hit count keeps one counter per step it may stop at; all of them together, this many per step of the trace. */
export const HIT_COUNTERS_PER_STEP = 4;

/** `N` (the N-th hit and later), `>= N`, `> N`, `== N`, `< N`, `<= N`, `% N` (every N-th). */
export function parseHitCondition(text: string): ((count: number) => boolean) | undefined {
  const m = /^\s*(>=|>|==|=|<=|<|%)?\s*(\d+)\s*$/.exec(text);
  if (!m) throw new ExpressionError(`Hit count "${text}" is not a number with an optional >=, >, ==, <, <= or %.`);
  const n = Number(m[2]);
  switch (m[1]) {
    case '>':
      return (c) => c > n;
    case '==':
    case '=':
      return (c) => c === n;
    case '<':
      return (c) => c < n;
    case '<=':
      return (c) => c <= n;
    case '%':
      return (c) => n > 0 && c % n === 0;
    default:
      return (c) => c >= n;
  }
}

export interface StopAt {
  step: number;
  reason: 'breakpoint' | 'function breakpoint' | 'instruction breakpoint' | 'exception' | 'data breakpoint';
  ids: number[];
  description: string;
}

export class Breakpoints {
  private nextId = 1;
  private readonly lines = new Map<number, Breakpoint[]>();
  private functions: Breakpoint[] = [];
  private instructions: Breakpoint[] = [];
  private exceptions: Breakpoint[] = [];
  private data: Breakpoint[] = [];
  private merged: Int32Array | undefined;
  /** Breakpoints asked for, per line source ('line:<id>'), 'function', 'instruction' and 'data': their total is bounded. */
  private readonly asked = new Map<string, number>();
  /** Hit counters the breakpoints being made may still take (see HIT_COUNTERS_PER_STEP). */
  private hitRoom = 0;

  constructor(
    private readonly program: Program,
    /** A stable id per trace frame's code, so `(code, pc)` names an instruction. */
    private readonly codeOf: (traceFrame: number) => number,
  ) {}

  private get trace(): Trace {
    return this.program.trace;
  }

  /** Refuses a request that would take the breakpoints of all kinds past the limit; else records its count. */
  private claim(group: string, n: number): void {
    let total = n;
    for (const [g, c] of this.asked) if (g !== group) total += c;
    const max = REQUEST_LIMITS.breakpoints;
    if (total > max)
      throw new RequestError(
        `Too many breakpoints: at most ${max.toLocaleString('en-US')} breakpoints in all (lines, functions, instructions and data); this request would make ${total.toLocaleString('en-US')}.`,
      );
    this.asked.set(group, n);
  }

  /** Starts a replacement of `replaced`: the hit counters of every other breakpoint stay counted. */
  private startHits(replaced: readonly Breakpoint[]): void {
    let used = 0;
    for (const bp of this.all()) if (!replaced.includes(bp)) used += bp.hits.length;
    this.hitRoom = HIT_COUNTERS_PER_STEP * this.trace.length - used;
  }

  private make(
    kind: Kind,
    steps: Int32Array | number[],
    label: string,
    condition?: string,
    hitCondition?: string,
    names: readonly string[] = [],
  ): Breakpoint {
    const counters = hitCondition?.trim() ? steps.length : 0;
    if (counters > this.hitRoom) {
      const most = (HIT_COUNTERS_PER_STEP * this.trace.length).toLocaleString('en-US');
      throw new ExpressionError(
        `Too many hit counts: together they count at most ${most} steps (${HIT_COUNTERS_PER_STEP} per step of the trace); this one would count ${counters.toLocaleString('en-US')} more.`,
      );
    }
    this.hitRoom -= counters;
    return {
      id: this.nextId++,
      kind,
      steps: steps instanceof Int32Array ? steps : Int32Array.from(steps),
      label,
      hits: new Int32Array(counters),
      counted: 0,
      condition: condition?.trim() ? new Expression(condition, names) : undefined,
      hit: hitCondition?.trim() ? parseHitCondition(hitCondition) : undefined,
    };
  }

  /** Replaces the line breakpoints of one source; each is verified where code maps to its line. */
  setLines(source: ProgramSource | undefined, specs: readonly BreakpointSpec[]): Verified[] {
    const key = source?.id ?? -1;
    this.claim(`line:${key}`, specs.length);
    this.startHits(this.lines.get(key) ?? []);
    const out: Verified[] = [];
    const kept: Breakpoint[] = [];
    // Breakpoints on the same line and column share their steps.
    const stepsAt = new Map<string, Int32Array>();
    for (const spec of specs) {
      const lineKey = source ? this.program.knownLineKey(source, spec.line) : undefined;
      if (lineKey === undefined) {
        out.push({
          id: this.nextId++,
          verified: false,
          line: spec.line,
          message: source ? 'No compiled code of this trace maps to this line.' : 'The trace runs no compiled code from this file.',
        });
        continue;
      }
      try {
        const at = `${lineKey}:${spec.column}`;
        const steps = stepsAt.get(at) ?? Int32Array.from(this.statementSteps(lineKey, spec.column));
        stepsAt.set(at, steps);
        // Verified only where Continue will stop: a line whose code this trace never runs as a statement of its own
        // (a branch not taken, or code the optimizer moved into another line's or shares with another function).
        if (steps.length === 0) {
          out.push({ id: this.nextId++, verified: false, line: spec.line, message: this.neverStops(lineKey) });
          continue;
        }
        const bp = this.make('line', steps, `line ${spec.line + 1}`, spec.condition, spec.hitCondition);
        kept.push(bp);
        out.push({ id: bp.id, verified: true, line: spec.line, column: spec.column });
      } catch (err) {
        out.push({ id: this.nextId++, verified: false, line: spec.line, message: err instanceof Error ? err.message : String(err) });
      }
    }
    if (kept.length) this.lines.set(key, kept);
    else this.lines.delete(key);
    this.merged = undefined;
    return out;
  }

  /** `Contract.function` or `function`: stops where that function is entered. */
  setFunctions(specs: ReadonlyArray<{ name: string; condition?: string; hitCondition?: string }>): Verified[] {
    this.claim('function', specs.length);
    this.functions = [];
    this.startHits([]);
    const out: Verified[] = [];
    for (const spec of specs) {
      const want = spec.name.trim();
      const steps = this.program.frames
        .filter((f) => f.name === want || f.name.endsWith(`.${want}`))
        .map((f) => f.entryStep)
        .sort((a, b) => a - b);
      try {
        const bp = this.make('function', steps, want, spec.condition, spec.hitCondition);
        this.functions.push(bp);
        out.push({ id: bp.id, verified: steps.length > 0, message: steps.length ? undefined : `The trace never enters ${want}.` });
      } catch (err) {
        out.push({ id: this.nextId++, verified: false, message: err instanceof Error ? err.message : String(err) });
      }
    }
    this.merged = undefined;
    return out;
  }

  /** Instruction breakpoints: `(code id, pc)` pairs. */
  setInstructions(specs: ReadonlyArray<{ code: number; pc: number; condition?: string; hitCondition?: string }>): Verified[] {
    this.claim('instruction', specs.length);
    this.instructions = [];
    this.startHits([]);
    const out: Verified[] = [];
    for (const spec of specs) {
      const { pc, traceFrame } = this.program;
      const steps: number[] = [];
      for (let s = 0; s < pc.length; s++) if (pc[s] === spec.pc && this.codeOf(traceFrame[s]) === spec.code) steps.push(s);
      try {
        const bp = this.make('instruction', steps, `pc ${spec.pc}`, spec.condition, spec.hitCondition);
        this.instructions.push(bp);
        out.push({ id: bp.id, verified: steps.length > 0, message: steps.length ? undefined : 'The trace never runs this instruction.' });
      } catch (err) {
        out.push({ id: this.nextId++, verified: false, message: err instanceof Error ? err.message : String(err) });
      }
    }
    this.merged = undefined;
    return out;
  }

  /** Data breakpoints: each stops where its value is written; its condition reads the new value. */
  setData(specs: readonly DataSpec[]): Verified[] {
    this.claim('data', specs.length);
    this.startHits(this.data);
    this.data = [];
    const out: Verified[] = [];
    for (const spec of specs) {
      try {
        const names = /^[A-Za-z_$][\w$]*$/.test(spec.name) ? [spec.name, 'value'] : ['value'];
        const bp = this.make(
          'data',
          spec.writes.map((w) => w.step),
          spec.label,
          spec.condition,
          spec.hitCondition,
          names,
        );
        bp.written = { name: spec.name, values: new Map(spec.writes.map((w) => [w.step, w.value])) };
        this.data.push(bp);
        out.push({
          id: bp.id,
          verified: spec.writes.length > 0,
          message: spec.writes.length ? undefined : `The trace never writes ${spec.label}.`,
        });
      } catch (err) {
        out.push({ id: this.nextId++, verified: false, message: err instanceof Error ? err.message : String(err) });
      }
    }
    this.merged = undefined;
    return out;
  }

  /** "Revert": every REVERT except a Panic's; "Panic": a Panic's REVERT and INVALID. */
  setExceptions(filters: readonly ExceptionFilter[], conditions: Partial<Record<ExceptionFilter, string>> = {}): void {
    const p = this.program;
    const panic = (s: number) => this.trace.frame(p.traceFrame[s]).revert?.kind === 'Panic';
    this.exceptions = filters.map((filter) => {
      const steps =
        filter === 'revert' ? p.reverts.filter((s) => !panic(s)) : [...p.reverts.filter(panic), ...p.invalids].sort((a, b) => a - b);
      return this.make('exception', steps, filter === 'revert' ? 'Revert' : 'Panic', conditions[filter]);
    });
    this.merged = undefined;
  }

  /** Why a line with code never stops in this trace. */
  private neverStops(lineKey: number): string {
    const p = this.program;
    for (let s = 0; s < p.loc.length; s++)
      if (p.loc[s] >= 0 && p.locs[p.loc[s]].lineKey === lineKey)
        return 'Code mapped to this line runs only as part of a definition or a larger statement, never as a statement of its own: a breakpoint here would never stop.';
    return 'This trace never runs this line: it does not run in this transaction, or the optimizer moved or shared its code (no step maps to it).';
  }

  /** Steps where a statement on `lineKey` starts (at `column` or the first code after it on that line). */
  private statementSteps(lineKey: number, column: number | undefined): number[] {
    const p = this.program;
    const steps: number[] = [];
    for (let s = 0; s < p.loc.length; s++) {
      if (p.entry[s] !== 1) continue;
      const loc = p.locs[p.loc[s]];
      if (loc.lineKey !== lineKey) continue;
      if (column !== undefined && loc.column + 1 < column && loc.endLine === loc.line && loc.endColumn + 1 <= column) continue;
      steps.push(s);
    }
    return steps;
  }

  private all(): Breakpoint[] {
    return [...[...this.lines.values()].flat(), ...this.functions, ...this.instructions, ...this.exceptions, ...this.data];
  }

  private candidates(): Int32Array {
    if (!this.merged) {
      const set = new Set<number>();
      for (const bp of this.all()) for (const s of bp.steps) set.add(s);
      this.merged = Int32Array.from([...set].sort((a, b) => a - b));
    }
    return this.merged;
  }

  /** The first step after (or before) `from` where a breakpoint stops. */
  next(from: number, backward: boolean, ctx: (step: number) => EvalContext): StopAt | undefined {
    const c = this.candidates();
    const start = firstAbove(c, from);
    if (!backward) {
      for (let i = start; i < c.length; i++) {
        const stop = this.stopsAt(c[i], ctx);
        if (stop) return stop;
      }
    } else {
      for (let i = firstAbove(c, from - 1) - 1; i >= 0; i--) {
        const stop = this.stopsAt(c[i], ctx);
        if (stop) return stop;
      }
    }
    return undefined;
  }

  /** Whether a breakpoint stops at `step`, and which. */
  stopsAt(step: number, ctx: (step: number) => EvalContext): StopAt | undefined {
    const hits = this.all().filter((bp) => this.passes(bp, step, ctx));
    if (hits.length === 0) return undefined;
    const first = hits[0];
    const reason =
      first.kind === 'line'
        ? 'breakpoint'
        : first.kind === 'function'
          ? 'function breakpoint'
          : first.kind === 'instruction'
            ? 'instruction breakpoint'
            : first.kind === 'data'
              ? 'data breakpoint'
              : 'exception';
    const description =
      first.kind === 'exception'
        ? `${first.label} at step ${step}`
        : first.written
          ? `${first.label} = ${first.written.values.get(step)} (written at step ${step})`
          : `Breakpoint at ${first.label}`;
    return { step, reason, ids: hits.map((h) => h.id), description };
  }

  private passes(bp: Breakpoint, step: number, ctx: (step: number) => EvalContext): boolean {
    const at = firstAbove(bp.steps, step) - 1;
    if (at < 0 || bp.steps[at] !== step) return false;
    const ok = (s: number) => {
      try {
        const written = bp.written?.values.get(s);
        return bp.condition ? bp.condition.test(written === undefined ? ctx(s) : { ...ctx(s), variable: () => written }) : true;
      } catch {
        // A condition that cannot be evaluated here (a part the trace lacks) does not stop.
        return false;
      }
    };
    if (!bp.hit) return ok(step);
    // Counted once per candidate, however often continue passes over it.
    for (; bp.counted <= at; bp.counted++)
      bp.hits[bp.counted] = (bp.counted > 0 ? bp.hits[bp.counted - 1] : 0) + (ok(bp.steps[bp.counted]) ? 1 : 0);
    const here = bp.hits[at] - (at > 0 ? bp.hits[at - 1] : 0);
    return here === 1 && bp.hit(bp.hits[at]);
  }
}
