// The right-or-silent oracle over the library corpus (servers/mirror/evm/corpus): at every stop of every frame, each
// argument and local a build shows is compared with the truth, which is what the legacy unoptimized build holds at the
// same source position and occurrence (its stack slots, memory and storage, read through the layout solc gives it),
// else what the transaction proves (the call's input for a function entered by that call).
import type { CompilerVariant } from '../../../servers/mirror/evm/compile';
import type { FnFrame, Loc } from '../../../src/core/sourcemap/program';
import { frameScope } from '../../../src/debug/frame-views';
import { variablesAt } from '../../../src/debug/locals/scope';
import { BUILD_NOTE_NAME } from '../../../src/debug/locals/build-note';
import { inputParameters } from '../../../src/debug/locals/input-arguments';
import { shownStack, type ShownFrame } from '../../../src/debug/modifier-frames';
import { argumentsOf } from '../../../src/debug/variables';
import type { Variable } from '../../../src/debug/variable';
import { CORPUS_CASES } from '../../../servers/mirror/evm/corpus/cases';
import { openTransaction, startBuiltMirror, type OpenedTransaction } from './debug-program';

/** One build's figures: every value listed at a stop (`all`), those shown, and of those the right, wrong and unproven. */
export interface Tally {
  all: number;
  shown: number;
  right: number;
  /** Shown with no truth to compare with (no legacy value at that place, no input that proves it). */
  unproven: number;
  /**
   * A value the variable held in the same activation of the legacy build, but not at that source position and
   * occurrence: where a build orders a statement's code differently (a loop's first label mapped to its `++i`, a
   * declaration's value shown while its statement runs), positions cannot tell the moment apart. Listed, not right.
   */
  outOfStep: string[];
  /** A value the variable never held in that activation of the legacy build, nor the call's input gives. */
  wrong: string[];
  /** Arguments of a function entered by the call that are not shown (its input gives them in every build). */
  entryMissing: string[];
}

export const newTally = (): Tally => ({ all: 0, shown: 0, right: 0, unproven: 0, outOfStep: [], wrong: [], entryMissing: [] });

/** Each shown frame once per step it is at: an outer frame waits at its call while the frames above it run. */
function* framesAtStops(t: OpenedTransaction): Generator<{ step: number; shown: ShownFrame }> {
  const seen = new Set<string>();
  for (const step of stops(t))
    for (const shown of shownStack(t.program, step)) {
      const key = `${shown.frame.id}|${shown.label ?? ''}|${shown.step}`;
      if (seen.has(key)) continue;
      seen.add(key);
      yield { step, shown };
    }
}

/** The truth: per place, the values the legacy unoptimized build's variable holds there. */
export class Truth {
  /** `case|call|frame#n|variable|position|occurrence` → values. */
  readonly at = new Map<string, Set<string>>();
  /** `case|call|frame#n|variable` → every value it held in that activation. */
  readonly activation = new Map<string, Set<string>>();
  /** `case|call|frame#n|scope` → how many variables that scope listed at most. */
  readonly listed = new Map<string, number>();
  /** Per case, each call's callee and input. */
  readonly calls = new Map<string, Array<{ to: string; input: string }>>();
}

/**
 * A build's addresses that are another in the legacy build: a contract a case creates with CREATE2 (Uniswap's pair)
 * has an address that depends on its code, which each build compiles differently. Found where the same call's
 * callee, or an address word of its input, differs; every value is compared with them replaced.
 */
export class Aliases {
  private readonly map = new Map<string, string>();

  learn(theirs: Array<{ to: string; input: string }> | undefined, ours: Array<{ to: string; input: string }>): void {
    if (!theirs || theirs.length !== ours.length) return;
    ours.forEach((call, i) => {
      this.add(call.to, theirs[i].to);
      const [a, b] = [call.input.slice(10), theirs[i].input.slice(10)];
      if (a.length !== b.length) return;
      for (let w = 0; w + 64 <= a.length; w += 64) {
        const [x, y] = [a.slice(w, w + 64), b.slice(w, w + 64)];
        if (x !== y && /^0{24}/.test(x) && /^0{24}/.test(y)) this.add(`0x${x.slice(24)}`, `0x${y.slice(24)}`);
      }
    });
  }

  private add(ours: string, theirs: string): void {
    if (ours && theirs && ours.toLowerCase() !== theirs.toLowerCase() && /^0x[0-9a-f]{40}$/i.test(ours))
      this.map.set(ours.toLowerCase().slice(2), theirs.toLowerCase().slice(2));
  }

  /** `text` lower-cased with every alias replaced by the legacy build's address. */
  apply(text: string): string {
    let out = text.toLowerCase();
    for (const [ours, theirs] of this.map) out = out.split(ours).join(theirs);
    return out;
  }
}

const callsOf = (t: OpenedTransaction) => t.calls.map((c) => ({ to: c?.to ?? '', input: c?.input ?? '' }));

type Scope = 'arguments' | 'locals';

/** A value as text, parts included; undefined for what is not a value (unavailable, a pointer, a sentence). */
export function valueText(v: Variable): string | undefined {
  if (v.name.startsWith('(') || /^\(?unavailable|\((pointer|not a single word)\)$/.test(v.value)) return undefined;
  const parts = v.children?.map((c) => `${c.name}=${valueText(c) ?? '?'}`);
  return parts ? `${v.value}{${parts.join(',')}}` : v.value;
}

type Ranged = Pick<Loc, 'source' | 'line' | 'column' | 'endLine' | 'endColumn'>;
const before = (a: number, b: number, c: number, d: number) => a < c || (a === c && b <= d);
/** Whether `a` lies within `b`. */
const within = (a: Ranged, b: Ranged) =>
  a.source === b.source && before(b.line, b.column, a.line, a.column) && before(a.endLine, a.endColumn, b.endLine, b.endColumn);

/**
 * Per step, which occurrence of its source range within its frame it is. A range is entered anew only from one it
 * neither holds nor lies in: the parts of an expression and the helpers it jumps to (mapped to what encloses it) are
 * one visit, however the build orders them, while a loop's next iteration is another.
 */
function occurrences(t: OpenedTransaction): Int32Array {
  const { program } = t;
  const occ = new Int32Array(program.loc.length);
  const counts = new Map<number, Map<number, number>>();
  const last = new Map<number, Loc>();
  for (let s = 0; s < program.loc.length; s++) {
    const vis = program.vis[s];
    const loc = program.locAt(s);
    if (!loc) continue;
    let c = counts.get(vis);
    if (!c) counts.set(vis, (c = new Map()));
    const prev = last.get(vis);
    const entered = !prev || (prev !== loc && !within(prev, loc) && !within(loc, prev));
    const n = (c.get(loc.id) ?? 0) + (entered || !c.has(loc.id) ? 1 : 0);
    c.set(loc.id, n);
    occ[s] = n;
    last.set(vis, loc);
  }
  return occ;
}

/** The steps a user stops at: the first step of each statement a frame runs. */
function stops(t: OpenedTransaction): number[] {
  const { program } = t;
  const out: number[] = [];
  for (let s = 0; s < program.loc.length; s++)
    if (program.locAt(s)?.steppable && (s === 0 || program.loc[s - 1] !== program.loc[s])) out.push(s);
  return out;
}

/** Names a shown frame the same way in every build: its call, its function (or modifier) and which activation. */
function frameKeys(t: OpenedTransaction): (shown: ShownFrame) => string {
  const { program } = t;
  const ordinal = new Map<number, number>();
  const seen = new Map<string, number>();
  for (const f of program.frames) {
    const key = `${f.traceFrame}|${f.name}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    ordinal.set(f.id, n);
  }
  return (shown) => `${shown.frame.traceFrame}|${shown.label ?? shown.frame.name}#${ordinal.get(shown.frame.id)}`;
}

/** The step's source range and occurrence; `skew` names the one before or after (a build may map a loop's label to its `++i`). */
function positionKey(t: OpenedTransaction, step: number, occ: Int32Array, skew = 0): string {
  const loc = t.program.locAt(step);
  return loc ? `${loc.source.sourceName}:${loc.line}:${loc.column}:${loc.endLine}:${loc.endColumn}@${occ[step] + skew}` : `?@${step}`;
}

/** What the frame's scope shows at its step, as the adapter shows it. */
function shownScope(t: OpenedTransaction, shown: ShownFrame, scope: Scope): Variable[] | string {
  return frameScope(t.program, shown.frame, shown.step, shown.view, scope, t.dataAt(shown.step), t.calls[shown.frame.traceFrame]);
}

/**
 * What the legacy unoptimized build holds: the Locals scope's own reading, and for arguments of a frame with no view
 * the slots its code keeps them in (so a value changed after entry is the changed one), where it reads them.
 */
function heldScope(t: OpenedTransaction, shown: ShownFrame, scope: Scope): Variable[] | string {
  if (scope === 'arguments' && !shown.view) {
    const held = variablesAt(t.program, shown.step, ['argument'], t.dataAt(shown.step));
    if (typeof held !== 'string' && held.length > 0) return held;
  }
  return shownScope(t, shown, scope);
}

/** A function entered by its call (the call's frame, or its body's routine right under it): its arguments as the input carried them. */
function inputArguments(t: OpenedTransaction, frame: FnFrame): Map<string, string> | undefined {
  const { program } = t;
  const external = frame.kind === 'external' ? frame : program.frames[frame.parent];
  if (!external || external.kind !== 'external' || (frame !== external && frame.header !== external.header)) return undefined;
  const call = t.calls[frame.traceFrame];
  if (!call?.input) return undefined;
  const shown = argumentsOf(program, external, call);
  if (typeof shown === 'string') return undefined;
  return new Map(shown.flatMap((v) => (valueText(v) === undefined ? [] : [[v.name, valueText(v)!.toLowerCase()]])));
}

/** Records what the legacy unoptimized build holds at every stop of `name`. */
export function learn(truth: Truth, name: string, t: OpenedTransaction): void {
  truth.calls.set(name, callsOf(t));
  const occ = occurrences(t);
  const keyOf = frameKeys(t);
  {
    for (const { shown } of framesAtStops(t)) {
      const frame = `${name}|${keyOf(shown)}`;
      for (const scope of ['arguments', 'locals'] as const) {
        const held = heldScope(t, shown, scope);
        if (typeof held === 'string') continue;
        truth.listed.set(`${frame}|${scope}`, Math.max(truth.listed.get(`${frame}|${scope}`) ?? 0, held.length));
        for (const v of held) {
          const value = valueText(v);
          if (value === undefined) continue;
          const text = value.toLowerCase();
          for (const [map, key] of [
            [truth.at, `${frame}|${v.name}|${positionKey(t, shown.step, occ)}`],
            [truth.activation, `${frame}|${v.name}`],
          ] as const) {
            let set = map.get(key);
            if (!set) map.set(key, (set = new Set()));
            set.add(text);
          }
        }
      }
    }
  }
}

/** Checks every value `variant`'s build shows at every stop of `name` against the truth. */
export function check(
  truth: Truth,
  variant: CompilerVariant,
  name: string,
  t: OpenedTransaction,
  tally: Tally,
  aliases = new Aliases(),
): void {
  aliases.learn(truth.calls.get(name), callsOf(t));
  const occ = occurrences(t);
  const keyOf = frameKeys(t);
  const inputs = new Map<number, Map<string, string> | undefined>();
  {
    for (const { step, shown } of framesAtStops(t)) {
      const frame = `${name}|${keyOf(shown)}`;
      for (const scope of ['arguments', 'locals'] as const) {
        const vars = shownScope(t, shown, scope);
        if (typeof vars === 'string') {
          tally.all += truth.listed.get(`${frame}|${scope}`) ?? 0;
          continue;
        }
        const entered =
          scope === 'arguments' && !shown.view ? inputParameters(t.program, shown.frame, t.calls[shown.frame.traceFrame]) : undefined;
        for (const v of vars) {
          if (v.name === BUILD_NOTE_NAME) continue;
          if (entered?.has(v.name) && /^\(?unavailable/.test(v.value))
            tally.entryMissing.push(`${variant} ${name} step ${step} ${shown.frame.name} ${v.name}: ${v.value}`);
          tally.all++;
          const shownText = valueText(v);
          if (shownText === undefined) continue;
          const text = aliases.apply(shownText);
          tally.shown++;
          const around = [0, -1, 1].flatMap((skew) => [
            ...(truth.at.get(`${frame}|${v.name}|${positionKey(t, shown.step, occ, skew)}`) ?? []),
          ]);
          if (!inputs.has(shown.frame.id)) inputs.set(shown.frame.id, inputArguments(t, shown.frame));
          const proven = scope === 'arguments' ? inputs.get(shown.frame.id)?.get(v.name) : undefined;
          const held = truth.activation.get(`${frame}|${v.name}`);
          const where = `${variant} ${name} step ${step} ${shown.label ?? shown.frame.name} ${scope} ${v.name} = ${text.slice(0, 120)}`;
          // Where the legacy build never stops at that place, the values it held in the activation are the truth.
          if (around.includes(text) || proven === text || (around.length === 0 && held?.has(text))) tally.right++;
          else if (around.length === 0 && !held && proven === undefined) tally.unproven++;
          else if (held?.has(text)) tally.outOfStep.push(`${where}; there ${around.map((e) => e.slice(0, 120)).join(' | ')}`);
          else
            tally.wrong.push(
              `${where}; truth ${[...(around.length ? around : [...(held ?? []), proven ?? ''])].map((e) => e.slice(0, 120)).join(' | ')}`,
            );
        }
      }
    }
  }
}

/**
 * Runs the corpus in one build and checks it against `truth` (learnt first, from the legacy unoptimized build:
 * `default` must run before the others). Returns the tally and the cases run (Uniswap v2-core's only in legacy builds).
 */
export async function runCorpusOracle(variant: CompilerVariant, truth: Truth): Promise<{ tally: Tally; ran: string[] }> {
  const tally = newTally();
  const ran: string[] = [];
  const built = await startBuiltMirror(variant, true);
  try {
    const aliases = new Aliases();
    for (const spec of CORPUS_CASES) {
      if (!built.provider.cases.some((c) => c.name === spec.name)) continue;
      const t = await openTransaction(built, spec.name);
      if (variant === 'default') learn(truth, spec.name, t);
      check(truth, variant, spec.name, t, tally, aliases);
      ran.push(spec.name);
    }
  } finally {
    await built.close();
  }
  return { tally, ran };
}

/** One build's figures as a row of the table in docs/debugger.md and bench/CORPUS.md. */
export function figuresRow(title: string, t: Tally): string {
  const pct = (n: number) => `${((100 * n) / Math.max(1, t.all)).toFixed(1)}%`;
  return `| ${title} | ${t.all} | ${t.shown} | ${t.right} (${pct(t.right)}) | ${t.unproven} | ${t.outOfStep.length} | ${t.wrong.length} |`;
}

export const FIGURES_HEADER = [
  '| build | values at stops | shown | shown and right | unproven | out of step | wrong |',
  '|---|---:|---:|---:|---:|---:|---:|',
];
