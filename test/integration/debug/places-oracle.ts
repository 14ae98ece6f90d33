// The places oracle (issue #25 §3, §3b), shared by the corpus tests: for one trace's Program, what the call stack,
// the breakpoints and the revert places show, checked against the build's AST and against the same transaction run
// on the legacy unoptimized build (the truth of which lines run and where a revert happened). Each check returns
// the problems it finds as sentences; an empty list passes.
import { Breakpoints } from '../../../src/debug/breakpoints';
import type { EvalContext } from '../../../src/debug/expression';
import type { CallInputs } from '../../../src/debug/call-name';
import { shownLabel, shownStack } from '../../../src/debug/modifier-frames';
import type { Program, ProgramCallable } from '../../../src/core/sourcemap/program';

/** Stops checked per trace: every statement start up to this many (spread over the trace), and every revert. */
const STOPS_CHECKED = 400;

/** What the truth build says about one transaction: the functions (and modifiers) it runs, each revert's function. */
export interface PlacesTruth {
  functions: Set<string>;
  reverts: Array<string | undefined>;
}

const functionKey = (c: ProgramCallable) => `${c.source.sourceName}:${c.callable.contract}.${c.callable.name}:${c.callable.start}`;

const lineName = (sourceName: string, line: number) => `${sourceName}:${line + 1}`;

/** The function a label names: `Tok._update` → `_update`, `onlyRole(bytes32)` → `onlyRole`. */
const functionOf = (label: string) => label.replace(/\(.*$/, '').split('.').at(-1)!;

/** Steps where the debugger may stop: statement starts (a sample of at most STOPS_CHECKED) and every REVERT. */
function stopSteps(p: Program): number[] {
  const starts: number[] = [];
  for (let s = 0; s < p.entry.length; s++) if (p.entry[s] === 1) starts.push(s);
  const every = Math.max(1, Math.ceil(starts.length / STOPS_CHECKED));
  return [...new Set([...starts.filter((_, i) => i % every === 0), ...p.reverts])].sort((a, b) => a - b);
}

/** No frame misnamed (its name is the function whose range holds its line), none for a bare contract, none twice. */
export function frameProblems(p: Program, name: string, inputs: CallInputs): string[] {
  const problems: string[] = [];
  if (p.callables.length === 0) return [`${name}: the build has no AST`];
  for (const step of stopSteps(p)) {
    const stack = shownStack(p, step, inputs);
    stack.forEach((f, i) => {
      const label = shownLabel(f);
      const where = `${name} step ${step} frame ${i} ${label}`;
      if (!p.frameCode[f.frame.traceFrame].code) return;
      if (f.frame.contract !== undefined && label === f.frame.contract) problems.push(`${where}: named for the bare contract`);
      if (!f.at) return;
      const at = `${lineName(f.at.source.sourceName, f.at.line)}`;
      const loc = p.locs.find((l) => l.source === f.at!.source && l.line === f.at!.line && l.column === f.at!.column);
      const start = f.at.start ?? loc?.start;
      const holder = start === undefined ? undefined : p.callableAt(f.at.source, start);
      // A constant's or state variable's initializer runs where it is read, in no function; a call whose code maps
      // only to its contract (generated code) stays at the contract.
      if (!holder) {
        if (!loc?.steppable && f.frame.kind === 'internal') problems.push(`${where} at ${at}: no function holds its line`);
      } else if (functionOf(label) !== (holder.callable.kind === 'constructor' ? 'constructor' : holder.callable.name))
        problems.push(`${where} at ${at}: the line is in ${holder.callable.contract}.${holder.callable.name}`);
      const below = stack[i + 1];
      if (below && shownLabel(below) === label && below.at?.line === f.at.line && below.at.source === f.at.source)
        problems.push(`${where} at ${at}: shown twice`);
    });
  }
  return problems;
}

/** The truth of a transaction on the legacy unoptimized build. */
export function placesTruth(p: Program, inputs: CallInputs): PlacesTruth {
  const functions = new Set<string>();
  for (let s = 0; s < p.loc.length; s++) {
    const holder = p.callableOf(p.locAt(s));
    if (holder) functions.add(functionKey(holder));
  }
  return { functions, reverts: revertFunctions(p, inputs) };
}

/** For each REVERT of a frame that reverted, in order: the function (or modifier) its place is in. */
function revertFunctions(p: Program, inputs: CallInputs): Array<string | undefined> {
  return p.reverts
    .filter((s) => p.trace.frame(p.traceFrame[s]).reverted)
    .map((s) => {
      const [top] = shownStack(p, s, inputs);
      if (!top?.at) return undefined;
      const loc = p.placeOf(s);
      const holder = loc && p.callableOf(loc);
      return holder && `${holder.callable.name} (${lineName(top.at.source.sourceName, top.at.line)})`;
    });
}

/**
 * Every REVERT placed inside the function that reverted (the one the truth build places it in), or in no function
 * at all where the build's source map names none (silent, counted in `unplaced`).
 */
export function revertProblems(p: Program, name: string, truth: PlacesTruth, inputs: CallInputs): { problems: string[]; unplaced: number } {
  const shown = revertFunctions(p, inputs);
  if (shown.length !== truth.reverts.length)
    return { problems: [`${name}: ${shown.length} reverts, the truth build has ${truth.reverts.length}`], unplaced: 0 };
  const problems: string[] = [];
  const fn = (f: string | undefined) => f?.replace(/ \(.*$/, '');
  shown.forEach((f, i) => {
    if (f !== undefined && fn(f) !== fn(truth.reverts[i]))
      problems.push(`${name} revert ${i}: placed in ${f}, it happened in ${truth.reverts[i]}`);
  });
  return { problems, unplaced: shown.filter((f) => f === undefined).length };
}

const NO_CONTEXT = (): EvalContext => {
  throw new Error('no condition is evaluated');
};

/**
 * Every line a breakpoint is verified on: Continue from the start stops there, at that line, and the truth build
 * runs that line. Returns the problems and how many breakpoints were verified.
 */
export function breakpointProblems(p: Program, name: string, truth: PlacesTruth | undefined): { problems: string[]; verified: number } {
  const problems: string[] = [];
  let verified = 0;
  for (const source of p.sources) {
    const lines = [...new Set(p.locs.filter((l) => l.source === source).map((l) => l.line))].sort((a, b) => a - b);
    const bps = new Breakpoints(p, () => 0);
    const results = bps.setLines(
      source,
      lines.map((line) => ({ line })),
    );
    results.forEach((r, i) => {
      const line = lines[i];
      const where = `${name} breakpoint ${lineName(source.sourceName, line)}`;
      if (!r.verified) {
        if (!r.message) problems.push(`${where}: unverified without a reason`);
        return;
      }
      verified++;
      // Alone, so the stop is this breakpoint's.
      const alone = new Breakpoints(p, () => 0);
      alone.setLines(source, [{ line }]);
      const stop = alone.next(-1, false, NO_CONTEXT);
      const place = stop && p.placeOf(stop.step);
      if (!stop) problems.push(`${where}: verified, and Continue never stops`);
      else if (place?.source !== source || place.line !== line)
        problems.push(
          `${where}: stops at step ${stop.step}, shown at ${place ? lineName(place.source.sourceName, place.line) : 'nowhere'}`,
        );
      else {
        const holder = p.callableOf(place);
        if (truth && holder && !truth.functions.has(functionKey(holder)))
          problems.push(`${where}: stops at step ${stop.step}, in ${holder.callable.name}, which the transaction never runs`);
      }
    });
  }
  return { problems, verified };
}
