import { strict as assert } from 'node:assert';
import { setTimeout as sleep } from 'node:timers/promises';
import { LatestOnly } from '../../../src/extension/source/latest-only';

interface Run {
  value: number;
  start: number;
}

function recorder(workMs = 0) {
  const runs: Run[] = [];
  const errors: unknown[] = [];
  let active = 0;
  let maxActive = 0;
  const latest = new LatestOnly<number>(
    async (value) => {
      active++;
      maxActive = Math.max(maxActive, active);
      runs.push({ value, start: Date.now() });
      try {
        if (value < 0) throw new Error(`bad ${value}`);
        if (workMs) await sleep(workMs);
      } finally {
        active--;
      }
    },
    50,
    (err) => errors.push(err),
  );
  return { latest, runs, errors, maxActive: () => maxActive };
}

describe('latest-only updates (the editor following a held stepping key)', () => {
  it('a burst of a thousand steps is one run, with the last step, and pushing never runs the work', async () => {
    const { latest, runs } = recorder();
    for (let i = 0; i < 1000; i++) latest.push(i);
    assert.equal(runs.length, 0, 'push returns before any work');
    await latest.settled();
    assert.deepEqual(runs.map((r) => r.value), [999]);
  });

  it('steps arriving while work runs: never two at once, at most one run per interval, the last step shown', async () => {
    const { latest, runs, maxActive } = recorder(20);
    const started = Date.now();
    for (let i = 0; Date.now() - started < 400; i++) {
      latest.push(i);
      await sleep(2);
    }
    latest.push(100_000);
    await latest.settled();
    assert.equal(maxActive(), 1);
    assert.equal(runs.at(-1)?.value, 100_000);
    for (let k = 1; k < runs.length; k++) assert.ok(runs[k].start - runs[k - 1].start >= 49, `runs ${k - 1} and ${k} are ${runs[k].start - runs[k - 1].start} ms apart`);
    assert.ok(runs.length <= 400 / 50 + 3, `${runs.length} runs for 400 ms of steps`);
  });

  it('drops what a closed source queued, and settles', async () => {
    const { latest, runs } = recorder(30);
    latest.push(1);
    await sleep(5); // 1 is running
    latest.push(2);
    latest.drop((v) => v === 2);
    await latest.settled();
    assert.deepEqual(runs.map((r) => r.value), [1]);
  });

  it('a failing run is reported and the next step still runs', async () => {
    const { latest, runs, errors } = recorder();
    latest.push(-1);
    await latest.settled();
    latest.push(7);
    await latest.settled();
    assert.deepEqual(runs.map((r) => r.value), [-1, 7]);
    assert.equal(errors.length, 1);
    assert.match(String(errors[0]), /bad -1/);
  });

  it('settled() is immediate when nothing is queued, and dispose() releases waiters', async () => {
    const { latest, runs } = recorder();
    await latest.settled();
    latest.push(1);
    const waiting = latest.settled();
    latest.dispose();
    await waiting;
    await sleep(60);
    assert.deepEqual(runs, []);
  });
});
