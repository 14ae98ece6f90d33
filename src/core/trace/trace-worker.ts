// The trace decoder's worker thread (bundled as dist/trace-worker.js): decodes the chunks the host sends and hands
// back the finished columns. Whatever a hostile body does here (a bound the scanner missed, a decoder defect, the
// heap budget of resourceLimits) ends this thread, not the extension host or the CLI.
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../errors';
import { TraceDecoder } from './decoder';
import type { FromWorker, ToWorker } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('trace-worker.js runs as a worker thread only.');
const decoder = new TraceDecoder();
let failed = false;

const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

port.on('message', (message: ToWorker) => {
  if (failed) return;
  try {
    if (message.type === 'chunk') {
      decoder.write(message.data);
      post({ type: 'progress', bytes: decoder.bytes, steps: decoder.steps });
      return;
    }
    const { columns, envelope, truncated } = decoder.finishColumns();
    const { parts, transferables } = columns.parts();
    post({ type: 'done', parts, envelope, truncated }, transferables);
  } catch (err) {
    failed = true;
    if (err instanceof ApiError) post({ type: 'error', kind: err.kind, message: err.message });
    else post({ type: 'error', kind: 'bad-response', message: `The trace decoder failed at byte ${decoder.bytes}: ${err instanceof Error ? err.message : String(err)}` });
  }
});
