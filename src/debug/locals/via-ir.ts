// Locals of code from the IR pipeline, which keeps no variable at a fixed slot and inlines most functions: which
// variables are in scope comes from the statement the step is in, their values from what the trace proves about them
// (via-ir-evidence.ts). A variable with no such proof, or with proofs that disagree, is unavailable (optimized): never
// a guess.
import type { Callable, Declaration, SourceDeclarations } from '../../core/locals/declarations';
import type { Program } from '../../core/sourcemap/program';
import type { Role } from './slots';
import { rangesOf } from './code-ranges';
import { ViaIrEvidence } from './via-ir-evidence';

/** How far back a step looks for the statement it is in. */
const LOOKBACK = 4096;
const NONE = -1;

export interface SeenVariable {
  decl: Declaration;
  role: Role;
  /** The value's stack words (offset and length for a calldata slice), or undefined when the trace does not prove it. */
  words: string[] | undefined;
  structs: SourceDeclarations['structs'];
}

/** The variables in scope at `step` of IR code, each with its value where the trace proves it. */
export function viaIrVariables(program: Program, step: number): SeenVariable[] | string {
  const { artifact, code } = program.frameCode[program.traceFrame[step]];
  if (!artifact || !code) return 'No build output matches this code.';
  const { at, ranges, sources } = rangesOf(artifact, code);
  const { pc, traceFrame } = program;
  const frame = traceFrame[step];
  const within = (s: number) => s >= 0 && traceFrame[s] === frame;
  // The statement the step is in: its own range, or the last one before it inside some function of its source.
  let place: { start: number; callable: Callable; structs: SourceDeclarations['structs'] } | undefined;
  for (let s = step; within(s) && s > step - LOOKBACK && !place; s--) {
    const r = at[pc[s]] ?? NONE;
    if (r === NONE) continue;
    const { source, start } = ranges[r];
    const decls = sources.get(source)!;
    // The innermost function or modifier (inlined ones are ranges of their own).
    const callable = decls.callables
      .filter((c) => start >= c.start && start < c.start + c.length && start !== c.start)
      .sort((a, b) => a.length - b.length)[0];
    if (callable) place = { start, callable, structs: decls.structs };
  }
  if (!place) return 'unavailable (optimized): this step runs no Solidity function the source map names.';
  const { callable, start, structs } = place;
  const inScope = [
    ...callable.params.map((decl) => ({ decl, role: 'argument' as const })),
    ...callable.returns.filter((d) => d.name).map((decl) => ({ decl, role: 'return' as const })),
    ...callable.locals
      .filter((l) => start >= l.declaredAt && start >= l.scopeStart && start < l.scopeEnd)
      .map((decl) => ({ decl, role: 'local' as const })),
  ];
  // A shadowed name shows its innermost declaration (the later one).
  const last = new Map(inScope.map((v) => [v.decl.name, v]));
  const evidence = ViaIrEvidence.of(program);
  return inScope
    .filter((v) => last.get(v.decl.name) === v)
    .map(({ decl, role }) => ({ decl, role, words: evidence?.valueAt(step, decl.id), structs }));
}
