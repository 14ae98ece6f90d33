// Runs async work for the latest of a stream of values, never two at once, once the stream has paused: values
// pushed meanwhile replace each other, so a burst (a held stepping key) costs a run when it stops and one every
// `maxWaitMs` while it lasts, not one per value. Waiting for the pause keeps the work out of the frames the
// stream's own display is drawing (the workbench shares one thread with the trace panel's webview).
// No `vscode` import: unit-tested with a hand-driven clock.
import { systemClock, type Clock } from '../../core/clock';

export interface Pacing {
  /** How long the stream must be still before the work runs. */
  quietMs: number;
  /** The longest a value waits while the stream keeps moving. */
  maxWaitMs: number;
}

export class LatestOnly<T> {
  private pending: { value: T; since: number } | undefined;
  private timer: unknown;
  private running = false;
  private idle: Array<() => void> = [];

  constructor(
    private readonly work: (value: T) => Promise<void>,
    private readonly pacing: Pacing,
    private readonly onError: (err: unknown) => void,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Records `value` and returns at once; the work runs later, with whatever value is latest then. */
  push(value: T): void {
    this.pending = { value, since: this.pending?.since ?? this.clock.now() };
    this.schedule();
  }

  /** Drops values not yet started that `stale` rejects (their source went away). */
  drop(stale: (value: T) => boolean): void {
    if (this.pending && stale(this.pending.value)) {
      this.pending = undefined;
      this.disarm();
    }
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
    this.disarm();
    this.pending = undefined;
    this.notifyIfIdle();
  }

  private busy(): boolean {
    return this.pending !== undefined || this.running || this.timer !== undefined;
  }

  private disarm(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** (Re)arms the timer for the pending value: after a quiet spell, or when it has waited long enough. */
  private schedule(): void {
    if (this.running || !this.pending) return;
    this.disarm();
    const { quietMs, maxWaitMs } = this.pacing;
    const wait = Math.max(0, Math.min(quietMs, this.pending.since + maxWaitMs - this.clock.now()));
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
