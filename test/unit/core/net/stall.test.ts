import { strict as assert } from 'node:assert';
import { ProgressMeter } from '../../../../src/core/net/stall';

const RULE = { windowMs: 3000, minBytesPerSecond: 1024 };

describe('stall rule', () => {
  it('never judges a window before it is full', () => {
    const m = new ProgressMeter(RULE, 0);
    assert.equal(m.check(2999), undefined);
  });

  it('ends a body trickling one byte every 2 s at the end of the first window', () => {
    const m = new ProgressMeter(RULE, 0);
    m.record(1); // t = 0
    assert.equal(m.check(2000), undefined);
    m.record(1); // t = 2 s
    assert.deepEqual(m.check(3000), { bytes: 2, ms: 3000, needed: 3072 });
  });

  it('ends a silent body', () => {
    const m = new ProgressMeter(RULE, 0);
    assert.deepEqual(m.check(3500), { bytes: 0, ms: 3500, needed: 3584 });
  });

  it('accepts a body at the minimum rate, window after window', () => {
    const m = new ProgressMeter(RULE, 0);
    for (let w = 1; w <= 5; w++) {
      m.record(3072);
      assert.equal(m.check(w * 3000), undefined, `window ${w}`);
    }
    assert.equal(m.total, 5 * 3072);
  });

  it('judges each window on its own: a fast start does not pay for a later trickle', () => {
    const m = new ProgressMeter(RULE, 0);
    m.record(1_000_000);
    assert.equal(m.check(3000), undefined);
    m.record(10);
    assert.ok(m.check(6000), 'the second window fell short');
  });
});
