// The arguments of a function entered by a call, in every pipeline: an external call's frame, or the routine its
// public function's body runs in under the IR pipeline, which the dispatcher jumps to. Their values are the call's
// input decoded with the function's ABI, never stack positions, wherever the input still is the value: a parameter
// the function never writes (no assignment, `++`, `delete`, nor assembly naming it) and that is not a memory copy
// (whose contents any code may change). Another parameter is read the way the pipeline reads it (`tracked`), or is
// unavailable.
import type { ContractAction } from '../../core/contract-results';
import type { FnFrame, Program } from '../../core/sourcemap/program';
import type { AbiFunction } from 'viem';
import { calldataArguments, calledFunction } from '../variables';
import type { Variable } from '../variable';
import { LocalSlots } from './slots';

/**
 * Whether the call of `frame`'s trace frame entered `frame`: its external frame, or its function's routine right under
 * it (IR code), when the input calls that function (its selector).
 */
export function enteredByCall(program: Program, frame: FnFrame, input: string | undefined): boolean {
  if (frame.kind !== 'external') {
    const parent = program.frames[frame.parent];
    if (parent?.kind !== 'external' || parent.traceFrame !== frame.traceFrame) return false;
  }
  return calledFunction(program, frame, input) !== undefined;
}

/** The parameters of `abi`'s function the input still gives the value of, by name: never written, not copied to memory. */
function pristine(program: Program, abi: AbiFunction): Set<string> {
  const names = abi.inputs.map((p) => p.name ?? '');
  const known = LocalSlots.of(program).functionsNamed(abi.name, names);
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

/** The parameters of a function the call entered whose value its input gives (undefined: not entered by the call). */
export function inputParameters(program: Program, frame: FnFrame, call: ContractAction | undefined): Set<string> | undefined {
  const input = call?.input ?? undefined;
  const abi = enteredByCall(program, frame, input) ? calledFunction(program, frame, input) : undefined;
  return abi && pristine(program, abi);
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
  const input = call?.input ?? undefined;
  const proven = inputParameters(program, frame, call);
  const decoded = proven && calldataArguments(program, frame, input);
  if (!proven || !decoded) return undefined;
  if (decoded.every((v) => proven.has(v.name))) return decoded;
  const read = tracked();
  return decoded.map(
    (v) =>
      (proven.has(v.name) ? v : typeof read === 'string' ? undefined : read.find((r) => r.name === v.name)) ?? {
        name: v.name,
        type: v.type,
        value:
          'unavailable: the function may change this parameter (it assigns it, or it is a memory copy), so the call’s input does not give its value here',
      },
  );
}
