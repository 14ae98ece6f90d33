// Feeding a body to the trace decoder in the calling thread and checking how it ends: the limits tests of the unit
// tier (small bodies) and of the integration tier (bodies of tens of MB) share these.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../src/core/errors';
import { TraceDecoder } from '../../src/core/trace/decoder';
import type { ColumnarTrace } from '../../src/core/trace/trace';

/** Feeds the chunks; returns the decoded trace, or the error with how many bytes had been fed when it was thrown. */
export function decode(chunks: Iterable<Uint8Array> | string): { trace?: ColumnarTrace; error?: ApiError; fed: number } {
  const decoder = new TraceDecoder();
  let fed = 0;
  try {
    for (const chunk of typeof chunks === 'string' ? [Buffer.from(chunks)] : chunks) {
      fed += chunk.length;
      decoder.write(chunk);
    }
    return { trace: decoder.finish(), fed };
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected an ApiError, got ${err instanceof Error ? err.stack : String(err)}`);
    return { error: err, fed };
  }
}

/** The body is refused as malformed, with `message`; returns the error and the bytes fed until it. */
export function refused(chunks: Iterable<Uint8Array> | string, message: RegExp): { error: ApiError; fed: number } {
  const { error, fed } = decode(chunks);
  assert.ok(error, 'expected the body to be refused');
  assert.equal(error.kind, 'bad-response');
  assert.match(error.message, /^Malformed trace response at byte \d+: /);
  assert.match(error.message, message);
  return { error, fed };
}

/** The body decodes; returns the trace. */
export function decodes(text: string): ColumnarTrace {
  const { trace, error } = decode(text);
  assert.ok(trace, error?.message);
  return trace;
}
