// Asserting on the core's one error type: the kind callers switch on, and a message that fits one line.
import { strict as assert } from 'node:assert';
import { ApiError, type ErrorKind } from '../../src/core/errors';

/** Awaits `promise`, which must reject with an ApiError of `kind` and a one-line message; returns that error. */
export async function rejectsWith(promise: Promise<unknown>, kind: ErrorKind): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected an ApiError, got ${String(err)}`);
    assert.equal(err.kind, kind, err.message);
    assert.ok(!err.message.includes('\n'), 'one line');
    return err;
  }
  assert.fail(`expected a '${kind}' error`);
}
