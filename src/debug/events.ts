// The Events scope: the logs the current call frame has emitted up to the step, named as the trace panel names them
// (core/session/names: topics from the stack, data from memory or the mirror's kept logs, ABIs of the build output).
import type { TraceNames } from '../core/session/names';
import type { Trace } from '../shared/trace-model';
import type { Variable } from './variables';

/** Most events one scope lists (a loop can emit millions). */
const MAX_EVENTS = 256;
const LOG_OP = /^LOG[0-4]$/;

export function eventVariables(trace: Trace, names: TraceNames, step: number, traceFrame: number): Variable[] | string {
  const frame = trace.frame(traceFrame);
  // A post-op recording shows a step after it ran: the LOG at the current step has emitted already.
  const last = trace.summary.pcConvention === 'post-op' ? step : step - 1;
  const out: Variable[] = [];
  let more = 0;
  for (let s = frame.entryStep; s <= Math.min(last, frame.exitStep);) {
    const row = trace.row(s);
    if (LOG_OP.test(row.op) && row.frame === traceFrame) {
      if (out.length === MAX_EVENTS) more++;
      else {
        const event = names.event(trace, s);
        const text = event?.name ?? `${row.op}${event?.topics.length ? ` topics ${event.topics.join(', ')}` : ''}`;
        out.push({ name: `${out.length}`, value: text, type: `step ${s}${event?.contract ? `, ${event.contract}` : ''}` });
      }
    }
    const next = trace.navigate(s, { kind: 'class', opClass: 'log' });
    if (next <= s) break;
    s = next;
  }
  if (more) out.push({ name: '…', value: `${more} more` });
  return out.length ? out : 'No events emitted by this call so far.';
}
