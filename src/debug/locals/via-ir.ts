// Locals of code from the IR pipeline, which keeps no variable at a fixed slot and inlines most functions. A
// variable's value is known where the code copies it for an expression that names it: an instruction the source map
// gives the range of an identifier reading it, a DUP, leaves that value on top of the stack. That value holds until
// code of a write of the variable (an assignment, `++`, `delete`, its declaration) runs. Without such a copy since
// the last write, the variable is unavailable (optimized): never a guess.
import type { Callable, Declaration, Reference, SourceDeclarations } from '../../core/locals/declarations';
import type { ContractArtifact } from '../../core/sourcemap/artifacts';
import type { CompiledCode } from '../../core/sourcemap/compiled-code';
import type { Program } from '../../core/sourcemap/program';
import type { Role } from './slots';

/** How far back a step looks for the copy of a variable (and for the statement it is in). */
const LOOKBACK = 4096;
const NONE = -1;

export interface SeenVariable {
  decl: Declaration;
  role: Role;
  /** The value's stack word, or undefined when no copy of it was seen since it was last written. */
  word: string | undefined;
  structs: SourceDeclarations['structs'];
}

interface Range {
  source: string;
  start: number;
  length: number;
  /** The variable an identifier at exactly this range reads (AST id), or -1. */
  reads: number;
  /** The variables a write whose range holds this range changes. */
  writes: ReadonlySet<number>;
}

interface CodeRanges {
  /** Per pc: index into `ranges`, or -1. */
  at: Int32Array;
  ranges: Range[];
  /** Per source name: its declarations. */
  sources: Map<string, SourceDeclarations>;
}

const perCode = new WeakMap<CompiledCode, CodeRanges>();

function rangesOf(artifact: ContractArtifact, code: CompiledCode): CodeRanges {
  let known = perCode.get(code);
  if (known) return known;
  const sources = new Map<string, SourceDeclarations>();
  for (const file of artifact.sources.values()) if (file.declarations) sources.set(file.sourceName, file.declarations);
  // Reads by exact range; writes (far fewer) are searched for the ranges that hold a code range.
  const reads = new Map<string, number>();
  const writes = new Map<string, Reference[]>();
  for (const [name, d] of sources) {
    const own: Reference[] = [];
    for (const ref of d.callables.flatMap((c) => c.refs)) {
      if (ref.write) own.push(ref);
      else reads.set(`${name}:${ref.start}:${ref.length}`, ref.decl);
    }
    writes.set(name, own);
  }
  const ranges: Range[] = [];
  const byKey = new Map<string, number>();
  const at = new Int32Array(code.bodyLength).fill(NONE);
  for (let pc = 0; pc < code.bodyLength; pc++) {
    const r = code.rangeAt(pc);
    const source = r && r.file >= 0 ? artifact.sources.get(r.file)?.sourceName : undefined;
    if (!r || source === undefined || !sources.has(source)) continue;
    const key = `${source}:${r.start}:${r.length}`;
    let id = byKey.get(key);
    if (id === undefined) {
      const written = new Set(
        writes
          .get(source)!
          .filter((x) => r.start >= x.start && r.start + r.length <= x.start + x.length)
          .map((x) => x.decl),
      );
      byKey.set(key, (id = ranges.push({ source, start: r.start, length: r.length, reads: reads.get(key) ?? NONE, writes: written }) - 1));
    }
    at[pc] = id;
  }
  perCode.set(code, (known = { at, ranges, sources }));
  return known;
}

/** The variables in scope at `step` of IR code, each with the value last copied from it, if any since its last write. */
export function viaIrVariables(program: Program, step: number): SeenVariable[] | string {
  const { artifact, code } = program.frameCode[program.traceFrame[step]];
  if (!artifact || !code) return 'No build output matches this code.';
  const { at, ranges, sources } = rangesOf(artifact, code);
  const { pc, traceFrame, trace } = program;
  const frame = traceFrame[step];
  const within = (s: number) => s >= 0 && traceFrame[s] === frame;
  // The statement the step is in: its own range, or the last one before it inside some function of its source.
  let place: { source: string; start: number; callable: Callable; structs: SourceDeclarations['structs'] } | undefined;
  for (let s = step; within(s) && s > step - LOOKBACK && !place; s--) {
    const r = at[pc[s]] ?? NONE;
    if (r === NONE) continue;
    const { source, start } = ranges[r];
    const decls = sources.get(source)!;
    // The innermost function or modifier (inlined ones are ranges of their own).
    const callable = decls.callables
      .filter((c) => start >= c.start && start < c.start + c.length && start !== c.start)
      .sort((a, b) => a.length - b.length)[0];
    if (callable) place = { source, start, callable, structs: decls.structs };
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
  const visible = inScope.filter((v) => last.get(v.decl.name) === v);
  const postOp = trace.summary.pcConvention === 'post-op';
  const { op, opNames } = trace.columns();
  return visible.map(({ decl, role }) => {
    let word: string | undefined;
    for (let s = step; within(s) && s > step - LOOKBACK; s--) {
      const r = at[pc[s]] ?? NONE;
      if (r === NONE) continue;
      const range = ranges[r];
      if (range.writes.has(decl.id)) break;
      if (range.reads !== decl.id || !/^DUP\d+$/.test(opNames[op[s]])) continue;
      // The copy is on top once the DUP ran: a post-op recording shows it at the step, a pre-op one at the next.
      const after = postOp ? s : s + 1;
      if (!within(after) || after > step) break;
      const stack = trace.detail(after).stack;
      word = stack?.[stack.length - 1];
      break;
    }
    return { decl, role, word, structs };
  });
}
