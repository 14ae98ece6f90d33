// Runs async work for the latest of a stream of values, never two at once and at most once per interval: values
// pushed meanwhile replace each other, so a burst (a held stepping key) costs a few runs, not one per value.
// No `vscode` import: unit-tested with a hand-driven clock.
import { systemClock, type Clock } from '../../core/clock';

export class LatestOnly<T> {
  private pending: { value: T } | undefined;
  private timer: unknown;
  private running = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private idle: Array<() => void> = [];

  constructor(
    private readonly work: (value: T) => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Records `value` and returns at once; the work runs later, with whatever value is latest then. */
  push(value: T): void {
    this.pending = { value };
    this.schedule();
  }

  /** Drops values not yet started that `stale` rejects (their source went away). */
  drop(stale: (value: T) => boolean): void {
    if (this.pending && stale(this.pending.value)) this.pending = undefined;
    this.notifyIfIdle();
  }

  /** Whether a value is waiting to be worked on. */
  get queued(): T | undefined {
    return this.pending?.value;
  }

  /** Resolves once every value pushed so far has been worked on (or dropped). */
  settled(): Promise<void> {
    if (!this.busy()) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  dispose(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
    this.notifyIfIdle();
  }

  private busy(): boolean {
    return this.pending !== undefined || this.running || this.timer !== undefined;
  }

  private schedule(): void {
    if (this.timer !== undefined || this.running) return;
    const wait = Math.max(0, this.lastStart + this.intervalMs - this.clock.now());
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, wait);
  }

  private async run(): Promise<void> {
    const next = this.pending;
    this.pending = undefined;
    if (next) {
      this.running = true;
      this.lastStart = this.clock.now();
      try {
        await this.work(next.value);
      } catch (err) {
        this.onError(err);
      } finally {
        this.running = false;
      }
    }
    if (this.pending) this.schedule();
    else this.notifyIfIdle();
  }

  private notifyIfIdle(): void {
    if (this.busy()) return;
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }
}
