// What the build's ASTs say about each instruction of IR-pipeline code, by its source range, read once per compiled
// code: which variable an identifier at exactly that range reads, which statements writing a variable hold it, which
// function's parameters it enters, which comparison it is; and which variables have a write no instruction maps to.
import { stackSize, type Comparison, type Declaration, type Reference, type SourceDeclarations } from '../../core/locals/declarations';
import type { ContractArtifact } from '../../core/sourcemap/artifacts';
import type { CompiledCode } from '../../core/sourcemap/compiled-code';

const NONE = -1;

export interface WriteRef extends Reference {
  source: string;
}

export interface Range {
  source: string;
  start: number;
  length: number;
  /** The variable an identifier at exactly this range reads (AST id), or -1. */
  reads: number;
  /** The writes (indexes into CodeRanges.writes) whose statement holds this range. */
  writes: number[];
  /** The parameters and return variables of the function or modifier whose definition is exactly this range. */
  enters: number[];
  /** The comparison at exactly this range. */
  compares: Comparison | undefined;
  /** Says nothing and ends no statement: it encloses every write (a contract's range, where helpers map). */
  inert: boolean;
}

/** Per compiled code: each pc's range and what the sources say about the ranges. */
export interface CodeRanges {
  /** Per pc: index into `ranges`, or -1. */
  at: Int32Array;
  ranges: Range[];
  writes: WriteRef[];
  /** Per source name: its declarations. */
  sources: Map<string, SourceDeclarations>;
  /** Stack items of each variable of a function or modifier, by AST id. */
  sizes: Map<number, number>;
  /**
   * Variables with a write no instruction maps into: that write can happen where the trace shows nothing, so no
   * evidence of their value holds past it (the optimizer leaves such writes, e.g. a `j--` folded into the loop).
   */
  unseen: Set<number>;
}

const perCode = new WeakMap<CompiledCode, CodeRanges>();

export const inside = (a: { source: string; start: number; length: number }, b: { source: string; start: number; length: number }) =>
  a.source === b.source && a.start >= b.start && a.start + a.length <= b.start + b.length;

/** The ranges of `code` and what its build's ASTs say about each, read once per code. */
export function rangesOf(artifact: ContractArtifact, code: CompiledCode): CodeRanges {
  let known = perCode.get(code);
  if (known) return known;
  const sources = new Map<string, SourceDeclarations>();
  for (const file of artifact.sources.values()) if (file.declarations) sources.set(file.sourceName, file.declarations);
  const reads = new Map<string, number>();
  const writes: WriteRef[] = [];
  const enters = new Map<string, number[]>();
  const comparisons = new Map<string, Comparison>();
  const variables = new Map<number, Declaration>();
  for (const [source, d] of sources) {
    for (const c of d.callables) {
      const own = [...c.params, ...c.returns];
      for (const v of [...own, ...c.locals]) if (v.id >= 0) variables.set(v.id, v);
      enters.set(
        `${source}:${c.start}:${c.length}`,
        own.flatMap((v) => (v.id >= 0 ? [v.id] : [])),
      );
      for (const k of c.comparisons) comparisons.set(`${source}:${k.start}:${k.length}`, k);
      for (const ref of c.refs) {
        if (ref.write) writes.push({ ...ref, source });
        else reads.set(`${source}:${ref.start}:${ref.length}`, ref.decl);
      }
    }
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
      const range = { source, start: r.start, length: r.length };
      byKey.set(
        key,
        (id =
          ranges.push({
            ...range,
            reads: reads.get(key) ?? NONE,
            writes: writes.flatMap((w, i) => (inside(range, w) ? [i] : [])),
            enters: enters.get(key) ?? [],
            compares: comparisons.get(key),
            inert: false,
          }) - 1),
      );
    }
    at[pc] = id;
  }
  // Statements open only where this code has instructions for them; a range enclosing all those cannot end one.
  const mapped = new Set(ranges.flatMap((r) => r.writes));
  const coded = writes.filter((_, i) => mapped.has(i));
  for (const r of ranges)
    r.inert = r.reads === NONE && r.writes.length === 0 && r.enters.length === 0 && !r.compares && coded.every((w) => inside(w, r));
  // A declaration without code (`uint256 j = n` where `n` is not used again) is no such write: before it the variable
  // is not in scope.
  const declares = (w: WriteRef) => {
    const v = variables.get(w.decl);
    return v !== undefined && inside({ source: w.source, start: v.start, length: v.length }, w);
  };
  const unseen = new Set(writes.flatMap((w, i) => (mapped.has(i) || declares(w) ? [] : [w.decl])));
  const sizes = new Map([...variables].map(([id, v]) => [id, stackSize(v.type)]));
  perCode.set(code, (known = { at, ranges, writes, sources, sizes, unseen }));
  return known;
}
