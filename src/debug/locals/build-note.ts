// What the Locals scope says, once, when the way the contract was built is why some of its values cannot be shown:
// a row of its own (its name in parentheses, so nothing reads it back as a variable), in a Solidity developer's words.
import { pipelineOf, type Pipeline } from '../../core/locals/pipeline';
import type { Program } from '../../core/sourcemap/program';
import type { Variable } from '../variable';

export const BUILD_NOTE_NAME = '(build)';

const NOTES: Partial<Record<Pipeline, string>> = {
  'legacy-optimized':
    'Compiled with the optimizer, which reorders the code inside statements: a variable the current statement is changing shows as unavailable until that code is done.',
  'via-ir':
    'Compiled with viaIR, which keeps no variable at a fixed stack position: a value is shown only where the trace proves it, the others show as unavailable.',
  'via-ir-optimized':
    'Compiled with viaIR and the optimizer, which inlines functions and keeps values only while they are needed: most variables show as unavailable. Compile without the optimizer to debug them.',
};

/** `vars` with the note first, when its build hides some of them; unchanged otherwise. */
export function withBuildNote(program: Program, step: number, vars: Variable[] | string): Variable[] | string {
  if (typeof vars === 'string' || !vars.some((v) => /^unavailable \(optimized\)/.test(v.value))) return vars;
  const note = NOTES[pipelineOf(program.frameCode[program.traceFrame[step]].artifact?.metadata)];
  return note ? [{ name: BUILD_NOTE_NAME, value: note }, ...vars] : vars;
}
