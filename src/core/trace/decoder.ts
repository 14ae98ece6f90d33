// The trace decoder as one object in the calling thread (tests and small bodies), and the steps after decoding
// that run in the host: the envelope's check, the analysis into a ColumnarTrace, and the errors a stream ends in.
import { ApiError } from '../errors';
import { TraceColumns } from './columns-store';
import { ColumnsDecoder, type RawColumns } from './columns-decoder';
import { validateEnvelope, type Envelope } from './envelope';
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
 * Push-style decoder in the calling thread: feed body chunks with `write`, then `finish`. Pure tests use it;
 * everything that reads a network or file stream goes through the worker (decode-stream.ts).
 */
export class TraceDecoder extends ColumnsDecoder {
  /** Ends the body, validates the envelope and runs the analysis, all in this thread. */
  finish(options: Pick<DecodeOptions, 'transaction' | 'parts'> = {}): ColumnarTrace {
    return traceOf(validated(this.finishRaw()), options);
  }
}

/** Validates the envelope (zod, so in the host: the worker's bundle stays small and starts fast). */
export function validated({ parts, fields, sawOpcodes, truncated }: RawColumns): DecodedColumns {
  const envelope = validateEnvelope(fields, sawOpcodes);
  return { columns: new TraceColumns(parts), envelope, truncated };
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
