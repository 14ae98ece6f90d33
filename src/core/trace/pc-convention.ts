// Whether the trace records pc before each op (geth) or after it (Besu, the mirror node), read from the trace, and
// each step's own instruction pc under that convention.
import type { TraceColumns } from './columns-store';
import type { PcConvention } from '../../shared/trace-model';
import { callTypeOf, instructionSize, isControlFlow, pushSize } from './ops';

/** Agreeing pairs after which the answer cannot change in practice; keeps detection O(1) on huge traces. */
const ENOUGH_EVIDENCE = 256;

/**
 * Whether `pc` was recorded before the op (geth) or after it (Besu, the mirror node), read from the trace itself:
 * after a PUSHn at step i, the next step of the same frame has pc delta n + 1 under pre-op recording, but the size
 * of that next instruction under post-op recording. Pairs where both predict the same delta, or where the next op
 * moves pc elsewhere, say nothing. Without evidence the mirror's convention (post-op) is assumed.
 */
export function detectPcConvention(cols: TraceColumns): PcConvention {
  const push = cols.opNames.map(pushSize);
  const size = cols.opNames.map(instructionSize);
  const jumps = cols.opNames.map(isControlFlow);
  const { pc, depth, op, length } = cols;
  let pre = 0;
  let post = 0;
  for (let i = 0; i + 1 < length && pre + post < ENOUGH_EVIDENCE; i++) {
    const n = push[op[i]];
    const next = op[i + 1];
    if (n === 0 || depth[i + 1] !== depth[i] || jumps[next]) continue;
    const preDelta = n + 1;
    const postDelta = size[next];
    if (preDelta === postDelta) continue;
    const delta = pc[i + 1] - pc[i];
    if (delta === preDelta) pre++;
    else if (delta === postDelta) post++;
  }
  return pre > post ? 'pre-op' : 'post-op';
}

/**
 * The pc of each step's own instruction, for source mapping and go-to-pc. Under post-op recording a frame's next
 * instruction is where the previous op of that frame left pc (0 at frame entry), which also holds after jumps.
 * Calls and creates are the exception: Besu records them as the frame suspends, before pc moves past them, so the
 * instruction after a call is the call's own pc + 1 whatever the call step says.
 */
export function instructionPcs(cols: TraceColumns, convention: PcConvention): Int32Array {
  const { pc, depth, op, length } = cols;
  if (convention === 'pre-op') return pc.slice(0, length);
  const opensFrame = cols.opNames.map((name) => callTypeOf(name) !== undefined);
  const out = new Int32Array(length);
  let next = new Int32Array(64);
  let previousDepth = -1;
  for (let i = 0; i < length; i++) {
    const d = depth[i];
    if (d >= next.length) {
      const grown = new Int32Array(Math.max(next.length * 2, d + 1));
      grown.set(next);
      next = grown;
    }
    // Entering one or more new frames: their code starts at pc 0.
    for (let k = previousDepth + 1; k <= d; k++) next[k] = 0;
    const own = next[d];
    out[i] = own;
    next[d] = opensFrame[op[i]] ? own + 1 : pc[i];
    previousDepth = d;
  }
  return out;
}
