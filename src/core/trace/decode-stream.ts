// Decoding a trace stream (HTTP response or file) off the calling thread: the bytes go to a worker thread with its
// own heap budget, the finished columns come back as transferred buffers, and only the analysis (one linear pass,
// bounded by limits.ts) runs here. Inside VS Code the calling thread is the extension host, shared by every
// extension in the window: a decoder defect or a bomb must end one worker, never that thread.
import { addAbortSignal, Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../errors';
import { workerScript } from '../worker-script';
import { asApiError, cancelled, traceOf, validated, type DecodedColumns, type DecodeOptions } from './decoder';
import { WORKER_HEAP_MB } from './limits';
import type { ColumnarTrace } from './trace';
import type { FromWorker, ToWorker } from './worker-protocol';

/** Chunks whose buffer nobody else holds: they move to the worker instead of being copied (see `movable`). */
const MOVABLE = new WeakSet<ArrayBufferLike>();

/** Marks a chunk the caller will never touch again, whose buffer it alone holds: it is transferred, not copied. */
export function movable(chunk: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  if (chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength) MOVABLE.add(chunk.buffer);
  return chunk;
}

/** Body bytes sent but not yet decoded: enough to keep the worker busy (16 file chunks), little enough to bound memory. */
const IN_FLIGHT_BYTES = 4 * 1024 * 1024;

/**
 * One decoder thread, decoding one body after another: the first body pays for the thread's start and the JIT's
 * warm-up, the next ones do not. Every failure of the thread becomes the typed error the caller sees; after any
 * failure (an error, a hostile body, a cancel or time-out mid-body) the thread is not reused (see `decodeTraceStream`).
 */
export class DecoderWorker {
  private readonly worker: Worker;
  private sent = 0;
  private decoded = 0;
  private failure: ApiError | undefined;
  private exited = false;
  private synced = false;
  private result: DecodedColumns | undefined;
  private onProgress: ((bytes: number, steps: number) => void) | undefined;
  /** Resolves the caller waiting for room in the window, for the result, or for a failure. */
  private wake: (() => void) | undefined;

  /** @param script the worker's code (tests replace it to see a worker fail as a defect would make it fail). */
  constructor(onProgress?: (bytes: number, steps: number) => void, script = workerScript('trace/trace-worker', 'trace decoder')) {
    this.onProgress = onProgress;
    this.worker = new Worker(script.code, {
      eval: script.eval,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    this.worker.on('message', (message: FromWorker) => this.receive(message));
    this.worker.on('error', (err: Error & { code?: string }) => {
      this.fail(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ApiError('bad-response', `The trace decoder ran out of its ${WORKER_HEAP_MB} MB memory budget at byte ${this.decoded}.`, {
              cause: err,
            })
          : new ApiError('bad-response', `The trace decoder failed at byte ${this.decoded}: ${err.message}`, { cause: err }),
      );
    });
    this.worker.on('exit', (code) => {
      this.exited = true;
      this.fail(new ApiError('bad-response', `The trace decoder stopped unexpectedly (exit code ${code}) at byte ${this.decoded}.`));
    });
  }

  /** The thread's id: the same from one body to the next while the worker is reused. */
  get threadId(): number {
    return this.worker.threadId;
  }

  /** Whether the next body may be decoded here: the last one ended in its result and the thread is alive. */
  get reusable(): boolean {
    return !this.failure && !this.exited && (this.result !== undefined || this.sent === 0);
  }

  /** Takes the next body: resets the window, holds the process open while it decodes. */
  begin(onProgress?: (bytes: number, steps: number) => void): void {
    this.onProgress = onProgress;
    this.sent = 0;
    this.decoded = 0;
    this.result = undefined;
    this.worker.ref();
  }

  /** Between bodies: an idle thread never keeps the CLI (or any process) from exiting. */
  park(): void {
    this.onProgress = undefined;
    this.worker.unref();
  }

  /** Sends a chunk (copied unless marked movable: a source may reuse its buffer); waits while the window is full. */
  async write(chunk: Uint8Array): Promise<void> {
    this.check();
    const data = MOVABLE.has(chunk.buffer) ? chunk : new Uint8Array(chunk);
    this.sent += data.byteLength;
    this.post({ type: 'chunk', data }, [data.buffer as ArrayBuffer]);
    while (this.sent - this.decoded > IN_FLIGHT_BYTES) await this.next();
  }

  async end(): Promise<DecodedColumns> {
    this.check();
    this.post({ type: 'end' });
    while (!this.result) await this.next();
    return this.result;
  }

  /** Waits until every chunk sent is decoded; throws the decoder's error if one of them was refused. */
  async settle(): Promise<void> {
    this.check();
    if (this.exited) return;
    this.synced = false;
    this.post({ type: 'sync' });
    while (!this.synced) await this.next();
  }

  terminate(): Promise<number> {
    this.worker.removeAllListeners('exit');
    this.exited = true;
    return this.worker.terminate();
  }

  private post(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(message, transfer);
  }

  private receive(message: FromWorker): void {
    switch (message.type) {
      case 'progress':
        this.decoded = message.bytes;
        this.onProgress?.(message.bytes, message.steps);
        break;
      case 'done':
        // The worker reports progress now and then; the end of the body is always reported, once.
        if (message.bytes > this.decoded) this.onProgress?.(message.bytes, message.steps);
        this.decoded = message.bytes;
        try {
          this.result = validated({
            parts: message.parts,
            fields: message.fields,
            sawOpcodes: message.sawOpcodes,
            truncated: message.truncated,
          });
        } catch (err) {
          this.fail(err instanceof ApiError ? err : new ApiError('bad-response', String(err)));
          return;
        }
        break;
      case 'synced':
        this.synced = true;
        break;
      case 'error':
        this.fail(new ApiError(message.kind, message.message));
        return;
    }
    this.notify();
  }

  private fail(err: ApiError): void {
    this.failure ??= err;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private next(): Promise<void> {
    return new Promise<void>((resolve) => (this.wake = resolve)).then(() => this.check());
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }
}

/**
 * The warm decoder: one idle worker kept for the life of the process (extension host, debug adapter, CLI), parked
 * (unref'd) between bodies. A second body decoded while the first is still decoding gets a thread of its own, ended
 * after its body, so two panels opening at once never wait for each other.
 */
let idle: DecoderWorker | undefined;

function takeWorker(onProgress?: (bytes: number, steps: number) => void): DecoderWorker {
  const warm = idle?.reusable ? idle : undefined;
  if (idle && !warm) void idle.terminate();
  idle = undefined;
  const worker = warm ?? new DecoderWorker();
  worker.begin(onProgress);
  return worker;
}

function giveBack(worker: DecoderWorker): void {
  if (worker.reusable && !idle) {
    worker.park();
    idle = worker;
  } else void worker.terminate();
}

/**
 * Starts the decoder's thread ahead of the first body, so its start overlaps the request (the CLI calls it before it
 * sends one). Does nothing when a warm worker is already waiting.
 */
export function warmDecoder(): void {
  if (idle?.reusable) return;
  giveBack(takeWorker());
}

/** The warm worker's thread id, if one is waiting (tests: reuse and replacement). */
export function warmDecoderThreadId(): number | undefined {
  return idle?.reusable ? idle.threadId : undefined;
}

/** Ends the warm worker (deactivation); the next decode starts a new one. */
export async function closeDecoder(): Promise<void> {
  const worker = idle;
  idle = undefined;
  await worker?.terminate();
}

/**
 * Decodes a body stream in the warm worker. Each chunk is handed over before the next is requested, so a source may
 * reuse one buffer. Cancelling destroys the stream and drops everything decoded; a worker that did not finish its
 * body cleanly (an error, a hostile body, a cancel) is ended and the next decode gets a fresh one.
 */
export async function decodeTraceStream(
  source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: DecodeOptions = {},
): Promise<ColumnarTrace> {
  const { signal } = options;
  if (signal?.aborted) throw cancelled();
  if (signal && source instanceof Readable) addAbortSignal(signal, source);
  const worker = takeWorker(options.onProgress);
  try {
    for await (const chunk of source) {
      if (signal?.aborted) throw cancelled();
      await worker.write(chunk);
    }
    if (signal?.aborted) throw cancelled();
    const decoded = await worker.end();
    return traceOf(decoded, options);
  } catch (err) {
    // The body ended in an error (the server closed the connection, the network failed, a budget ran out): if the
    // decoder refuses bytes that arrived before it, its verdict is the answer. Waited for, so the error reported
    // never depends on which of the two came first (a busy machine decodes later, not differently).
    if (!signal?.aborted) await worker.settle();
    throw asApiError(err, signal);
  } finally {
    giveBack(worker);
  }
}
