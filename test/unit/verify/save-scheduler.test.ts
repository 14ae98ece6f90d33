// Verify-on-save pacing with real timers (short delays): debounce, cancellation of a stale run, no lost keys.
import * as assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { SaveScheduler } from '../../../src/core/verify/save-scheduler';

interface Call {
  keys: string[];
  signal: AbortSignal;
  finished: boolean;
}

function recorder(workMs: number) {
  const calls: Call[] = [];
  const run = async (keys: ReadonlySet<string>, signal: AbortSignal) => {
    const call: Call = { keys: [...keys].sort(), signal, finished: false };
    calls.push(call);
    await sleep(workMs, undefined, { signal }).catch(() => undefined);
    call.finished = !signal.aborted;
  };
  return { calls, run };
}

describe('verify-on-save scheduler', () => {
  it('runs once for a burst of saves, after the debounce, with every saved key', async () => {
    const { calls, run } = recorder(5);
    const s = new SaveScheduler<string>(60, run);
    s.trigger(['a.sol']);
    await sleep(20);
    s.trigger(['b.sol']);
    await sleep(20);
    s.trigger(['a.sol']);
    assert.equal(calls.length, 0, 'nothing runs during the debounce');
    await s.idle();
    assert.deepEqual(calls.map((c) => c.keys), [['a.sol', 'b.sol']]);
    assert.equal(calls[0].finished, true);
  });

  it('cancels a running verification when a newer save arrives, and re-runs with its keys too', async () => {
    const { calls, run } = recorder(300);
    const s = new SaveScheduler<string>(30, run);
    s.trigger(['a.sol']);
    await sleep(80); // debounce over, first run in flight
    assert.equal(calls.length, 1);
    s.trigger(['b.sol']);
    assert.equal(calls[0].signal.aborted, true, 'the newer save cancels at once');
    await s.idle();
    assert.deepEqual(calls.map((c) => [c.keys, c.finished]), [
      [['a.sol'], false],
      [['a.sol', 'b.sol'], true],
    ]);
  });

  it('never runs two verifications at once', async () => {
    let active = 0;
    let maxActive = 0;
    const s = new SaveScheduler<number>(5, async (_keys, signal) => {
      active++;
      maxActive = Math.max(maxActive, active);
      await sleep(40).catch(() => undefined); // ignores the signal: the scheduler must still wait for it
      active--;
      void signal;
    });
    for (let i = 0; i < 6; i++) {
      s.trigger([i]);
      await sleep(15);
    }
    await s.idle();
    assert.equal(maxActive, 1);
  });

  it('stops after dispose', async () => {
    const { calls, run } = recorder(5);
    const s = new SaveScheduler<string>(20, run);
    s.trigger(['a.sol']);
    s.dispose();
    s.trigger(['b.sol']);
    await sleep(60);
    assert.equal(calls.length, 0);
  });
});
