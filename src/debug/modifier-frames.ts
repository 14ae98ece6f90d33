// The call stack as a Solidity developer reads it: a modifier is a frame of its own. solc inlines a modifier's code
// into the function it guards, so the trace has no call for it; where the step is in the source says which modifiers
// are running. While a modifier's own code runs (before or after its `_`), its frame is on top and the function's
// below it, at the modifier's invocation in the header (the function "called" it). While the body runs, the function
// is on top and each modifier under it waits at its `_` (it called the body), outermost lowest, as a caller waits at
// its call. Legacy code keeps each modifier's arguments at fixed stack slots (LocalSlots' layout); IR code inlines
// them anywhere, so there only the innermost modifier shows, with the values the code copied for it.
// Last, every frame is checked against the build's AST: a frame is named for the function (or modifier) whose range
// holds the line it shows. The optimizer inlines functions into others (IR code most of all), so the function a
// jump entered is not always the one whose code runs: such a frame takes the name of the function its line is in,
// without arguments (none were passed), and a frame that repeats the one above it (same name, same place) goes.
import type { FnFrame, Loc, Program, ProgramCallable } from '../core/sourcemap/program';
import type { Callable } from '../core/locals/declarations';
import type { SourceRange } from '../core/locals/declarations';
import { LocalSlots, type KnownCallable, type Place } from './locals/slots';
import { isViaIr } from '../core/locals/pipeline';
import { calledFunction, type CallInputs } from './call-name';

/** DAP ids of modifier frames: apart from the FnFrames' ids, which the other frames keep. */
export const MODIFIER_FRAME_BASE = 2_000_000_000;

export type Position = Pick<Loc, 'source' | 'line' | 'column' | 'endLine' | 'endColumn'> & {
  /** Its byte offset in the source, where known. */
  start?: number;
};

/** What a frame's Arguments and Locals scopes read, where that is not simply its function at its step. */
export type FrameView =
  /** A modifier: its arguments from their first stack slot (`params`; undefined where the code keeps none), its locals at `place`. */
  | { kind: 'modifier'; modifier: KnownCallable; params: number | undefined; place: Place }
  /** The function while a modifier of it runs: its locals as at its header (`place`), or unknown (IR code). */
  | { kind: 'guarded'; place: Place | undefined }
  /** A creation's frame: the constructor's arguments come from the end of the init code. */
  | { kind: 'constructor' }
  /** A frame named for the function its line is in, which the optimizer inlined: no call passed it arguments. */
  | { kind: 'inlined' };

export interface ShownFrame {
  /** The DAP frame id: the FnFrame's, or from MODIFIER_FRAME_BASE for a modifier. */
  id: number;
  /** The function it runs in (a modifier's: the function it guards). */
  frame: FnFrame;
  step: number;
  /** A modifier's name (`onlyRole(bytes32)`); the function's own label otherwise. */
  label?: string;
  at: Position | undefined;
  view?: FrameView;
}

/**
 * The call stack at `step`, innermost first, modifiers included. `inputs` (each call's input) names a call whose
 * code never entered its function's definition.
 */
export function shownStack(program: Program, step: number, inputs?: CallInputs): ShownFrame[] {
  const out: ShownFrame[] = [];
  for (const { frame, step: at } of program.callStack(step)) {
    for (const shown of framesOf(program, { id: frame.id, frame, step: at, at: program.placeOf(at) })) {
      const above = out.at(-1);
      const named = namedByPlace(program, shown, above, inputs);
      if (!named || (above && sameFrame(above, named))) continue;
      out.push(
        named.view?.kind === 'modifier' || named.view?.kind === 'inlined' ? { ...named, id: MODIFIER_FRAME_BASE + out.length } : named,
      );
    }
  }
  return out;
}

/** The label a frame shows: its own, a modifier's, or its function's. */
export const shownLabel = (shown: ShownFrame): string => shown.label ?? shown.frame.name;

/** The function a label names: `Tok._update` → `_update`, `onlyRole(bytes32)` → `onlyRole`. */
const functionOf = (label: string) => label.replace(/\(.*$/, '').split('.').at(-1)!;

/** Two frames the user could not tell apart: the same name on the same line. */
function sameFrame(a: ShownFrame, b: ShownFrame): boolean {
  const place = (f: ShownFrame) => (f.at ? `${f.at.source.id}:${f.at.line}` : `frame ${f.frame.id}`);
  return shownLabel(a) === shownLabel(b) && place(a) === place(b);
}

/**
 * A frame as the AST names it at the place it shows: kept when its function (or modifier) holds that place; else
 * named for the one that does (the optimizer inlined it). A place in no function is a state variable's or
 * constant's initializer (kept: no function is contradicted), or code the compiler generated: the dispatcher, under
 * the public function it runs (left out: that function's frame is above it), or a routine (left out). Frames whose
 * code has no AST or no place are kept as they are.
 */
function namedByPlace(
  program: Program,
  shown: ShownFrame,
  above: ShownFrame | undefined,
  inputs: CallInputs | undefined,
): ShownFrame | undefined {
  const { frame, at, view } = shown;
  // A call whose public function was never entered by a jump: named by its input, where that is known.
  const called =
    frame.kind === 'external' && shown.label === undefined && frame.name === frame.contract
      ? calledFunction(program, frame.traceFrame, inputs?.(frame.traceFrame))
      : undefined;
  if (called) return namedByPlace(program, { ...shown, label: called }, above, undefined);
  if (!at || view?.kind === 'constructor' || view?.kind === 'modifier' || program.callables.length === 0) return shown;
  const holder = program.callableAt(at.source, startOf(program, at));
  if (!holder) {
    if ((at as Partial<Loc>).steppable) return shown;
    return frame.kind === 'internal' || above?.frame.traceFrame === frame.traceFrame ? undefined : shown;
  }
  if (holdsFrame(shown, holder)) return shown;
  const c = holder.callable;
  // A call whose function was never named (IR code): the function its line is in names it; its scopes stay as they were.
  if (frame.kind === 'external' && frame.callable < 0 && c.kind === 'function' && !view)
    return { ...shown, label: `${frame.contract ?? c.contract}.${c.name}` };
  const label =
    c.kind === 'modifier'
      ? modifierLabel({ callable: c })
      : `${frame.contract ?? c.contract}.${c.kind === 'constructor' ? 'constructor' : c.name}`;
  return { ...shown, label, view: { kind: 'inlined' } };
}

/** Whether the frame is named for `holder`: the function its jump entered, or the public function its call runs. */
function holdsFrame(shown: ShownFrame, holder: ProgramCallable): boolean {
  const { frame } = shown;
  if (shown.label === undefined && frame.callable >= 0) return frame.callable === holder.id;
  const c = holder.callable;
  return c.kind !== 'modifier' && functionOf(shownLabel(shown)) === (c.kind === 'constructor' ? 'constructor' : c.name);
}

/** The byte offset of a position in its source (the AST's ranges are in bytes). */
function startOf(program: Program, at: Position): number {
  if (at.start !== undefined) return at.start;
  return program.locs.find((l) => l.source === at.source && l.line === at.line && l.column === at.column)?.start ?? -1;
}

const isCreation = (program: Program, frame: FnFrame) => {
  const { code, artifact } = program.frameCode[frame.traceFrame];
  return frame.kind === 'external' && code !== undefined && code === artifact?.creation;
};

const inside = (k: KnownCallable, place: Place) =>
  k.sourceKey === place.source && place.start >= k.callable.start && place.start < k.callable.start + k.callable.length;

/** One call stack entry as the frames it shows: a modifier's, the function's, and the modifiers waiting at `_`. */
function framesOf(program: Program, own: ShownFrame): ShownFrame[] {
  if (isCreation(program, own.frame)) return [{ ...own, view: { kind: 'constructor' } }];
  const slots = LocalSlots.of(program);
  // A revert is where the statement that placed it ran (the revert routine may be shared: see Program.revertStep).
  const placed = program.revertStep(own.step) ?? own.step;
  if (isViaIr(slots.pipelineAt(own.step))) return inlinedFrames(program, slots, own, placed);
  const act = slots.activation(placed);
  if (!act?.place || program.frames[act.fn].visible !== own.frame.id) return [own];
  const { known, place } = act;
  const layout = slots.modifierLayout(known, slots.entryHeight(act.fn));
  if (!layout?.length) return [own];
  const waiting = (count: number) =>
    layout
      .slice(0, count)
      .reverse()
      .flatMap(({ modifier, params }) => {
        const at = modifier.callable.placeholderAt;
        if (!at) return [];
        const place = { source: modifier.sourceKey, start: at.start };
        return [modifierFrame(own, modifier, params, place, positionOf(program, slots, modifier.sourceKey, at, own.at))];
      });
  const running = layout.findIndex(({ modifier }) => inside(modifier, place));
  const c = known.callable;
  if (running >= 0) {
    const invocation = c.invocations[running];
    return [
      modifierFrame(own, layout[running].modifier, layout[running].params, place, own.at),
      ...waiting(running),
      {
        ...own,
        at: positionOf(program, slots, known.sourceKey, invocation, own.at) ?? own.at,
        view: { kind: 'guarded', place: { source: known.sourceKey, start: invocation.start } },
      },
    ];
  }
  if (!inside(known, place)) return [own];
  // In the body every modifier is at its `_`; in the header, those before the invocation whose arguments it evaluates.
  const evaluating = c.invocations.findIndex((r) => place.start >= r.start && place.start < r.start + r.length);
  return [own, ...waiting(c.bodyStart >= 0 && place.start >= c.bodyStart ? layout.length : Math.max(0, evaluating))];
}

/** IR code: the modifier the step's source range is in, on top of the function, whose header invoked it. */
function inlinedFrames(program: Program, slots: LocalSlots, own: ShownFrame, placed: number): ShownFrame[] {
  const inner = slots.innermost(placed);
  if (!inner || inner.known.callable.kind !== 'modifier') return [own];
  const modifier = inner.known;
  const [contract, name] = own.frame.name.split('.');
  // Without the optimizer the IR code calls each modifier as a routine of its own: already a frame, named for it (by
  // the contract that was compiled, which may inherit the modifier from another).
  if (name === modifier.callable.name) return [modifierFrame(own, modifier, undefined, inner.place, own.at)];
  const guarded = name === undefined ? [] : slots.guarding(modifier.callable.id, contract, name);
  const fn = guarded.length === 1 ? guarded[0] : undefined;
  const invocation = fn?.callable.invocations[fn.callable.modifiers.indexOf(modifier.callable.id)];
  return [
    modifierFrame(own, modifier, undefined, inner.place, own.at),
    {
      ...own,
      at: (fn && invocation && positionOf(program, slots, fn.sourceKey, invocation, own.at)) || own.at,
      view: { kind: 'guarded', place: undefined },
    },
  ];
}

function modifierFrame(
  own: ShownFrame,
  modifier: KnownCallable,
  params: number | undefined,
  place: Place,
  at: Position | undefined,
): ShownFrame {
  return { ...own, label: modifierLabel(modifier), at, view: { kind: 'modifier', modifier, params, place } };
}

/** `onlyOwner`, or with its parameters' types `onlyRole(bytes32)`, as a modifier is told apart from an overload. */
export function modifierLabel(modifier: { callable: Pick<Callable, 'name' | 'params'> }): string {
  const { name, params } = modifier.callable;
  if (params.length === 0) return name;
  const types = params.map((p) => p.type.replace(/\s+(memory|calldata|storage)\b.*$/, '').replace(/^(struct|enum|contract) /, ''));
  return `${name}(${types.join(',')})`;
}

/** Where a byte range of a source (by LocalSlots' key) is, in the Program's copy of that source. */
function positionOf(
  program: Program,
  slots: LocalSlots,
  key: number,
  range: SourceRange,
  near: Position | undefined,
): Position | undefined {
  const name = slots.sourceName(key);
  if (name === undefined || range.start < 0) return undefined;
  // Two verified contracts may each have a file of that name: the one the frame is in first.
  const source = near?.source.sourceName === name ? near.source : program.sources.find((s) => s.sourceName === name);
  const position = source && program.positionOf(source, range.start, range.length);
  return source && position && { source, ...position, start: range.start };
}

/**
 * Step Out of a modifier's frame: on to the function it guards (the next statement of its body, or of its caller
 * once the body is done), rather than out of the function. Undefined when the step is not in a modifier's own code.
 */
export function outOfModifier(program: Program, step: number): number | undefined {
  const [top] = shownStack(program, step);
  if (top?.view?.kind !== 'modifier') return undefined;
  const depth = program.visibleDepth(step);
  for (let s = step + 1; s < program.loc.length; s++) {
    if (!program.locAt(s)?.steppable) continue;
    if (program.depth[s] < depth) return s;
    // A call the function or a modifier makes: not stopped in.
    if (program.vis[s] !== program.vis[step]) continue;
    const [here] = shownStack(program, s);
    if (here.view?.kind !== 'modifier') return s;
  }
  return undefined;
}
