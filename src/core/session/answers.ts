// Answers to the webview's requests, read from the columnar trace: only the rows, words and slots asked for.
// No `vscode` import, so the unit suite can check these against a real decoded trace.
import type { Trace } from '../../shared/trace-model';
import { isInClass } from '../trace/ops';
import { storageAccessesOf, storageMismatch, type SlotState } from '../trace/storage-accesses';
import { TraceNames } from './names';
import type { FrameSpan } from '../../shared/frame-moves';
import {
  OVERVIEW_FLAG,
  type MemoryWindow,
  type Overview,
  type RowPage,
  type StepView,
  type StorageEntry,
} from '../../shared/trace-protocol';

/** Most rows, words or buckets one request may ask for; a visible window is far below it. */
export const MAX_PAGE = 4096;

const clampCount = (start: number, count: number, length: number) => Math.max(0, Math.min(count, MAX_PAGE, length - start));

export function rowPage(trace: Trace, start: number, count: number): RowPage {
  const page: RowPage = { start, pc: [], op: [], depth: [], gas: [], gasCost: [], frame: [], frames: [] };
  const n = start < 0 ? 0 : clampCount(start, count, trace.length);
  for (let i = start; i < start + n; i++) {
    const r = trace.row(i);
    page.pc.push(r.pc);
    page.op.push(r.op);
    page.depth.push(r.depth);
    page.gas.push(r.gas);
    page.gasCost.push(r.gasCost);
    page.frame.push(r.frame);
  }
  page.frames = frameSpans(trace, page.frame);
  return page;
}

/** The frames in `indexes` and all their enclosing frames, each once (a page's frames share most ancestors). */
function frameSpans(trace: Trace, indexes: readonly number[]): FrameSpan[] {
  const seen = new Set<number>();
  const spans: FrameSpan[] = [];
  for (const first of indexes) {
    for (let i = first; i >= 0 && !seen.has(i);) {
      seen.add(i);
      const { index, parent, entryStep, exitStep } = trace.frame(i);
      spans.push({ index, parent, entryStep, exitStep });
      i = parent;
    }
  }
  return spans;
}

export function memoryWindow(trace: Trace, step: number, start: number, count: number): MemoryWindow {
  const memory = trace.detail(step).memory ?? [];
  const from = Math.max(0, start);
  return { step, start: from, words: memory.slice(from, from + clampCount(from, count, memory.length)) };
}

/**
 * The step whose state this step's state should be compared with: the step before it in the same frame. After a
 * call returns that is the CALL itself, not the callee's last step; a frame's first step has none.
 */
export function previousStepInFrame(trace: Trace, step: number): number | null {
  if (step <= 0) return null;
  const frame = trace.row(step).frame;
  const before = trace.row(step - 1).frame;
  if (before === frame) return step - 1;
  if (trace.frame(frame).entryStep === step) return null;
  let child = before;
  while (trace.frame(child).parent !== frame) {
    const parent = trace.frame(child).parent;
    if (parent < 0) return null;
    child = parent;
  }
  return trace.frame(child).entryStep - 1;
}

const ZERO_WORD = '0x' + '0'.repeat(64);

/** Byte ranges `[from, to)` where `after` differs from `before`; memory beyond `before` counts as zeros. */
export function changedByteRanges(before: readonly string[], after: readonly string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let w = 0; w < after.length; w++) {
    const a = after[w];
    const b = before[w] ?? ZERO_WORD;
    if (a === b) continue;
    for (let i = 0; i < 32; i++) {
      const at = 2 + 2 * i;
      if (a.slice(at, at + 2) === b.slice(at, at + 2)) continue;
      const byte = w * 32 + i;
      const last = ranges[ranges.length - 1];
      if (last && last[1] === byte) last[1] = byte + 1;
      else ranges.push([byte, byte + 1]);
    }
  }
  return ranges;
}

function storageEntries(
  current: ReadonlyMap<string, SlotState>,
  previous: ReadonlyMap<string, SlotState> | null,
  frameStart: ReadonlyMap<string, SlotState>,
): StorageEntry[] {
  return [...current].map(([slot, { value, written }]) => {
    const start = frameStart.get(slot)?.value;
    return {
      slot,
      value,
      changed: previous !== null && previous.get(slot)?.value !== value,
      atFrameStart: start !== undefined && start !== value ? start : null,
      newInFrame: start === undefined,
      written,
    };
  });
}

export interface MemoryViewport {
  start: number;
  count: number;
}

export function stepView(trace: Trace, step: number, viewport: MemoryViewport, names: TraceNames = TraceNames.none): StepView {
  const detail = trace.detail(step);
  const { stack, memory, storage: _mirrorStorage, reason: _reason, ...row } = detail;
  const prevStep = previousStepInFrame(trace, step);
  const prev = prevStep === null ? null : trace.detail(prevStep);
  const frames = trace.frameStack(step);
  const entry = frames[frames.length - 1].entryStep;
  const index = storageAccessesOf(trace);
  const account = index.accountOf(row.frame);
  return {
    row,
    stack: stack ? [...stack].reverse() : null,
    memoryWords: memory ? memory.length : null,
    memory: memory ? memoryWindow(trace, step, viewport.start, viewport.count) : null,
    changedBytes: memory && prev ? changedByteRanges(prev.memory ?? [], memory) : [],
    storage: index.available
      ? storageEntries(
          index.stateAt(step, account),
          prevStep === null ? null : index.stateAt(prevStep, account),
          index.stateAt(entry, account),
        )
      : null,
    storageNote: storageMismatch(trace),
    frames,
    frameNames: frames.map((f) => names.frame(f)),
    event: names.event(trace, step),
  };
}

function opFlag(op: string): number {
  if (isInClass(op, 'call') || isInClass(op, 'create')) return OVERVIEW_FLAG.call;
  if (isInClass(op, 'sstore')) return OVERVIEW_FLAG.sstore;
  if (isInClass(op, 'log')) return OVERVIEW_FLAG.log;
  if (isInClass(op, 'revert')) return OVERVIEW_FLAG.revert;
  return 0;
}

/** The whole trace squeezed into `buckets` rows: deepest depth, lowest gas and notable ops of each. */
export function overview(trace: Trace, buckets: number): Overview {
  const length = trace.length;
  const n = Math.max(1, Math.min(Math.floor(buckets), MAX_PAGE, length));
  const stepsPerBucket = Math.max(1, Math.ceil(length / n));
  const count = Math.ceil(length / stepsPerBucket);
  const depth = new Array<number>(count).fill(0);
  const gas = new Array<number>(count).fill(1);
  const flags = new Array<number>(count).fill(0);
  const startGas = length > 0 ? Math.max(1, trace.row(0).gas) : 1;
  let maxDepth = 0;
  for (let i = 0; i < length; i++) {
    const r = trace.row(i);
    const b = Math.floor(i / stepsPerBucket);
    if (r.depth > depth[b]) depth[b] = r.depth;
    if (r.depth > maxDepth) maxDepth = r.depth;
    const g = Math.min(1, Math.max(0, r.gas / startGas));
    if (g < gas[b]) gas[b] = g;
    flags[b] |= opFlag(r.op);
  }
  return { length, stepsPerBucket, maxDepth, depth, gas, flags };
}
