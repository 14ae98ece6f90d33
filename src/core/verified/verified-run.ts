// One trace's budget of verified-source lookups, the same for the CLI's `trace --sources` and the debugger. Names
// are a bonus: the trace is always shown, and a lookup only adds names. So each address is asked once per run,
// failures included (30 frames at one address on a failing server are one request, not 30); at most 64 distinct
// addresses are asked; all lookups together end at a deadline (`--timeout`, the launch's `verifiedTimeout`), which
// also ends a verifier that drips bytes just fast enough for the stall rule; and a 429 whose Retry-After reaches past
// the deadline, or a server still rate limiting after its retries, ends the lookups at once. Each stop is one note.
import { ApiError } from '../errors';
import type { ContractArtifact } from '../sourcemap/artifacts';
import { isLookupAddress, type VerifiedSources } from './verified-sources';

export const VERIFIED_RUN_LIMITS = {
  /** Distinct contract addresses one trace may ask the verification server about. */
  addresses: 64,
  /** All lookups of one trace together, unless `--timeout` or `verifiedTimeout` says otherwise. */
  timeoutMs: 20_000,
} as const;

export const addressCapNote = (n: number) => `verified sources were asked for the first ${n} contract addresses only`;

export interface VerifiedRunOptions {
  /** Overall deadline of the run's lookups, from its first lookup (default VERIFIED_RUN_LIMITS.timeoutMs). */
  timeoutMs?: number;
  /** Called once per note as it happens (the debugger's console); `notes()` has them all too. */
  onNote?: (note: string) => void;
  now?: () => number;
}

export class VerifiedRun {
  private readonly asked = new Map<string, Promise<ContractArtifact | undefined>>();
  private readonly deadline = new AbortController();
  private readonly said: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private endsAt = 0;
  private stopped = false;
  private capped = false;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly sources: VerifiedSources,
    private readonly options: VerifiedRunOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? VERIFIED_RUN_LIMITS.timeoutMs;
    this.now = options.now ?? Date.now;
  }

  /** The verified contract at `address` within the run's budget; undefined when not verified or not asked. */
  readonly lookup = (address: string): Promise<ContractArtifact | undefined> => {
    const key = address.toLowerCase();
    const known = this.asked.get(key);
    if (known) return known;
    if (this.stopped || !isLookupAddress(key)) return Promise.resolve(undefined);
    if (this.asked.size >= VERIFIED_RUN_LIMITS.addresses) {
      if (!this.capped) this.note(addressCapNote(VERIFIED_RUN_LIMITS.addresses));
      this.capped = true;
      return Promise.resolve(undefined);
    }
    this.start();
    const found = this.sources
      .artifact(key, { signal: this.deadline.signal, maxWaitMs: Math.max(0, this.endsAt - this.now()) })
      .catch((err: unknown) => {
        throw this.failed(err);
      });
    this.asked.set(key, found);
    return found;
  };

  /** Requests sent to the verification server so far (the cache's answers are not counted). */
  get requests(): number {
    return this.sources.stats.requests;
  }

  /** What limited the run, for the CLI's notes. */
  notes(): string[] {
    return [...this.said];
  }

  /** Ends the deadline's timer (the run is over). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  private start(): void {
    if (this.timer) return;
    this.endsAt = this.now() + this.timeoutMs;
    this.timer = setTimeout(() => {
      this.stop(`verified sources: the lookups ran out of their ${this.timeoutMs / 1000} s budget; the frames not yet named stay unnamed`);
      this.deadline.abort(new ApiError('timeout', `The verified-source lookups ran out of their ${this.timeoutMs / 1000} s budget`));
    }, this.timeoutMs);
    this.timer.unref?.();
  }

  /** A failure stays this address's answer for the run; rate limiting ends the run's lookups. */
  private failed(err: unknown): unknown {
    if (err instanceof ApiError && (err.kind === 'rate-limited' || err.kind === 'busy'))
      this.stop(`verified sources: the verification server is rate limiting (${err.message}); no more lookups for this trace`);
    return err;
  }

  private stop(note: string): void {
    if (this.stopped) return;
    this.stopped = true;
    this.note(note);
  }

  private note(note: string): void {
    this.said.push(note);
    this.options.onNote?.(note);
  }
}
