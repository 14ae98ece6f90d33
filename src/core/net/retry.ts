// When to try again after a 429. Both servers answer 429 before doing any work (the mirror's rate bucket, Sourcify's
// limiter and explorer limits), so a retry is safe for GET and POST alike.

export interface RetryPolicy {
  /** Retries after a 429; the request is tried at most maxRetries + 1 times. */
  maxRetries: number;
  backoffBaseMs: number;
  /** The longest wait; a Retry-After asking for more ends the retries at once (we do not hang for an hour). */
  backoffMaxMs: number;
}

/** Seconds or an HTTP date, as a delay in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential back-off with "equal jitter": never less than half the step, so retries stay spaced out. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** attempt);
  return step / 2 + random() * (step / 2);
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: 'exhausted' | 'wait-too-long'; waitMs?: number };

/**
 * After the `attempt`-th 429 (0 for the first): wait what Retry-After asks, plus up to 10 % jitter so clients told
 * the same second do not return together, or back off exponentially when the server gives no hint.
 */
export function retryDecision(attempt: number, retryAfter: number | undefined, policy: RetryPolicy, random: () => number): RetryDecision {
  if (retryAfter !== undefined && retryAfter > policy.backoffMaxMs) return { retry: false, reason: 'wait-too-long', waitMs: retryAfter };
  if (attempt >= policy.maxRetries) return { retry: false, reason: 'exhausted' };
  if (retryAfter === undefined) return { retry: true, delayMs: backoffMs(attempt, policy, random) };
  return { retry: true, delayMs: Math.min(policy.backoffMaxMs, retryAfter + random() * retryAfter * 0.1) };
}
