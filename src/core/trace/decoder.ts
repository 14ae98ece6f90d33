import { ApiError } from '../errors';
import { TraceColumns } from './columns-store';
import { validateEnvelope, type Envelope } from './envelope';
import { MAX_DECODED_BYTES } from './limits';
import { TraceScanner } from './scanner';
import { ColumnarTrace, type TraceParts } from './trace';

export interface DecodeOptions {
  /** Transaction id or hash shown in the summary ('' when unknown). */
  transaction?: string;
  /** Parts the request asked for; left out, they are inferred from the data. */
  parts?: TraceParts;
  signal?: AbortSignal;
  /** Called after each chunk with the body bytes and steps decoded so far. */
  onProgress?: (bytes: number, steps: number) => void;
}

/**
 * The newer mirror's truncation marker: an extra last entry whose op is `TRUNCATED` (hiero-mirror-node's
 * OpcodeContext.TRUNCATED_OP; pc, gas and depth 0, its reason a sentence, not hex). Any op name containing
 * "TRUNCAT" in last position counts, so a renamed constant is still caught.
 */
const TRUNCATION_MARKER = /TRUNCAT/i;

/**
 * Push-style decoder: feed body chunks with `write`, then `finish`. It runs in the calling thread: the trace worker
 * (trace-worker.ts) and pure tests use it; everything that reads a network or file stream goes through the worker
 * (decode-stream.ts).
 */
export class TraceDecoder {
  private readonly columns = new TraceColumns();
  private readonly scanner = new TraceScanner(this.columns);

  /** @param maxBytes the budget for the decoded columns (tests lower it). */
  constructor(private readonly maxBytes = MAX_DECODED_BYTES) {}

  write(chunk: Uint8Array): void {
    this.scanner.write(chunk);
    if (this.columns.byteSize > this.maxBytes) {
      throw new ApiError(
        'too-large',
        `The trace is too large to hold: after ${this.scanner.bytes} bytes (${this.columns.length} steps) it needs more than the decoder's ${Math.round(this.maxBytes / 1024 / 1024)} MB.`,
      );
    }
  }

  get bytes(): number {
    return this.scanner.bytes;
  }

  get steps(): number {
    return this.columns.length;
  }

  /** Ends the body and validates the envelope; the columns are then finished (what the worker hands back). */
  finishColumns(): DecodedColumns {
    this.scanner.end();
    const envelope = validateEnvelope(this.scanner.envelope, this.scanner.sawOpcodes);
    const cols = this.columns;
    const last = cols.length - 1;
    const truncated = last >= 0 && TRUNCATION_MARKER.test(cols.opInterner.text(cols.op[last]));
    if (truncated) cols.dropLast();
    cols.finish();
    return { columns: cols, envelope, truncated };
  }

  /** Ends the body, validates the envelope and runs the analysis, all in this thread. */
  finish(options: Pick<DecodeOptions, 'transaction' | 'parts'> = {}): ColumnarTrace {
    return traceOf(this.finishColumns(), options);
  }
}

/** Finished columns and the envelope: a decoded body before its analysis. */
export interface DecodedColumns {
  columns: TraceColumns;
  envelope: Envelope;
  truncated: boolean;
}

/** The analysed trace (frames, pc convention, navigation indexes) over decoded columns. */
export function traceOf(decoded: DecodedColumns, options: Pick<DecodeOptions, 'transaction' | 'parts'> = {}): ColumnarTrace {
  const { columns, envelope, truncated } = decoded;
  return new ColumnarTrace(columns, { transaction: options.transaction ?? '', envelope, truncated, parts: options.parts });
}

export function cancelled(): ApiError {
  return new ApiError('cancelled', 'Loading the trace was cancelled.');
}

/** Stream failures other than our own errors are a dropped connection or an unreadable file. */
export function asApiError(err: unknown, signal: AbortSignal | undefined): ApiError {
  if (err instanceof ApiError) return err;
  if (signal?.aborted || (err instanceof Error && err.name === 'AbortError')) return cancelled();
  const detail = err instanceof Error ? err.message : String(err);
  return new ApiError('network', `Reading the trace failed: ${detail}`, { cause: err });
}
