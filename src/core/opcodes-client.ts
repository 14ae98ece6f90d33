// Opcode traces: fetched from the mirror's web3 module (or read from a saved body) and decoded while they stream.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, type FileHandle } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ApiError } from './errors';
import type { RequestOptions } from './http';
import { parseTransactionIdOrHash, required } from './ids';
import type { MirrorClient } from './mirror/client';
import { decodeTraceStream, movable, warmDecoder } from './trace/decode-stream';
import type { DecodeOptions } from './trace/decoder';
import { MAX_SAVED_BODY_BYTES } from './trace/limits';
import { fileError, formatMB, openRegularFile } from './trace/trace-file';
import type { ColumnarTrace, TraceParts } from './trace/trace';

export interface FetchTraceOptions {
  /** Stack per step (API default true). */
  stack?: boolean;
  /** Full memory per step (API default false): makes the response far larger and the replay slower. */
  memory?: boolean;
  /** Written storage slots per step (API default false). */
  storage?: boolean;
  signal?: AbortSignal;
  /** Called as the body arrives with the (decompressed) bytes and the steps decoded so far. */
  onProgress?: (bytes: number, steps: number) => void;
  /** Called before each wait after the mirror's 429 (it allows one opcode request per second). */
  onRetry?: RequestOptions['onRetry'];
  /** Also write the raw (decompressed) body to this file; it appears only once the whole trace decoded. */
  saveTo?: string;
  /** Decompressed-size budget of the response (default BODY_LIMITS.trace, 2 GiB): beyond it, ApiError 'too-large'. */
  maxBytes?: number;
  /** At most this many bytes go to `saveTo` (default MAX_SAVED_BODY_BYTES). */
  saveMaxBytes?: number;
  /**
   * A body larger than `saveMaxBytes`: 'fail' the fetch (the default: the user asked for the file) or 'skip' saving
   * it and decode on (a cache: the caller finds no file at `saveTo`).
   */
  whenTooLargeToSave?: 'fail' | 'skip';
}

/**
 * Fetches and decodes the opcode trace of a transaction. The id is checked first, so bad input costs no request;
 * requests to one host are spaced (the mirror allows one opcode request per second).
 */
export async function fetchTrace(mirror: MirrorClient, txIdOrHash: string, options: FetchTraceOptions = {}): Promise<ColumnarTrace> {
  const transaction = required(parseTransactionIdOrHash(txIdOrHash));
  const parts: TraceParts = { stack: options.stack ?? true, memory: options.memory ?? false, storage: options.storage ?? false };
  // The decoder's thread starts (and warms its JIT) while the mirror re-executes the transaction, not at its first byte.
  warmDecoder();
  const response = await mirror.opcodes(transaction, parts, {
    signal: options.signal,
    onRetry: options.onRetry,
    maxBodyBytes: options.maxBytes,
  });
  const decode = { transaction: transaction.value, parts, signal: options.signal, onProgress: options.onProgress };
  if (options.saveTo === undefined) return decodeTraceStream(response.body, decode);
  const file = new BodyFile(options.saveTo, options.saveMaxBytes ?? MAX_SAVED_BODY_BYTES, options.whenTooLargeToSave ?? 'fail');
  try {
    const trace = await decodeTraceStream(file.tee(response.body), decode);
    await file.commit();
    return trace;
  } catch (err) {
    response.body.destroy();
    await file.discard();
    throw err;
  }
}

/** Decodes a saved opcodes response (plain or gzip JSON) with the same streaming decoder. */
export async function decodeTraceFile(path: string, options: DecodeOptions = {}): Promise<ColumnarTrace> {
  const { handle } = await openRegularFile(path);
  try {
    const magic = Buffer.alloc(2);
    await handle.read(magic, 0, 2, 0).catch((err: unknown) => {
      throw fileError(path, err);
    });
    if (magic[0] !== 0x1f || magic[1] !== 0x8b) return await decodeTraceStream(readInPlace(handle, path), options);
    const gunzip = handle.createReadStream({ highWaterMark: FILE_CHUNK, autoClose: false }).pipe(createGunzip());
    try {
      return await decodeTraceStream(readingFile(gunzip, path), options);
    } finally {
      gunzip.destroy();
    }
  } finally {
    await handle.close();
  }
}

/** Bytes read per chunk from disk. */
const FILE_CHUNK = 1 << 18;

/** The file in chunks, each read into a buffer of its own that moves to the decoding worker without a copy. */
async function* readInPlace(handle: FileHandle, path: string): AsyncIterable<Uint8Array> {
  for (;;) {
    const buffer = new Uint8Array(FILE_CHUNK);
    let bytesRead: number;
    try {
      ({ bytesRead } = await handle.read(buffer, 0, buffer.length, null));
    } catch (err) {
      throw fileError(path, err);
    }
    if (bytesRead === 0) return;
    yield movable(bytesRead === FILE_CHUNK ? buffer : buffer.slice(0, bytesRead));
  }
}

async function* readingFile(source: AsyncIterable<Uint8Array>, path: string): AsyncIterable<Uint8Array> {
  try {
    yield* source;
  } catch (err) {
    throw fileError(path, err);
  }
}

/**
 * The raw body written beside the decoder, to `path.partial`, renamed into place only when the trace is complete.
 * It writes at most `maxBytes`: past that it fails the fetch, or stops saving and lets the decoding go on.
 */
class BodyFile {
  private readonly partial: string;
  private readonly out: WriteStream;
  private failure: Error | undefined;
  private written = 0;
  private skipped = false;

  constructor(
    private readonly path: string,
    private readonly maxBytes: number,
    private readonly whenTooLarge: 'fail' | 'skip',
  ) {
    this.partial = `${path}.partial`;
    this.out = createWriteStream(this.partial);
    this.out.on('error', (err) => (this.failure = err));
  }

  async *tee(source: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
    for await (const chunk of source) {
      this.check();
      if (!this.skipped && this.written + chunk.length > this.maxBytes) await this.tooLarge();
      if (!this.skipped) {
        this.written += chunk.length;
        if (!this.out.write(chunk)) await once(this.out, 'drain').catch((err: unknown) => this.fail(err));
      }
      yield chunk;
    }
  }

  async commit(): Promise<void> {
    if (this.skipped) return;
    this.check();
    this.out.end();
    await finished(this.out).catch((err: unknown) => this.fail(err));
    await rename(this.partial, this.path).catch((err: unknown) => this.fail(err));
  }

  private async tooLarge(): Promise<void> {
    if (this.whenTooLarge === 'fail') {
      throw new ApiError(
        'too-large',
        `Not saved: the trace body is larger than the ${formatMB(this.maxBytes)} budget for ${this.path}; nothing was written.`,
      );
    }
    this.skipped = true;
    await this.discard();
  }

  async discard(): Promise<void> {
    this.out.destroy();
    await rm(this.partial, { force: true });
  }

  private check(): void {
    // Once skipped, the stream was destroyed on purpose: writes still in its buffer fail, and that is no failure.
    if (this.failure && !this.skipped) this.fail(this.failure);
  }

  private fail(err: unknown): never {
    throw new ApiError('invalid-input', `Cannot write ${this.path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}
