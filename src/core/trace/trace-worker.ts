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
/**
 * The first transfer out of this thread (the first body's columns, in `done`) detaches ArrayBuffers, and V8's first
 * detach in an isolate throws away every optimised function that reads a typed array: they were compiled on the
 * promise that no buffer is ever detached (V8's ArrayBufferDetaching protector). Profiled at 20k steps, that sent the
 * whole scanner back to the interpreter at the end of the first body (`--trace-deopt`: 15 functions deoptimised for
 * "code dependencies" at once), so the second body decoded 2–4× slower than the third while V8 compiled it all
 * again. Detaching one empty buffer here, before anything is compiled, keeps that promise from ever being made.
 */
function detachOnce(): void {
  const buffer = new ArrayBuffer(0);
  structuredClone(buffer, { transfer: [buffer] });
}
detachOnce();
let decoder = new ColumnsDecoder();
let failed = false;
/** Until the first real message: the JIT warms up on a synthetic body meanwhile (warm-up.ts). */
let waiting = true;
void warmUp(() => !waiting);

const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

/**
 * Progress goes back once per PROGRESS_BYTES decoded, or after PROGRESS_MS for a slow stream, not after every chunk:
 * timed in the worker at 20k steps (34 file chunks), a message per chunk spent 10–80 ms of each body in postMessage
 * on this shared 2-core machine, as much as the decoding itself once warm, and woke the host as often. The host's in-flight window (4 MB) is larger
 * than PROGRESS_BYTES, so its writes never wait on a report that is not coming; `done` carries the final count.
 */
const PROGRESS_BYTES = 1024 * 1024;
const PROGRESS_MS = 100;
let reportedBytes = 0;
/** -Infinity: a body's first chunk is reported at once, however soon after the thread started it comes. */
let reportedAt = -Infinity;

function reportProgress(): void {
  const now = performance.now();
  if (decoder.bytes - reportedBytes < PROGRESS_BYTES && now - reportedAt < PROGRESS_MS) return;
  reportedBytes = decoder.bytes;
  reportedAt = now;
  post({ type: 'progress', bytes: decoder.bytes, steps: decoder.steps });
}

/** How much of a body's opening the worker keeps to rehearse (see `rehearse`): a hundred steps or so. */
const OPENING_BYTES = 64 * 1024;
/** The current body's first OPENING_BYTES, as the chunks cut them. */
let opening: Uint8Array[] = [];

/**
 * Decodes the opening of the body just handed over once more, into a decoder of its own that is then dropped. Some
 * paths run once per body (the envelope, the first step's keys read without the previous step's order, the chunk's
 * first cut): V8 optimises the scanner in the middle of a body, without type feedback for them, and deoptimises it
 * when the next body takes them. Profiled at 20k steps, that sent step() back to the interpreter at the second
 * body's first step while TurboFan compiled it again. Rehearsed here, that happens while the host analyses the body
 * just handed over. The opening of a real body, not a synthetic one: a synthetic body with memory and storage
 * deoptimised the code that a stack-only trace had made fast. The opening decoded once already, so it cannot fail
 * here; its bytes and steps count nowhere.
 */
function rehearse(): void {
  const rehearsal = new ColumnsDecoder();
  for (const piece of opening) rehearsal.write(piece);
  opening = [];
}

port.on('message', (message: ToWorker) => {
  waiting = false;
  if (failed) return;
  try {
    if (message.type === 'chunk') {
      const kept = OPENING_BYTES - decoder.bytes;
      if (kept > 0) opening.push(message.data.slice(0, kept));
      decoder.write(message.data);
      reportProgress();
      return;
    }
    // A failed body's error was posted before this answer would be: the host sees it instead.
    if (message.type === 'sync') return post({ type: 'synced', bytes: decoder.bytes });
    const { bytes, steps } = decoder;
    const { parts, transferables, fields, sawOpcodes, truncated } = decoder.finishRaw();
    decoder = new ColumnsDecoder();
    reportedBytes = 0;
    reportedAt = -Infinity;
    post({ type: 'done', bytes, steps, parts, fields, sawOpcodes, truncated }, transferables);
    rehearse();
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
