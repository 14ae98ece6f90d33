// Locals of legacy code built with the optimizer, read only where the stack is settled. The legacy optimizer keeps
// every variable's stack slot, but rewrites the code of each straight run of instructions (solc's common
// subexpression eliminator works on blocks that end at a jump target, a jump, or an instruction it does not move:
// calls, logs, GAS, MSIZE, ...): inside a run, a slot may already hold the value a later statement gives it (a
// named return computed early) or a value it no longer needs. At the run's ends the stack is the unoptimized code's.
// So at a step inside a run a variable is shown only when its value is the same at both ends of the run (nothing in
// the run changed it): that value. Otherwise it is unavailable.
import type { Program } from '../../core/sourcemap/program';
import type { Variable } from '../variable';
import type { SlotVariable } from './slots';
import { localValue, type LocalsData } from './values';

/** Instructions the optimizer never moves code across (jump targets and jumps, and what its analysis stops at). */
const SETTLED = new Set([
  'JUMPDEST',
  'JUMP',
  'JUMPI',
  'GAS',
  'PC',
  'MSIZE',
  'CALL',
  'CALLCODE',
  'DELEGATECALL',
  'STATICCALL',
  'CREATE',
  'CREATE2',
  'LOG0',
  'LOG1',
  'LOG2',
  'LOG3',
  'LOG4',
  'RETURN',
  'REVERT',
  'STOP',
  'INVALID',
  'SELFDESTRUCT',
  'CALLDATACOPY',
  'CODECOPY',
  'EXTCODECOPY',
  'RETURNDATACOPY',
  'MCOPY',
  'MSTORE8',
  'TSTORE',
  'ADDMOD',
  'MULMOD',
]);

/** How far a run's ends are looked for (runs are short; a longer search means the code is not what this expects). */
const REACH = 2048;

/** Whether the stack at `step` is the unoptimized code's (the step is at one end of a run). */
export function isSettled(program: Program, step: number): boolean {
  return SETTLED.has(program.trace.row(step).op);
}

/** The nearest settled step from `step` in direction `dir` (±1) within the same function's own code, or undefined. */
function end(program: Program, step: number, dir: 1 | -1): number | undefined {
  const fn = program.fn[step];
  for (let s = step, n = 0; s >= 0 && s < program.fn.length && n < REACH; s += dir, n++) {
    if (program.fn[s] !== fn) return undefined;
    if (isSettled(program, s)) return s;
  }
  return undefined;
}

/** What a step holds, as `data` (another step's) says it with this step's stack, memory and storage. */
function dataAt(program: Program, step: number, like: LocalsData): LocalsData {
  const detail = program.trace.detail(step);
  return {
    ...like,
    stack: detail.stack ?? [],
    memory: detail.memory ? Buffer.from(detail.memory.map((w) => w.slice(2)).join(''), 'hex') : undefined,
    storage: detail.storage,
  };
}

const text = (v: Variable): string => `${v.value}{${(v.children ?? []).map(text).join(',')}}`;

/**
 * The variables' values at `step` of optimized legacy code: read there when the step is settled, else the value
 * both ends of its run agree on, else unavailable. `inScope(s)` gives the variables in scope at another step.
 */
export function settledValues(
  program: Program,
  step: number,
  variables: readonly SlotVariable[],
  data: LocalsData,
  inScope: (step: number) => readonly SlotVariable[] | undefined,
): Variable[] {
  if (isSettled(program, step)) return variables.map((v) => localValue(v, data));
  const [before, after] = [end(program, step, -1), end(program, step, 1)];
  const [early, late] = [before, after].map((s) => (s === undefined ? undefined : { s, vars: inScope(s) }));
  return variables.map((v) => {
    const same = (at: typeof early) => at?.vars?.find((w) => w.decl === v.decl && w.slot === v.slot && w.size === v.size);
    const [a, b] = [same(early), same(late)];
    if (a && b) {
      const [x, y] = [localValue(a, dataAt(program, early!.s, data)), localValue(b, dataAt(program, late!.s, data))];
      if (text(x) === text(y)) return x;
    }
    return {
      name: v.decl.name || '(unnamed)',
      type: v.decl.type,
      value: 'unavailable (optimized): the optimizer reorders this statement’s code, and the value differs around it',
    };
  });
}
