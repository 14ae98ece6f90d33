// Verify-on-save pacing on a hand-driven clock: debounce, cancellation of a stale run, no lost keys.
import * as assert from 'node:assert/strict';
import { SaveScheduler } from '../../../../src/core/verify/save-scheduler';
import { FakeClock } from '../../../helpers/fake-clock';

interface Call {
  keys: string[];
  signal: AbortSignal;
  finished: boolean;
}

function recorder(clock: FakeClock, workMs: number) {
  const calls: Call[] = [];
  const run = async (keys: ReadonlySet<string>, signal: AbortSignal) => {
    const call: Call = { keys: [...keys].sort(), signal, finished: false };
    calls.push(call);
    await clock.sleep(workMs, signal).catch(() => undefined);
    call.finished = !signal.aborted;
  };
  return { calls, run };
}

describe('verify-on-save scheduler', () => {
  it('runs once for a burst of saves, a debounce after the last save, with every saved key', async () => {
    const clock = new FakeClock();
    const { calls, run } = recorder(clock, 5);
    const s = new SaveScheduler<string>(60, run, clock);
    s.trigger(['a.sol']);
    await clock.advance(20);
    s.trigger(['b.sol']);
    await clock.advance(20);
    s.trigger(['a.sol']);
    await clock.advance(59);
    assert.equal(calls.length, 0, 'nothing runs during the debounce');
    await clock.advance(1);
    assert.equal(calls.length, 1, 'the run starts when the debounce of the last save ends');
    await clock.runAll();
    assert.equal(s.busy, false);
    assert.deepEqual(
      calls.map((c) => c.keys),
      [['a.sol', 'b.sol']],
    );
    assert.equal(calls[0].finished, true);
  });

  it('cancels a running verification when a newer save arrives, and re-runs with its keys too', async () => {
    const clock = new FakeClock();
    const { calls, run } = recorder(clock, 300);
    const s = new SaveScheduler<string>(30, run, clock);
    s.trigger(['a.sol']);
    await clock.advance(30); // debounce over, first run in flight
    assert.equal(calls.length, 1);
    s.trigger(['b.sol']);
    assert.equal(calls[0].signal.aborted, true, 'the newer save cancels at once');
    await clock.runAll();
    await s.idle();
    assert.deepEqual(
      calls.map((c) => [c.keys, c.finished]),
      [
        [['a.sol'], false],
        [['a.sol', 'b.sol'], true],
      ],
    );
  });

  it('never runs two verifications at once, even when a run ignores its cancellation', async () => {
    const clock = new FakeClock();
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const s = new SaveScheduler<number>(
      5,
      async () => {
        active++;
        runs++;
        maxActive = Math.max(maxActive, active);
        await clock.sleep(40); // ignores the signal: the scheduler must still wait for it
        active--;
      },
      clock,
    );
    for (let i = 0; i < 6; i++) {
      s.trigger([i]);
      await clock.advance(15);
    }
    await clock.runAll();
    await s.idle();
    assert.ok(runs >= 2, `${runs} runs: saves 15 ms apart with a 5 ms debounce start runs that later saves cancel`);
    assert.equal(maxActive, 1);
  });

  it('stops after dispose', async () => {
    const clock = new FakeClock();
    const { calls, run } = recorder(clock, 5);
    const s = new SaveScheduler<string>(20, run, clock);
    s.trigger(['a.sol']);
    s.dispose();
    s.trigger(['b.sol']);
    assert.equal(clock.pending, 0, 'no timer is left armed');
    await clock.advance(60);
    assert.equal(calls.length, 0);
  });
});
