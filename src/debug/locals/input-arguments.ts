// The arguments of a function entered by a call, in every pipeline: an external call's frame, or the routine its
// public function's body runs in under the IR pipeline, which the dispatcher jumps to. Their values are the call's
// input decoded with the function's ABI, never stack positions, wherever the input still is the value: a parameter
// the function never writes (no assignment, `++`, `delete`, nor assembly naming it) and that is not a memory copy
// (whose contents any code may change). Another parameter is read the way the pipeline reads it (`tracked`), or is
// unavailable.
import type { ContractAction } from '../../core/contract-results';
import type { FnFrame, Program } from '../../core/sourcemap/program';
import { calldataArguments, functionAbi } from '../variables';
import type { Variable } from '../variable';
import { LocalSlots } from './slots';

/** Whether the call of `frame`'s trace frame entered `frame`: its external frame, or its body's routine right under it. */
function enteredByCall(program: Program, frame: FnFrame): boolean {
  if (frame.kind === 'external') return true;
  const parent = program.frames[frame.parent];
  return parent?.kind === 'external' && parent.traceFrame === frame.traceFrame;
}

/** The parameters the input still gives the value of, by name: never written and not copied to memory. */
function pristine(program: Program, frame: FnFrame): Set<string> {
  const abi = functionAbi(frame.header, program.frameCode[frame.traceFrame].artifact);
  const [, name] = frame.name.split('.');
  if (!abi || !name) return new Set();
  const names = abi.inputs.map((p) => p.name ?? '');
  const known = LocalSlots.of(program).functionsNamed(name, names);
  // No AST for it: nothing is known of its writes.
  if (known.length === 0) return new Set();
  return new Set(
    names.filter((param) =>
      known.every(({ callable }) => {
        const decl = callable.params.find((p) => p.name === param);
        return decl !== undefined && !/ memory$/.test(decl.type) && !callable.refs.some((r) => r.write && r.decl === decl.id);
      }),
    ),
  );
}

/**
 * The arguments of a frame the call entered, from its input where that proves them; undefined for a frame the call
 * did not enter (an internal call), or an input that is not a call of its function.
 */
export function inputArguments(
  program: Program,
  frame: FnFrame,
  call: ContractAction | undefined,
  tracked: () => readonly Variable[] | string,
): Variable[] | undefined {
  if (!enteredByCall(program, frame)) return undefined;
  const decoded = calldataArguments(program, frame, call?.input ?? undefined);
  if (!decoded) return undefined;
  const proven = pristine(program, frame);
  if (decoded.every((v) => proven.has(v.name))) return decoded;
  const read = tracked();
  return decoded.map(
    (v) =>
      (proven.has(v.name) ? v : typeof read === 'string' ? undefined : read.find((r) => r.name === v.name)) ?? {
        name: v.name,
        type: v.type,
        value: 'unavailable: the function changes this parameter, so the call’s input no longer gives its value',
      },
  );
}
