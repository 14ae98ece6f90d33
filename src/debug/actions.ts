// The mirror's REST actions of a transaction (each call's calldata and return data; cheap, unlike the opcodes
// endpoint) paired with the trace's call frames, so Arguments and Return can be decoded when the trace holds no
// memory. Pairing walks both in execution order: an action belongs to the next frame at its depth whose callee it
// names; calls that run no opcodes (precompiles, system contracts) have no frame and are passed over.
import type { ContractAction } from '../core/contract-results';
import type { Trace } from '../shared/trace-model';

/** Per trace frame, its action (undefined where none pairs). */
export function pairActions(trace: Trace, actions: readonly ContractAction[]): Array<ContractAction | undefined> {
  const out: Array<ContractAction | undefined> = [];
  const rootDepth = trace.frameCount() ? trace.frame(0).depth : 0;
  let next = 0;
  for (let i = 0; i < trace.frameCount(); i++) {
    const frame = trace.frame(i);
    const depth = frame.depth - rootDepth;
    const callee = frame.callee?.toLowerCase();
    let found: number | undefined;
    for (let a = next; a < actions.length; a++) {
      const action = actions[a];
      if (action.call_depth < depth) break;
      if (action.call_depth !== depth || action.call_type === 'PRECOMPILE') continue;
      if (callee && action.to && action.to.toLowerCase() !== callee) continue;
      found = a;
      break;
    }
    out.push(found === undefined ? undefined : actions[found]);
    if (found !== undefined) next = found + 1;
  }
  return out;
}
