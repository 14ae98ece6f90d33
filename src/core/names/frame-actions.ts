// The mirror's actions (REST) matched to the trace's call frames (opcodes), so each frame gets its calldata and
// output without reading memory. Both list calls in the order they start. A precompile call is a one-entry native
// frame in the mirror's traces; where a trace has no entry for one (a tracer that records none), its PRECOMPILE
// action is skipped. A frame whose action is missing (a page limit, an older mirror) gets none, and the frames
// after it still find theirs.
import type { ContractAction } from '../contract-results';
import type { Frame } from '../../shared/trace-model';

/** Frames whose callee on the stack is the code's address, not the action's recipient. */
const CODE_CALLS: ReadonlySet<string> = new Set(['DELEGATECALL', 'CALLCODE']);

export function actionsForFrames(frames: readonly Frame[], actions: readonly ContractAction[]): Array<ContractAction | undefined> {
  const rootDepth = frames[0]?.depth ?? 0;
  let next = 0;
  return frames.map((frame) => {
    for (let i = next; i < actions.length; i++) {
      const action = actions[i];
      const depth = frame.depth - rootDepth;
      if ((action.call_type === 'PRECOMPILE' && !frame.native) || action.call_depth > depth) continue;
      if (action.call_depth < depth || !sameCallee(frame, action)) return undefined;
      next = i + 1;
      return action;
    }
    return undefined;
  });
}

function sameCallee(frame: Frame, action: ContractAction): boolean {
  if (frame.callee === null || CODE_CALLS.has(frame.callType) || !action.to) return true;
  return frame.callee.toLowerCase() === action.to.toLowerCase();
}
