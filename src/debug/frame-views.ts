// The Arguments and Locals of the frames modifier-frames.ts adds or changes: a modifier's own parameters and locals,
// the guarded function's locals while a modifier of it runs (its return variables only: its body has not started,
// or is done), and a constructor's arguments from the end of its init code.
import { stackSize } from '../core/locals/declarations';
import type { ContractAction } from '../core/contract-results';
import type { FnFrame, Program } from '../core/sourcemap/program';
import { constructorArguments } from './constructor-args';
import type { FrameView } from './modifier-frames';
import { withBuildNote } from './locals/build-note';
import { inputArguments } from './locals/input-arguments';
import { variablesAt } from './locals/scope';
import { localValue, type LocalsData } from './locals/values';
import { argumentsOf, type Variable } from './variables';

/**
 * What the frame's `scope` shows; undefined where the function's own reading applies (its arguments, or a
 * constructor's locals). `input` is the call's input: a creation's init code.
 */
export function viewVariables(
  program: Program,
  view: FrameView,
  frame: FnFrame,
  step: number,
  scope: 'arguments' | 'locals',
  data: () => LocalsData,
  input: string | undefined,
): Variable[] | string | undefined {
  switch (view.kind) {
    case 'constructor':
      return scope === 'arguments'
        ? (constructorArguments(program, frame, input) ?? variablesAt(program, step, ['argument'], data))
        : undefined;
    case 'inlined':
      // No call passed an inlined function its arguments, and under viaIR the evidence read at its caller's places
      // (the code that is still there) proved wrong on the library corpus (an argument read off the caller's values):
      // unavailable in every pipeline, rather than a value the trace does not prove.
      return scope === 'locals'
        ? undefined
        : 'unavailable (optimized): the optimizer inlined this function into its caller, so no call passed its arguments.';
    case 'guarded':
      if (scope === 'arguments') return undefined;
      return view.place
        ? variablesAt(program, step, ['return', 'local'], data, { place: view.place })
        : 'unavailable (optimized): viaIR inlines modifiers, so the function’s locals are read in its body.';
    case 'modifier': {
      const of = view.modifier.callable;
      if (scope === 'locals') return variablesAt(program, step, ['local'], data, { of, place: view.place });
      // IR code: the values its code copied for the modifier's parameters.
      if (view.params === undefined) return variablesAt(program, step, ['argument'], data, { of });
      if (of.params.length === 0) return [];
      const read = data();
      let slot = view.params;
      return of.params.map((decl) => {
        const size = stackSize(decl.type);
        const v = localValue({ decl, role: 'argument', slot, size, structs: view.modifier.structs }, read);
        slot += size;
        return v;
      });
    }
  }
}

/**
 * A frame's Arguments or Locals scope as the adapter, hover and the oracles read it. `call` is the action of the
 * frame's external call (its input is the calldata; a creation's, the init code); `data` what the step holds.
 */
export function frameScope(
  program: Program,
  frame: FnFrame,
  step: number,
  view: FrameView | undefined,
  scope: 'arguments' | 'locals',
  data: () => LocalsData,
  call: ContractAction | undefined,
): Variable[] | string {
  const input = call?.input ?? undefined;
  const shown = view && viewVariables(program, view, frame, step, scope, data, input);
  if (shown !== undefined) return scope === 'locals' ? withBuildNote(program, step, shown) : shown;
  if (scope === 'locals') return withBuildNote(program, step, variablesAt(program, step, ['return', 'local'], data));
  // A function the call entered: its arguments from the call's input (§ input-arguments.ts), in every pipeline.
  const tracked = () => variablesAt(program, step, ['argument'], data);
  const entered = inputArguments(program, frame, call, tracked);
  if (entered) return entered;
  // An internal function's arguments where they are on the stack now (any type the Locals scope reads), else as the
  // function found them on entry.
  if (frame.kind === 'internal') {
    const tracked = variablesAt(program, step, ['argument'], data);
    if (typeof tracked !== 'string') return tracked;
  }
  return argumentsOf(program, frame, frame.kind === 'external' ? call : undefined);
}
