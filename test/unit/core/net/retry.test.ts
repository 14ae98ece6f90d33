import { strict as assert } from 'node:assert';
import { backoffMs, retryAfterMs, retryDecision, type RetryPolicy } from '../../../../src/core/net/retry';

const POLICY: RetryPolicy = { maxRetries: 3, backoffBaseMs: 500, backoffMaxMs: 8000 };
const low = () => 0;
const high = () => 0.999999;

describe('429 retry policy', () => {
  it('reads Retry-After as seconds or an HTTP date, else undefined', () => {
    assert.equal(retryAfterMs('2'), 2000);
    assert.equal(retryAfterMs(' 0 '), 0);
    assert.equal(retryAfterMs(['3', '9']), 3000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(retryAfterMs(new Date(1_000).toUTCString(), 4_000), 0, 'a date in the past means now');
    assert.equal(retryAfterMs('soon'), undefined);
    assert.equal(retryAfterMs('-5'), undefined);
    assert.equal(retryAfterMs(undefined), undefined);
  });

  it('backs off exponentially with equal jitter, capped', () => {
    assert.equal(backoffMs(0, POLICY, low), 250);
    assert.ok(backoffMs(0, POLICY, high) < 500);
    assert.equal(backoffMs(2, POLICY, low), 1000);
    assert.equal(backoffMs(10, POLICY, low), 4000, 'half the cap at least');
    assert.ok(backoffMs(10, POLICY, high) <= 8000);
  });

  it('waits what Retry-After asks plus at most 10 % jitter', () => {
    assert.deepEqual(retryDecision(0, 2000, POLICY, low), { retry: true, delayMs: 2000 });
    const d = retryDecision(0, 2000, POLICY, high);
    assert.ok(d.retry && d.delayMs >= 2000 && d.delayMs < 2200);
  });

  it('uses back-off when the server gives no hint', () => {
    assert.deepEqual(retryDecision(1, undefined, POLICY, low), { retry: true, delayMs: 500 });
  });

  it('stops after maxRetries retries', () => {
    assert.equal(retryDecision(2, undefined, POLICY, low).retry, true);
    assert.deepEqual(retryDecision(3, undefined, POLICY, low), { retry: false, reason: 'exhausted' });
  });

  it('stops at once when Retry-After asks for more than the longest wait', () => {
    assert.deepEqual(retryDecision(0, 3_600_000, POLICY, low), { retry: false, reason: 'wait-too-long', waitMs: 3_600_000 });
  });
});
