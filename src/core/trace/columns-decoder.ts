// The decoder's part that runs in the worker thread: body bytes to finished columns, the envelope's fields read but
// not validated. Kept apart from decoder.ts so that the worker's bundle holds no zod and starts fast.
import { ApiError } from '../errors';
import { TraceColumns, type ColumnsParts } from './columns-store';
import { MAX_DECODED_BYTES } from './limits';
import { TraceScanner } from './scanner';

/**
 * The newer mirror's truncation marker: an extra last entry whose op is `TRUNCATED` (hiero-mirror-node's
 * OpcodeContext.TRUNCATED_OP; pc, gas and depth 0, its reason a sentence, not hex). Any op name containing
 * "TRUNCAT" in last position counts, so a renamed constant is still caught.
 */
const TRUNCATION_MARKER = /TRUNCAT/i;

/** Push-style decoder: feed body chunks with `write`, then `finishRaw` (the trace worker, trace-worker.ts). */
export class ColumnsDecoder {
  protected readonly columns = new TraceColumns();
  protected readonly scanner = new TraceScanner(this.columns);

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

  /** Ends the body; the columns are then handed over and the envelope's fields read but not validated (the worker's part). */
  finishRaw(): RawColumns & { transferables: ArrayBuffer[] } {
    this.scanner.end();
    const cols = this.columns;
    const last = cols.length - 1;
    const truncated = last >= 0 && TRUNCATION_MARKER.test(cols.opInterner.text(cols.op[last]));
    if (truncated) cols.dropLast();
    const { parts, transferables } = cols.parts();
    return { parts, transferables, fields: this.scanner.envelope, sawOpcodes: this.scanner.sawOpcodes, truncated };
  }
}

/** Decoded columns and the envelope's fields as the body gave them. */
export interface RawColumns {
  parts: ColumnsParts;
  fields: Record<string, unknown>;
  sawOpcodes: boolean;
  truncated: boolean;
}
