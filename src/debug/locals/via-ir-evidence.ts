// What a trace of IR-pipeline code proves about its variables' values, gathered once per Program in one pass over the
// steps. Evidence ties a stack identity (stack-identities.ts) to a variable:
// - a read: a DUP the source map gives exactly the range of an identifier naming the variable copies its value (two
//   DUPs in a row for a calldata slice: offset, then length);
// - a comparison: LT, GT, SLT, SGT, EQ or ISZERO mapped exactly to `i < n`, `v > 50` or `j == 0` takes the values of
//   the variables it names as inputs, by the instruction's semantics, when a literal operand meets its word;
// - a write with a known value (code without the optimizer only: the optimizer moves an expression's instructions
//   apart): where the code of a declaration's initial value or of a plain `=`'s right side ends, or of an assignment
//   to the variable alone, the item it left on top, when an instruction of that statement made it;
// - a write with no known value: any other code of a statement that writes the variable, and a function's entry for
//   its parameters and return variables.
// Between two writes a variable keeps one value, so every piece of evidence in that stretch (the future included)
// gives it; where two disagree, or none exists, the variable is unavailable, and so is a variable one of whose writes
// no instruction maps to. Stretches are kept per visible function activation (a generated helper counts as its
// caller), so one call's values never stand for another's.
import type { Program } from '../../core/sourcemap/program';
import type { TraceColumns } from '../../core/trace/columns-store';
import { isViaIr, pipelineOf } from '../../core/locals/pipeline';
import { floorIndex } from '../../core/trace/columns';
import { inside, rangesOf, type CodeRanges, type Range } from './code-ranges';
import { COMPARES, operandsOf, type CompareKind } from './comparison-operands';
import { StackIdentities } from './stack-identities';

const NONE = -1;

const NO_WRITES: readonly number[] = [];
const UNKNOWN = -2;
const CONFLICT = -3;

/**
 * A variable's stretches between writes, each with its value as interned words (a calldata slice: offset, then
 * length), UNKNOWN (no evidence) or CONFLICT (evidence disagrees).
 */
class Timeline {
  readonly starts: number[] = [NONE];
  readonly first: number[] = [UNKNOWN];
  readonly second: number[] = [NONE];

  constructor(private readonly identities: StackIdentities) {}

  /** A write at `step`: what follows has the value `words` (interned, from the stack) or none known. */
  write(step: number, words?: readonly number[]): void {
    // A value found for a statement that another write of the variable has overtaken (`x = (x = 1) + 1`) is dropped.
    if (step < this.starts[this.starts.length - 1]) return;
    this.starts.push(step);
    this.first.push(words ? words[0] : UNKNOWN);
    this.second.push(words && words.length > 1 ? words[1] : NONE);
  }

  read(word: number, next = NONE): void {
    const last = this.first.length - 1;
    const known = this.first[last];
    if (known === UNKNOWN) {
      this.first[last] = word;
      this.second[last] = next;
    } else if (
      known !== CONFLICT &&
      (!this.identities.same(known, word) ||
        (next === NONE) !== (this.second[last] === NONE) ||
        (next !== NONE && !this.identities.same(this.second[last], next)))
    )
      this.first[last] = CONFLICT;
  }

  at(step: number): string[] | undefined {
    // The first stretch starts at -1, before every step.
    const lo = floorIndex(this.starts, this.starts.length, step);
    const first = this.first[lo];
    if (first < 0) return undefined;
    const words = [this.identities.text(first)];
    if (this.second[lo] !== NONE) words.push(this.identities.text(this.second[lo]));
    return words;
  }
}

/** A statement writing a variable, while its code runs. */
interface Open {
  /** The visible function activation it runs in. */
  key: number;
  decl: number;
  write: number;
  /** The step where its code began. */
  start: number;
  /** The last step mapped exactly to its value expression, or -1. */
  lastValue: number;
  /** For an assignment to the variable alone, the last step mapped exactly to the assignment, or -1. */
  lastResult: number;
}

export class ViaIrEvidence {
  /** Per visible function activation, per variable (AST id): its stretches. */
  private readonly timelines = new Map<number, Map<number, Timeline>>();
  /** Per trace frame: its code's ranges, for IR code. */
  private readonly tables: Array<CodeRanges | undefined>;
  private readonly identities: StackIdentities;
  /** Per op (index into the trace's op names): whether it compares; and each step's op. */
  private readonly comparing: boolean[];
  private readonly ops: Uint16Array;
  private static readonly built = new WeakMap<Program, ViaIrEvidence | undefined>();

  private constructor(
    private readonly program: Program,
    store: TraceColumns,
  ) {
    const { trace, frameCode, traceFrame, pc, vis } = program;
    const columns = trace.columns();
    const { op, opNames } = columns;
    this.ops = op;
    const identities = (this.identities = new StackIdentities(columns, store, trace.summary.pcConvention === 'post-op'));
    const pipelines = frameCode.map(({ artifact }) => (artifact ? pipelineOf(artifact.metadata) : 'legacy'));
    const tables = (this.tables = frameCode.map(({ artifact, code }, tf) =>
      artifact && code && isViaIr(pipelines[tf]) ? rangesOf(artifact, code) : undefined,
    ));
    const dup = opNames.map((name) => /^DUP\d+$/.test(name));
    const jumpdest = opNames.map((name) => name === 'JUMPDEST');
    const compares = opNames.map((name) => COMPARES[name]);
    this.comparing = compares.map((by) => by !== undefined);
    // An assignment's last instruction leaves its value when it computed it (not a jump into a helper, not a constant).
    const computes = opNames.map((name) => !/^(PUSH\d*|JUMPI?)$/.test(name));
    const frames = trace.frameCount();
    /** Per trace frame: the statements whose code runs, its previous step, and its last DUP that read an identifier. */
    const open: Open[][] = Array.from({ length: frames }, () => []);
    const previous = new Int32Array(frames).fill(NONE);
    const readStep = new Int32Array(frames).fill(NONE);
    const readRange = new Int32Array(frames).fill(NONE);
    const pushes = opNames.map((name) => /^PUSH[1-4]$/.test(name));
    /**
     * Whether an item is a code label the statement pushed (a call's return address, left on top before the jump
     * into the function it calls): a PUSH of the offset of a JUMPDEST of the frame's code.
     */
    const label = (id: number, tf: number): boolean => {
      const at = identities.madeAt(id);
      const code = frameCode[tf].code;
      if (at === NONE || !pushes[op[at]] || !code) return false;
      const word = BigInt(identities.wordOf(id));
      return word < BigInt(code.bytes.length) && code.opAt(Number(word)) === 'JUMPDEST';
    };
    /** The words the step leaves on top for a variable of `size` items, when the statement begun at `start` made them. */
    const made = (step: number, size: number, start: number): number[] | undefined => {
      const ids = size === 1 ? [identities.top[step]] : size === 2 ? [identities.second[step], identities.top[step]] : [];
      const tf = traceFrame[step];
      if (ids.length === 0 || ids.some((id) => id === NONE || identities.madeAt(id) < start || label(id, tf))) return undefined;
      return ids.map((id) => identities.wordIdOf(id));
    };
    /**
     * A statement's code is done at step `at`: the variable has its new value from there on (from the step its value
     * was left, when known). Reads after it are of the new value, not of what the variable held while the
     * statement ran.
     */
    const close = (o: Open, tf: number, at: number) => {
      const known = assigned(o, tf);
      if (known) this.timeline(o.key, o.decl).write(Math.max(o.lastValue, o.lastResult), known);
      else this.timeline(o.key, o.decl).write(at);
    };
    const assigned = (o: Open, tf: number): number[] | undefined => {
      // The optimizer moves an expression's instructions apart: its last one no longer leaves its value on top.
      if (pipelines[tf] !== 'via-ir') return undefined;
      const table = tables[tf]!;
      const size = table.sizes.get(o.decl);
      if (size === undefined) return undefined;
      // The value expression's last instruction leaves its value; a copy of another variable counts as made.
      let value: number[] | undefined;
      if (o.lastValue !== NONE) {
        const id = identities.top[o.lastValue];
        const copy = dup[op[o.lastValue]] && table.ranges[table.at[pc[o.lastValue]]].reads !== NONE;
        value = copy && size === 1 && id !== NONE ? [identities.wordIdOf(id)] : made(o.lastValue, size, o.start);
      }
      const result = o.lastResult !== NONE && computes[op[o.lastResult]] ? made(o.lastResult, size, o.start) : undefined;
      return value && result && value.some((w, i) => !identities.same(w, result[i])) ? undefined : (value ?? result);
    };
    for (let s = 0; s < trace.length; s++) {
      const tf = traceFrame[s];
      const table = tables[tf];
      if (!table) continue;
      const key = vis[s];
      const r = table.at[pc[s]];
      const range = r === NONE ? undefined : table.ranges[r];
      if (range?.inert) {
        previous[tf] = s;
        continue;
      }
      // Statements this step's code is no longer part of (a range outside them that does not enclose them) end.
      const running = open[tf];
      if (running.length > 0 && range) {
        let kept = 0;
        for (const o of running) {
          // A function the statement calls is running: the statement goes on after it returns, and what its code
          // left on top before the call (the return label) is not its value.
          if (o.key !== key) {
            o.lastValue = o.lastResult = NONE;
            running[kept++] = o;
            continue;
          }
          const w = table.writes[o.write];
          // Code mapped to what encloses the statement (the function, the contract) is a helper's: still the statement.
          if (!inside(range, w)) {
            if (!inside(w, range)) {
              close(o, tf, s);
              continue;
            }
          } else {
            if (w.value && range.start === w.value.start && range.length === w.value.length) o.lastValue = s;
            if (w.assigns && range.start === w.start && range.length === w.length) o.lastResult = s;
          }
          running[kept++] = o;
        }
        running.length = kept;
      }
      if (range) {
        // A jump target writes nothing: the optimizer maps a loop body's first label to the loop's `i++`.
        for (const w of jumpdest[op[s]] ? NO_WRITES : range.writes) {
          const ref = table.writes[w];
          if (running.some((o) => o.write === w)) continue;
          running.push({
            key,
            decl: ref.decl,
            write: w,
            start: s,
            lastValue: ref.value && range.start === ref.value.start && range.length === ref.value.length ? s : NONE,
            lastResult: ref.assigns && range.start === ref.start && range.length === ref.length ? s : NONE,
          });
          this.timeline(key, ref.decl).write(s);
        }
        for (const decl of range.enters) this.timeline(key, decl).write(s);
        const d = range.reads;
        if (d !== NONE && dup[op[s]] && !range.writes.some((w) => table.writes[w].decl === d)) {
          const size = table.sizes.get(d);
          const id = identities.top[s];
          const before = readStep[tf];
          if (size === 1 && id !== NONE) this.timeline(key, d).read(identities.wordIdOf(id));
          else if (size === 2 && readRange[tf] === r && before === s - 1 && identities.top[before] !== NONE && id !== NONE)
            this.timeline(key, d).read(identities.wordIdOf(identities.top[before]), identities.wordIdOf(id));
          readStep[tf] = s;
          readRange[tf] = r;
        }
        const by = range.compares && compares[op[s]];
        const p = previous[tf];
        if (by && p !== NONE) this.compared(table, range, r, by, [identities.top[p], identities.second[p]], key);
      }
      previous[tf] = s;
    }
    open.forEach((running, tf) => running.forEach((o) => close(o, tf, trace.length - 1)));
  }

  /** The reads a comparing instruction makes of the variables its comparison names (`inputs`: top first). */
  private compared(table: CodeRanges, range: Range, r: number, by: CompareKind, inputs: number[], key: number): void {
    const { identities } = this;
    if (inputs.some((id) => id === NONE)) return;
    const c = range.compares!;
    // Words are read only to meet a literal (most comparisons have none).
    const literal = [c.left, c.right].some((o) => o !== undefined && 'literal' in o);
    const operands = operandsOf(c, by, literal ? inputs.map((id) => BigInt(identities.wordOf(id))) : []);
    operands?.forEach((o, i) => {
      if (o === undefined || !('decl' in o) || range.writes.some((w) => table.writes[w].decl === o.decl)) return;
      if (table.sizes.get(o.decl) !== 1) return;
      // A value the comparison's own code made is a step of it (`!(x > 0)` as two ISZEROs), and a value another
      // comparison made is a truth value: neither is the variable (`x != 0` as ISZERO(ISZERO(x))).
      const made = identities.madeAt(inputs[i]);
      if (made !== NONE && (table.at[this.program.pc[made]] === r || this.comparing[this.ops[made]])) return;
      this.timeline(key, o.decl).read(identities.wordIdOf(inputs[i]));
    });
  }

  private timeline(key: number, decl: number): Timeline {
    let perDecl = this.timelines.get(key);
    if (!perDecl) this.timelines.set(key, (perDecl = new Map()));
    let line = perDecl.get(decl);
    if (!line) perDecl.set(decl, (line = new Timeline(this.identities)));
    return line;
  }

  /** The evidence of `program`, gathered on first use; undefined when the trace has no stacks to follow. */
  static of(program: Program): ViaIrEvidence | undefined {
    if (ViaIrEvidence.built.has(program)) return ViaIrEvidence.built.get(program);
    const store = (program.trace as { store?: () => TraceColumns }).store?.();
    const evidence = program.trace.summary.parts.stack && store ? new ViaIrEvidence(program, store) : undefined;
    ViaIrEvidence.built.set(program, evidence);
    return evidence;
  }

  /** The words of variable `decl` (AST id) at `step` in the function running there; undefined when not known for sure. */
  valueAt(step: number, decl: number): string[] | undefined {
    if (this.tables[this.program.traceFrame[step]]?.unseen.has(decl)) return undefined;
    return this.timelines.get(this.program.vis[step])?.get(decl)?.at(step);
  }
}
