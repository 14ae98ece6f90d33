// Solidity-level moves over a Program's columns. A statement is a run of steps on one Solidity line in one
// function; steps that map to no statement (compiler-generated code, the dispatcher, definitions) are never
// stopped on. Every move is one scan of typed arrays, forward or backward, so it stays fast at a million steps.
import type { Program } from '../core/sourcemap/program';

export type StepKind = 'over' | 'into' | 'out';

/** Where the move lands, or undefined when there is no such statement in that direction. */
export function stepStatement(p: Program, from: number, kind: StepKind, backward: boolean): number | undefined {
  const n = p.loc.length;
  const here = p.locAt(from);
  const key = here?.lineKey ?? -1;
  const fn = p.vis[from];
  const depth = kind === 'out' ? p.visibleDepth(from) : p.depth[from];
  const stopsAt = (s: number): boolean => {
    const loc = p.locAt(s);
    if (!loc?.steppable) return false;
    if (kind === 'out') return p.depth[s] < depth;
    const moved = loc.lineKey !== key || p.vis[s] !== fn;
    // The same call of the same function counts as not deeper even where depth differs: the dispatcher around a
    // public function's body (the end of the trace, say) is one frame shallower than the body it shows.
    return kind === 'into' ? moved : moved && (p.depth[s] <= depth || p.vis[s] === fn);
  };
  if (!backward) {
    for (let s = from + 1; s < n; s++) if (stopsAt(s)) return s;
    return undefined;
  }
  for (let s = from - 1; s >= 0; s--) if (stopsAt(s)) return statementStart(p, s);
  return undefined;
}

/** The first step of the statement `step` is in (earlier steps of the same line in the same function). */
export function statementStart(p: Program, step: number): number {
  const loc = p.locAt(step);
  if (!loc) return step;
  const fn = p.vis[step];
  const depth = p.depth[step];
  let start = step;
  for (let s = step - 1; s >= 0; s--) {
    if (p.depth[s] < depth) break;
    if (p.vis[s] !== fn) continue;
    const l = p.locAt(s);
    if (!l?.steppable) continue;
    if (l.lineKey !== loc.lineKey) break;
    start = s;
  }
  return start;
}

/** The next (or previous) step at `lineKey` where a statement starts: Jump to Cursor's target. */
export function nextAtLine(p: Program, from: number, lineKey: number, backward = false): number | undefined {
  const n = p.loc.length;
  const at = (s: number) => p.entry[s] === 1 && p.locs[p.loc[s]].lineKey === lineKey;
  if (!backward) {
    for (let s = from + 1; s < n; s++) if (at(s)) return s;
  } else {
    for (let s = from - 1; s >= 0; s--) if (at(s)) return s;
  }
  return undefined;
}

/** The first index of `sorted` holding a value above `x` (binary search). */
export function firstAbove(sorted: Int32Array | readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
