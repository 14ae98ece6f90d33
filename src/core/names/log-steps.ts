// The log a LOGn step emits, for naming it as an event: read from the trace itself (topics from the stack, data
// from memory, when the trace has them) or, without memory, taken from the mirror's contract result, whose logs are
// the LOG steps that survived (none inside a frame that reverted), in order.
import type { ContractResultLog } from '../contract-results';
import type { Trace } from '../../shared/trace-model';
import { stackWordValue } from '../../shared/stack-words';

export interface StepLog {
  /** `0x` + 64 hex each, the event's topic first. */
  topics: string[];
  /** `0x`-hex data; null when the trace has no memory to read it from. */
  data: string | null;
}

/** Data beyond this is not read from memory (a LOG can name any length; the event decoder needs only what it encodes). */
const MAX_LOG_DATA = 1 << 20;

const LOG_OP = /^LOG([0-4])$/;

/**
 * The log of `step` from the trace's stack and memory; null when the step is not a LOGn or the stack is missing.
 * Post-op traces (the mirror's) record a step's state after it ran, so the arguments are read from the step before.
 */
export function logAtStep(trace: Pick<Trace, 'row' | 'detail' | 'summary' | 'length'>, step: number): StepLog | null {
  if (step < 0 || step >= trace.length) return null;
  const row = trace.row(step);
  const op = LOG_OP.exec(row.op);
  if (!op) return null;
  const before = trace.summary.pcConvention === 'post-op' ? step - 1 : step;
  if (before < 0 || trace.row(before).frame !== row.frame) return null;
  const { stack, memory } = trace.detail(before);
  const count = Number(op[1]);
  if (!stack || stack.length < 2 + count) return null;
  const item = (fromTop: number) => stackWordValue(stack[stack.length - 1 - fromTop]);
  const topics = Array.from(
    { length: count },
    (_, i) =>
      `0x${item(2 + i)
        .toString(16)
        .padStart(64, '0')}`,
  );
  const offset = item(0);
  const size = item(1);
  if (!memory || size > BigInt(MAX_LOG_DATA) || offset > BigInt(Number.MAX_SAFE_INTEGER)) return { topics, data: null };
  return { topics, data: `0x${memorySlice(memory, Number(offset), Number(size))}` };
}

/** `size` bytes of memory (32-byte words as `0x`-hex) from `offset`; bytes past the end read as zero, as the EVM does. */
function memorySlice(words: readonly string[], offset: number, size: number): string {
  let hex = '';
  for (let byte = offset; byte < offset + size; byte++) {
    const word = words[Math.floor(byte / 32)];
    const at = 2 + (byte % 32) * 2;
    hex += word && word.length >= at + 2 ? word.slice(at, at + 2) : '00';
  }
  return hex;
}

/**
 * The LOG steps whose logs the chain kept, in order, paired with the mirror's logs: for naming LOG steps of a trace
 * fetched without memory. Built once per trace (it visits each LOG step once).
 */
export class ResultLogs {
  private readonly byStep = new Map<number, ContractResultLog>();

  constructor(trace: Pick<Trace, 'row' | 'navigate' | 'frameStack' | 'length'>, logs: readonly ContractResultLog[]) {
    const sorted = [...logs].sort((a, b) => a.index - b.index);
    let next = 0;
    for (let step = firstLog(trace); step !== -1 && next < sorted.length; step = nextLog(trace, step)) {
      if (trace.frameStack(step).some((f) => f.reverted)) continue;
      this.byStep.set(step, sorted[next++]);
    }
  }

  /** The mirror's log for a LOG step, if the chain kept it. */
  at(step: number): ContractResultLog | undefined {
    return this.byStep.get(step);
  }
}

function firstLog(trace: Pick<Trace, 'row' | 'navigate' | 'length'>): number {
  if (trace.length === 0) return -1;
  return LOG_OP.test(trace.row(0).op) ? 0 : nextLog(trace, 0);
}

function nextLog(trace: Pick<Trace, 'row' | 'navigate'>, step: number): number {
  const next = trace.navigate(step, { kind: 'class', opClass: 'log' });
  return next === step || !LOG_OP.test(trace.row(next).op) ? -1 : next;
}
