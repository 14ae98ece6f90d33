// The editor following a held stepping key, on a hand-driven clock.
import { strict as assert } from 'node:assert';
import { LatestOnly } from '../../../../src/extension/source/latest-only';
import { FakeClock } from '../../../helpers/fake-clock';

interface Run {
  value: number;
  start: number;
}

const QUIET_MS = 100;
const MAX_WAIT_MS = 1000;

function recorder(workMs = 0) {
  const clock = new FakeClock();
  const runs: Run[] = [];
  const errors: unknown[] = [];
  let active = 0;
  let maxActive = 0;
  const latest = new LatestOnly<number>(
    async (value) => {
      active++;
      maxActive = Math.max(maxActive, active);
      runs.push({ value, start: clock.now() });
      try {
        if (value < 0) throw new Error(`bad ${value}`);
        if (workMs) await clock.sleep(workMs);
      } finally {
        active--;
      }
    },
    { quietMs: QUIET_MS, maxWaitMs: MAX_WAIT_MS },
    (err) => errors.push(err),
    clock,
  );
  /** Runs every timer, then waits for `settled()`. */
  const finish = async () => {
    const settled = latest.settled();
    await clock.runAll();
    await settled;
  };
  return { clock, latest, runs, errors, finish, maxActive: () => maxActive };
}

describe('latest-only updates (the editor following a held stepping key)', () => {
  it('a burst of a thousand steps is one run, with the last step, and pushing never runs the work', async () => {
    const { latest, runs, finish } = recorder();
    for (let i = 0; i < 1000; i++) latest.push(i);
    assert.equal(runs.length, 0, 'push returns before any work');
    await finish();
    assert.deepEqual(
      runs.map((r) => r.value),
      [999],
    );
  });

  it('a single step runs once the stream has been still for the quiet spell, not before', async () => {
    const { clock, latest, runs } = recorder();
    latest.push(1);
    await clock.advance(QUIET_MS - 1);
    assert.deepEqual(runs, []);
    await clock.advance(1);
    assert.deepEqual(runs, [{ value: 1, start: QUIET_MS }]);
  });

  it('each new step restarts the quiet spell: steps 60 ms apart run once, after the last', async () => {
    const { clock, latest, runs, finish } = recorder();
    for (let i = 0; i < 5; i++) {
      latest.push(i);
      await clock.advance(60);
    }
    assert.deepEqual(runs, [], 'nothing runs while the steps keep coming within the quiet spell');
    await finish();
    assert.deepEqual(runs, [{ value: 4, start: 4 * 60 + QUIET_MS }]);
  });

  it('a held key: never two at once, one run per max wait while it lasts, the last step shown when it stops', async () => {
    const { clock, latest, runs, finish, maxActive } = recorder(20);
    for (let i = 0; clock.now() < 4000; i++) {
      latest.push(i);
      await clock.advance(2);
    }
    latest.push(100_000);
    await finish();
    assert.equal(maxActive(), 1);
    assert.equal(runs.at(-1)?.value, 100_000);
    const during = runs.slice(0, -1);
    for (let k = 1; k < during.length; k++)
      assert.ok(
        during[k].start - during[k - 1].start >= MAX_WAIT_MS,
        `runs ${k - 1} and ${k} are ${during[k].start - during[k - 1].start} ms apart`,
      );
    assert.ok(during.length >= 3, `${during.length} runs for 4 s of steps: the editor keeps following`);
    assert.ok(during.length <= 4, `${during.length} runs for 4 s of steps`);
  });

  it('drops what a closed source queued, and settles', async () => {
    const { clock, latest, runs, finish } = recorder(30);
    latest.push(1);
    await clock.advance(QUIET_MS + 5); // 1 is running
    assert.deepEqual(
      runs.map((r) => r.value),
      [1],
    );
    latest.push(2);
    latest.drop((v) => v === 2);
    await finish();
    assert.deepEqual(
      runs.map((r) => r.value),
      [1],
    );
  });

  it('a failing run is reported and the next step still runs', async () => {
    const { latest, runs, errors, finish } = recorder();
    latest.push(-1);
    await finish();
    latest.push(7);
    await finish();
    assert.deepEqual(
      runs.map((r) => r.value),
      [-1, 7],
    );
    assert.equal(errors.length, 1);
    assert.match(String(errors[0]), /bad -1/);
  });

  it('settled() is immediate when nothing is queued, and dispose() releases waiters', async () => {
    const { clock, latest, runs } = recorder();
    await latest.settled();
    latest.push(1);
    const waiting = latest.settled();
    latest.dispose();
    await waiting;
    assert.equal(clock.pending, 0, 'no timer is left armed');
    await clock.advance(2 * MAX_WAIT_MS);
    assert.deepEqual(runs, []);
  });
});
