// A clock the test moves by hand: timers fire in time order when the test advances time, and the promise chains
// they start run to completion before the next one fires. No test waits on the wall clock.
import type { Clock } from '../../src/core/clock';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** Lets every queued promise continuation run (the macrotask queue comes after the whole microtask queue). */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class FakeClock implements Clock {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { id, at: this.time + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Timers not yet fired. */
  get pending(): number {
    return this.timers.size;
  }

  /** Resolves after `ms` of this clock's time; rejects when `signal` aborts first, as timers/promises does. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const id = this.setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          this.clearTimeout(id);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Moves time forward by `ms`, firing the timers that fall due on the way, earliest first. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (let next = this.earliest(end); next; next = this.earliest(end)) {
      this.time = next.at;
      this.timers.delete(next.id);
      next.callback();
      await settle();
    }
    this.time = end;
  }

  /** Advances until no timer is left (fails on a timer that keeps re-arming itself). */
  async runAll(maxTimers = 10_000): Promise<void> {
    await settle();
    for (let fired = 0; this.timers.size > 0; fired++) {
      if (fired >= maxTimers) throw new Error(`still ${this.timers.size} timers after ${maxTimers}: a timer re-arms itself forever`);
      const next = this.earliest(Number.POSITIVE_INFINITY)!;
      await this.advance(next.at - this.time);
    }
  }

  private earliest(until: number): Timer | undefined {
    let best: Timer | undefined;
    for (const t of this.timers.values()) if (t.at <= until && (!best || t.at < best.at || (t.at === best.at && t.id < best.id))) best = t;
    return best;
  }
}
