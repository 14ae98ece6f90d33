// The Locals scope (return variables and locals in scope) and the arguments read the same way, for one step of one
// frame: legacy code through the variables' fixed slots (slots.ts), IR code through the copies the code made of them
// (via-ir.ts), shown as unavailable where there is none rather than read from a slot that may hold something else.
import type { Program } from '../../core/sourcemap/program';
import type { DebugRuntime } from '../runtime';
import type { Variable } from '../variables';
import { LocalSlots, type Place, type Role } from './slots';
import { localValue, type LocalsData } from './values';
import { viaIrVariables } from './via-ir';
import { settledValues } from './settled';
import { stackSize, type Callable, type Declaration } from '../../core/locals/declarations';
import { isViaIr } from '../../core/locals/pipeline';
import { frameStorage } from '../../core/trace/storage-accesses';
import { hexBytes, referencesFor } from '../memory-references';

/** Whose variables: a modifier's (`of`), and where in the source its locals are taken (`place`, else the step's). */
export interface Whose {
  of?: Callable;
  place?: Place;
}

const ownedBy = (c: Callable | undefined, decl: Declaration) =>
  !c || [c.params, c.returns, c.locals as readonly Declaration[]].some((list) => list.includes(decl));

/**
 * The variables of `roles` in scope at `step` (of the function running there), with their values; a sentence when
 * none can be read. `data` is read only when there is something to show.
 */
export function variablesAt(
  program: Program,
  step: number,
  roles: readonly Role[],
  data: () => LocalsData,
  whose: Whose = {},
): Variable[] | string {
  const slots = LocalSlots.of(program);
  if (isViaIr(slots.pipelineAt(step))) {
    const seen = viaIrVariables(program, step);
    if (typeof seen === 'string') return seen;
    const wanted = seen.filter((v) => roles.includes(v.role) && ownedBy(whose.of, v.decl));
    if (wanted.length === 0) return [];
    const read = data();
    return wanted.map((v) =>
      v.words === undefined || stackSize(v.decl.type) !== v.words.length
        ? { name: v.decl.name || '(unnamed)', type: v.decl.type, value: 'unavailable (optimized)' }
        : localValue({ decl: v.decl, role: v.role, slot: 0, size: v.words.length, structs: v.structs }, { ...read, stack: v.words }),
    );
  }
  const found = slots.at(step, whose.place);
  if ('unavailable' in found) return found.unavailable;
  const wanted = found.variables.filter((v) => roles.includes(v.role) && ownedBy(whose.of, v.decl));
  if (wanted.length === 0) return [];
  const read = data();
  if (slots.pipelineAt(step) === 'legacy-optimized')
    return settledValues(program, step, wanted, read, (s) => {
      const there = slots.at(s, whose.place);
      return 'unavailable' in there ? undefined : there.variables;
    });
  return wanted.map((v) => localValue(v, read));
}

/** What locals are read from at `step`: its stack, memory and storage, and the external call's input (`0x…`). */
export function localsData(rt: DebugRuntime, step: number, input: string | undefined): LocalsData {
  const detail = rt.detail(step);
  const artifact = rt.program.frameCode[rt.program.traceFrame[step]].artifact;
  return {
    stack: detail.stack ?? [],
    memory: rt.memoryBytes(step),
    calldata: hexBytes(input),
    storage: frameStorage(rt.trace, step, rt.program.traceFrame[step]),
    layout: artifact?.storageLayout,
    references: referencesFor(step, rt.program.traceFrame[step]),
  };
}
