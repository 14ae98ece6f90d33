// Verify-on-save pacing: saves are debounced (a burst of saves runs once), and a save while a run is in flight
// cancels that run, whose keys are carried into the next one so no affected contract is skipped.

import { systemClock, type Clock } from '../clock';

export type ScheduledRun<K> = (keys: ReadonlySet<K>, signal: AbortSignal) => Promise<void>;

export class SaveScheduler<K> {
  private pending = new Set<K>();
  private timer: unknown;
  private running: { keys: Set<K>; abort: AbortController; done: Promise<void> } | undefined;
  private disposed = false;
  /** Bumped by every trigger: only the timer of the latest trigger may start a run. */
  private generation = 0;

  constructor(
    private readonly delayMs: number,
    private readonly run: ScheduledRun<K>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Schedules `keys` for a run `delayMs` after the last trigger; cancels a run in progress. */
  trigger(keys: Iterable<K>): void {
    if (this.disposed) return;
    for (const k of keys) this.pending.add(k);
    if (this.running) {
      for (const k of this.running.keys) this.pending.add(k);
      this.running.abort.abort();
    }
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    const generation = ++this.generation;
    this.timer = this.clock.setTimeout(() => void this.fire(generation), this.delayMs);
  }

  /** True while a run is in flight or waiting for its debounce. */
  get busy(): boolean {
    return this.timer !== undefined || this.running !== undefined;
  }

  /** Settles when nothing is pending or running (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.busy) await (this.running?.done ?? new Promise<void>((r) => this.clock.setTimeout(r, this.delayMs)));
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.running?.abort.abort();
  }

  private async fire(generation: number): Promise<void> {
    this.timer = undefined;
    const previous = this.running?.done;
    if (previous) await previous; // the cancelled run finishes unwinding before its successor starts
    if (this.disposed || generation !== this.generation) return; // a newer save owns the next run
    const keys = this.pending;
    this.pending = new Set();
    const abort = new AbortController();
    const current = { keys, abort, done: Promise.resolve() };
    current.done = this.run(keys, abort.signal)
      .catch(() => undefined)
      .finally(() => {
        if (this.running === current) this.running = undefined;
      });
    this.running = current;
    await current.done;
  }
}
