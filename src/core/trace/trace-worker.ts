// The trace decoder's worker thread (bundled as dist/trace-worker.js): decodes the chunks the host sends and hands
// back the finished columns, then waits for the next body with a fresh decoder (the host keeps one worker warm, so
// its compiled code serves every trace). Whatever a hostile body does here (a bound the scanner missed, a decoder
// defect, the heap budget of resourceLimits) ends this thread, not the extension host or the CLI; after any error
// the host replaces the thread rather than trust what is left of it. Nothing here loads zod: the host validates the
// envelope, and a small bundle starts fast.
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../errors';
import { ColumnsDecoder } from './columns-decoder';
import { warmUp } from './warm-up';
import type { FromWorker, ToWorker } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('trace-worker.js runs as a worker thread only.');
let decoder = new ColumnsDecoder();
let failed = false;
/** Until the first real message: the JIT warms up on a synthetic body meanwhile (warm-up.ts). */
let waiting = true;
void warmUp(() => !waiting);

const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

port.on('message', (message: ToWorker) => {
  waiting = false;
  if (failed) return;
  try {
    if (message.type === 'chunk') {
      decoder.write(message.data);
      post({ type: 'progress', bytes: decoder.bytes, steps: decoder.steps });
      return;
    }
    const { columns, fields, sawOpcodes, truncated } = decoder.finishRaw();
    decoder = new ColumnsDecoder();
    const { parts, transferables } = columns.parts();
    post({ type: 'done', parts, fields, sawOpcodes, truncated }, transferables);
  } catch (err) {
    failed = true;
    if (err instanceof ApiError) post({ type: 'error', kind: err.kind, message: err.message });
    else
      post({
        type: 'error',
        kind: 'bad-response',
        message: `The trace decoder failed at byte ${decoder.bytes}: ${err instanceof Error ? err.message : String(err)}`,
      });
  }
});
