// Call frames from the trace's depth changes, in one pass: where each frame opens, exits and resumes, how it
// ended, and the gas at the start and end of each step under the trace's pc convention.
import type { TraceColumns } from './columns-store';
import type { Frame, PcConvention } from '../../shared/trace-model';
import { callTypeOf, isNormalHalt } from './ops';
import { decodeRevert } from './revert';

export interface FrameAnalysis {
  frames: Frame[];
  /** Index of the innermost frame executing each step. */
  stepFrame: Int32Array;
  maxDepth: number;
}

export interface FrameContext {
  convention: PcConvention;
  /** The transaction's recipient, the root frame's callee. */
  address: string;
  /** The envelope's `failed`: the root frame reverted. */
  failed: boolean;
  /** A server-side cap cut the trace: frames still open at the end did not really end there. */
  truncated: boolean;
}

const ZERO_ADDRESS = /^0x0*$/;
/** The op of the mirror's synthetic entry for a precompile or system-contract call. */
const NATIVE_OP = '';

/** Call frames from depth changes, in one pass: a deeper step opens a frame, a shallower one closes frames. */
export function analyseFrames(cols: TraceColumns, ctx: FrameContext): FrameAnalysis {
  const n = cols.length;
  const stepFrame = new Int32Array(n);
  const frames: Frame[] = [];
  if (n === 0) return { frames, stepFrame, maxDepth: 0 };
  const { depth } = cols;
  const open: Frame[] = [];
  const root = newFrame(frames, -1, depth[0], 'ROOT', ZERO_ADDRESS.test(ctx.address) ? null : ctx.address.toLowerCase(), 0);
  open.push(root);
  let maxDepth = depth[0];
  for (let i = 1; i < n; i++) {
    const d = depth[i];
    let top = open[open.length - 1];
    if (d > top.depth) {
      const opener = cols.opName(i - 1);
      const callType = callTypeOf(opener) ?? 'CALL';
      const callee = callType === 'CREATE' || callType === 'CREATE2' ? null : calleeFromStack(cols, i - 1);
      // The scanner refuses a step more than one level deeper than the one before (limits.ts).
      top = newFrame(frames, top.index, d, callType, callee, i);
      open.push(top);
      if (d > maxDepth) maxDepth = d;
    } else if (d < top.depth) {
      while (open.length > 1 && open[open.length - 1].depth > d) close(cols, ctx, open.pop() as Frame, i - 1, i);
      top = open[open.length - 1];
    }
    stepFrame[i] = top.index;
  }
  while (open.length > 1) close(cols, ctx, open.pop() as Frame, n - 1, -1);
  close(cols, ctx, root, n - 1, -1);
  return { frames, stepFrame, maxDepth };
}

function newFrame(
  frames: Frame[],
  parent: number,
  depth: number,
  callType: Frame['callType'],
  callee: string | null,
  entryStep: number,
): Frame {
  const frame: Frame = {
    index: frames.length,
    parent,
    depth,
    callType,
    callee,
    entryStep,
    exitStep: entryStep,
    gasUsed: 0,
    reverted: false,
    revert: null,
    native: false,
  };
  frames.push(frame);
  return frame;
}

/** Finishes `frame` at `exitStep`; `resumeStep` is the parent's next step (-1 when the trace ends inside the frame). */
function close(cols: TraceColumns, ctx: FrameContext, frame: Frame, exitStep: number, resumeStep: number): void {
  frame.exitStep = exitStep;
  frame.gasUsed = Math.max(0, gasAtStart(cols, ctx.convention, frame.entryStep) - gasAtEnd(cols, ctx.convention, exitStep));
  const lastOp = cols.opName(exitStep);
  frame.native = frame.entryStep === exitStep && lastOp === NATIVE_OP;
  if (frame.parent < 0) frame.reverted = ctx.failed;
  else if (resumeStep < 0 && ctx.truncated) frame.reverted = false;
  else if (frame.native) frame.reverted = nativeFailed(cols, exitStep);
  else frame.reverted = !isNormalHalt(lastOp);
  if (frame.reverted) frame.revert = decodeRevert(cols.reasons.get(exitStep));
  // A created contract's address is only known once CREATE returns: on top of the parent's stack, if recorded pre-op.
  if ((frame.callType === 'CREATE' || frame.callType === 'CREATE2') && resumeStep >= 0 && ctx.convention === 'pre-op' && !frame.reverted) {
    frame.callee = addressFromWord(cols, cols.stacks.peek(resumeStep, 0));
  }
}

/**
 * Without its action, a native call's outcome is read from its one entry: a halt used all the gas it was given,
 * and revert data in `reason` means it reverted. (A system call's `reason` is the transaction's first revert, which
 * may be another frame's: the action, when at hand, corrects that through `settleNativeOutcomes`.)
 */
function nativeFailed(cols: TraceColumns, step: number): boolean {
  const halted = cols.gas[step] === 0 && cols.gasCost[step] > 0;
  return halted || decodeRevert(cols.reasons.get(step)) !== null;
}

/** Gas available when the op at `step` started. Post-op `gas` is already net of that op's cost. */
export function gasAtStart(cols: TraceColumns, convention: PcConvention, step: number): number {
  return convention === 'post-op' ? cols.gas[step] + cols.gasCost[step] : cols.gas[step];
}

/** Gas left when the op at `step` finished. */
export function gasAtEnd(cols: TraceColumns, convention: PcConvention, step: number): number {
  return convention === 'post-op' ? cols.gas[step] : cols.gas[step] - cols.gasCost[step];
}

/** CALL, CALLCODE, DELEGATECALL and STATICCALL all take the address second from the top (after gas). */
function calleeFromStack(cols: TraceColumns, callStep: number): string | null {
  return addressFromWord(cols, cols.stacks.peek(callStep, 1));
}

function addressFromWord(cols: TraceColumns, word: number): string | null {
  if (word < 0) return null;
  const hex = cols.words.text(word).toLowerCase();
  if (/^0*$/.test(hex)) return null;
  return '0x' + hex.padStart(40, '0').slice(-40);
}
