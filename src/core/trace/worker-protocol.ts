// Messages between the host and the trace-decoding worker (decode-stream.ts ⇄ trace-worker.ts).
import type { ErrorKind } from '../errors';
import type { ColumnsParts } from './columns-store';

/**
 * Host → worker: body chunks (their buffers transferred), then the end of the body; then the next body's. `sync`
 * asks for `synced` once every chunk before it is decoded (the host's wait for the decoder's verdict on a body the
 * transport cut short).
 */
export type ToWorker = { type: 'chunk'; data: Uint8Array } | { type: 'end' } | { type: 'sync' };

/**
 * Worker → host: progress now and then (trace-worker.ts), then the body's byte and step counts and its finished
 * columns (buffers transferred) with the envelope's fields as read (the host validates them), or the typed error.
 */
export type FromWorker =
  | { type: 'progress'; bytes: number; steps: number }
  | {
      type: 'done';
      bytes: number;
      steps: number;
      parts: ColumnsParts;
      fields: Record<string, unknown>;
      sawOpcodes: boolean;
      truncated: boolean;
    }
  | { type: 'synced'; bytes: number }
  | { type: 'error'; kind: ErrorKind; message: string };
