// The moves the stepper answers from frame boundaries alone (step ±n, first/last, go to, step over/into/out),
// written once for both sides: the core's Navigator runs them over the whole trace, and the stepper webview over
// the rows it holds, where a step or frame it does not hold makes the answer `undefined` (ask the host instead).
// One implementation is what guarantees that a key answered in the webview lands where the host would have put it.
import type { NavCommand } from './trace-model';

/** What a frame move needs to know of a frame. */
export interface FrameSpan {
  index: number;
  /** -1 for the root. */
  parent: number;
  entryStep: number;
  /** Last step executed inside the frame. */
  exitStep: number;
}

export interface FrameSteps {
  readonly length: number;
  /** Innermost frame running `step` (0 ≤ step < length), or undefined when not known here. */
  frameAt(step: number): number | undefined;
  frame(index: number): FrameSpan | undefined;
}

export type FrameMoveCommand = Extract<NavCommand, { kind: 'step' | 'first' | 'last' | 'goto' | 'into' | 'over' | 'out' }>;

const FRAME_MOVES: ReadonlySet<string> = new Set<FrameMoveCommand['kind']>(['step', 'first', 'last', 'goto', 'into', 'over', 'out']);

export const isFrameMove = (cmd: NavCommand): cmd is FrameMoveCommand => FRAME_MOVES.has(cmd.kind);

export function clampStep(step: number, n: number): number {
  if (!Number.isFinite(step)) return step > 0 ? n - 1 : 0;
  return Math.min(Math.max(Math.trunc(step), 0), n - 1);
}

/** Where `cmd` goes from step `s` of a non-empty trace; undefined when a step or frame it needs is not known. */
export function frameMove(t: FrameSteps, s: number, cmd: FrameMoveCommand): number | undefined {
  const n = t.length;
  switch (cmd.kind) {
    case 'step':
      return clampStep(s + Math.trunc(cmd.delta || 0), n);
    case 'first':
      return 0;
    case 'last':
      return n - 1;
    case 'goto':
      return clampStep(Math.trunc(cmd.step), n);
    case 'into':
      return clampStep(cmd.backward ? s - 1 : s + 1, n);
    case 'over':
      return cmd.backward ? overBackward(t, s) : overForward(t, s);
    case 'out':
      return out(t, s, cmd.backward === true);
  }
}

const frameOf = (t: FrameSteps, step: number): FrameSpan | undefined => {
  const index = t.frameAt(step);
  return index === undefined ? undefined : t.frame(index);
};

/** Next step of the same frame, skipping the calls it makes; at the frame's last step, the step after it returns. */
function overForward(t: FrameSteps, s: number): number | undefined {
  const f = frameOf(t, s);
  if (!f) return undefined;
  let at = s + 1;
  while (at <= f.exitStep) {
    const index = t.frameAt(at);
    if (index === undefined) return undefined;
    if (index === f.index) return at;
    const child = childOf(t, f, index);
    if (!child) return undefined;
    at = child.exitStep + 1;
  }
  return f.exitStep + 1 < t.length ? f.exitStep + 1 : s;
}

/** Previous step of the same frame, skipping calls; at the frame's first step, the call that opened it. */
function overBackward(t: FrameSteps, s: number): number | undefined {
  const f = frameOf(t, s);
  if (!f) return undefined;
  let at = s - 1;
  while (at >= f.entryStep) {
    const index = t.frameAt(at);
    if (index === undefined) return undefined;
    if (index === f.index) return at;
    const child = childOf(t, f, index);
    if (!child) return undefined;
    at = child.entryStep - 1;
  }
  return f.entryStep > 0 ? f.entryStep - 1 : s;
}

/** Forward: first step after the current frame returns (the end for the root). Backward: the call that opened it. */
function out(t: FrameSteps, s: number, backward: boolean): number | undefined {
  const f = frameOf(t, s);
  if (!f) return undefined;
  if (backward) return f.parent < 0 ? 0 : Math.max(f.entryStep - 1, 0);
  const resume = f.exitStep + 1;
  return f.parent < 0 || resume >= t.length ? t.length - 1 : resume;
}

/** The direct child of `f` that frame `index` (a frame nested inside f) runs in. */
function childOf(t: FrameSteps, f: FrameSpan, index: number): FrameSpan | undefined {
  let c = t.frame(index);
  while (c && c.parent !== f.index) c = c.parent < 0 ? undefined : t.frame(c.parent);
  return c;
}
