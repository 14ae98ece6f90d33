// Every call frame of a trace by name: the frame's calldata and output come from the mirror's actions (matched in
// order), so calls and arguments decode without memory; without actions a frame is still named by its system
// contract and its revert data. A native call's own action also settles its outcome in the trace: the entry's
// `reason` may be another frame's revert (the mirror copies the transaction's first one into system calls).
import type { ContractAction } from '../contract-results';
import { parseTokenId } from '../ids';
import type { Frame, NativeOutcome, Trace } from '../../shared/trace-model';
import { decodeRevert } from '../trace/revert';
import { nameCall, type NamedCall } from './call-names';
import { actionsForFrames } from './frame-actions';
import type { AbiRegistry } from './registry';

export interface NamedFrame {
  frame: Frame;
  /** The mirror's action for this frame, when the actions were read and one matched. */
  action: ContractAction | undefined;
  /** The callee: from the trace's stack, else from the action. */
  to: string | null;
  /** `0.0.N` of the callee: the action's recipient, else the entity a long-zero address names. */
  contractId: string | null;
  named: NamedCall;
}

export type NamedTrace = Pick<Trace, 'frame' | 'frameCount' | 'settleNativeOutcomes'>;

export function nameFrames(trace: NamedTrace, abis: AbiRegistry, actions: readonly ContractAction[] | null): NamedFrame[] {
  const frames = Array.from({ length: trace.frameCount() }, (_, i) => trace.frame(i));
  const matched = actions ? actionsForFrames(frames, actions) : [];
  trace.settleNativeOutcomes(
    frames.flatMap((frame, i) => {
      const action = matched[i];
      return frame.native && action ? [actionOutcome(frame.index, action)] : [];
    }),
  );
  return frames.map((frame, i) => {
    const action = matched[i];
    const to = frame.callee ?? action?.to ?? null;
    const output = action ? action.result_data : frame.revert?.data;
    const named = nameCall(abis, { to, input: action?.input, output, reverted: frame.reverted });
    return { frame, action, to, contractId: action?.recipient ?? entityOf(to), named };
  });
}

/** OUTPUT succeeded; REVERT_REASON reverted with that data; ERROR halted (its data is the reason as text). */
function actionOutcome(frame: number, action: ContractAction): NativeOutcome {
  const reverted = action.result_data_type !== 'OUTPUT';
  const data = action.result_data ?? null;
  const revert = !reverted
    ? null
    : action.result_data_type === 'REVERT_REASON'
      ? decodeRevert(data)
      : data && data !== '0x'
        ? { kind: 'Raw' as const, data }
        : null;
  return { frame, reverted, revert };
}

function entityOf(address: string | null): string | null {
  if (!address) return null;
  const parsed = parseTokenId(address);
  return parsed.ok ? parsed.value : null;
}
