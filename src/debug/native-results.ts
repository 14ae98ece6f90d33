// A native call (precompile, system contract) runs no code, so stepping never enters it: after a step passes over
// one, its result shows as a finished call's return values show (`signer`, `digest`, `responseCode`), named by
// core/session/names.
import type { TraceNames } from '../core/session/names';
import type { Trace } from '../shared/trace-model';
import type { Variable } from './variables';

/** Most native calls one scope lists (a loop on one line can make thousands). */
const MAX_CALLS = 64;

/** The native calls `traceFrame` made in the steps `[from, to)` a forward step passed over, in order. */
export function nativeCallsPassed(
  trace: Pick<Trace, 'frame' | 'frameCount'>,
  passed: { from: number; to: number } | null,
  traceFrame: number,
): number[] {
  if (!passed) return [];
  const out: number[] = [];
  for (let i = traceFrame + 1; i < trace.frameCount() && out.length < MAX_CALLS; i++) {
    const f = trace.frame(i);
    if (f.entryStep >= passed.to) break;
    if (f.native && f.parent === traceFrame && f.entryStep >= passed.from) out.push(i);
  }
  return out;
}

/** One call's values by name; several calls each open into theirs, labelled by the call. */
export function nativeResultVariables(names: TraceNames, calls: readonly number[]): Variable[] | string {
  const results = calls.map((i) => names.nativeResult(i));
  if (results.length === 1 && results[0]) return results[0].values;
  return results.map((r, n) =>
    r ? { name: `${n}`, value: r.call, children: r.values } : { name: `${n}`, value: 'a native call nothing names' },
  );
}
