// Every way opening a trace can fail reads as the server's words plus a next step worth trying.
import { strict as assert } from 'node:assert';
import { ApiError, type ErrorKind } from '../../../../src/core/errors';
import { describeTraceProblem, type NextAction } from '../../../../src/extension/trace/problems';

const ctx = { network: 'testnet', transaction: '0.0.2-1700000000-000000001', heavy: false };
const server = (kind: ErrorKind, message: string, status?: number) =>
  new ApiError(kind, message, { status, messages: [{ message: 'Transaction not found', detail: 'by the mirror' }] });

describe('stepper: trace problems', () => {
  const cases: Array<[ErrorKind, NextAction[], RegExp]> = [
    ['endpoint-disabled', ['selectNetwork', 'showLog'], /not available on testnet.*another network/],
    ['rate-limited', ['retry'], /429 Too Many Requests after several retries/],
    ['busy', ['retry'], /is busy tracing other transactions and refused this one, also after several retries/],
    ['server', ['retry', 'showLog'], /HTTP 503/],
    ['timeout', ['retry', 'increaseTimeout'], /did not answer in time/],
    ['network', ['retry', 'selectNetwork', 'showLog'], /Could not reach the mirror for testnet/],
    ['truncated', ['retry', 'showLog'], /^The mirror closed the connection before the whole trace arrived/],
    ['too-large', ['showLog'], /^The trace is larger than this extension accepts/],
    ['moved', ['selectNetwork', 'showLog'], /^The mirror for testnet redirects to another address, which is not followed/],
    ['bad-response', ['showLog'], /not a trace this extension can read/],
  ];
  for (const [kind, actions, text] of cases) {
    it(`${kind}: says what happened, quotes the server and offers ${actions.join(', ')}`, () => {
      const p = describeTraceProblem(server(kind, 'Request failed.', 503), ctx);
      assert.equal(p.severity, 'error');
      assert.match(p.message, text);
      assert.match(p.message, /Transaction not found: by the mirror/);
      assert.deepEqual(p.actions, actions);
    });
  }

  it('not-found: says it once, without the request URL, and offers selectNetwork, retry', () => {
    const err = new ApiError(
      'not-found',
      'Not found — HTTP 404: Not Found: Transaction not found: x (GET https://testnet.mirrornode.hedera.com/api/v1/contracts/results/x/opcodes)',
      {
        status: 404,
        messages: [{ message: 'Not Found', detail: 'Transaction not found: x' }],
      },
    );
    const p = describeTraceProblem(err, ctx);
    assert.equal(
      p.message,
      'Transaction 0.0.2-1700000000-000000001 was not found on testnet (HTTP 404). Check the id, or whether it belongs to another network.',
    );
    assert.deepEqual(p.actions, ['selectNetwork', 'retry']);
  });

  it('offers a lighter retry when memory or storage was asked for and the server struggled', () => {
    for (const kind of ['server', 'timeout'] as const) {
      assert.ok(describeTraceProblem(new ApiError(kind, 'x'), { ...ctx, heavy: true }).actions.includes('retryLighter'));
    }
    assert.ok(!describeTraceProblem(new ApiError('not-found', 'x'), { ...ctx, heavy: true }).actions.includes('retryLighter'));
  });

  it('treats cancelling as information, not an error', () => {
    const p = describeTraceProblem(new ApiError('cancelled', 'Loading the trace was cancelled.'), ctx);
    assert.deepEqual([p.severity, p.actions], ['info', []]);
  });

  it('does not repeat a server message our own sentence already contains', () => {
    const err = new ApiError('invalid-input', 'The mirror rejected the request: Invalid parameter', {
      messages: [{ message: 'Invalid parameter' }],
    });
    assert.equal(describeTraceProblem(err, ctx).message, 'The mirror rejected the request: Invalid parameter');
  });

  it('reports an unexpected failure with its message', () => {
    assert.match(describeTraceProblem(new Error('disk full'), ctx).message, /0\.0\.2-1700000000-000000001 failed: disk full/);
  });
});
