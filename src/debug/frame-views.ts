// The Arguments and Locals of the frames modifier-frames.ts adds or changes: a modifier's own parameters and locals,
// the guarded function's locals while a modifier of it runs (its return variables only: its body has not started,
// or is done), and a constructor's arguments from the end of its init code.
import { stackSize } from '../core/locals/declarations';
import { isViaIr, pipelineOf } from '../core/locals/pipeline';
import type { FnFrame, Program } from '../core/sourcemap/program';
import { constructorArguments } from './constructor-args';
import type { FrameView } from './modifier-frames';
import { variablesAt } from './locals/scope';
import { localValue, type LocalsData } from './locals/values';
import type { Variable } from './variables';

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
      // IR code's arguments are read from what the trace proves of each (its evidence); legacy code's from the slots
      // of the function that was called, which an inlined function's are not.
      if (scope === 'locals') return undefined;
      return isViaIr(pipelineOf(program.frameCode[frame.traceFrame].artifact?.metadata))
        ? variablesAt(program, step, ['argument'], data)
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
