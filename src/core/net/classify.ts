// Failures below the HTTP status level, as the ApiError kind that says what happened: could not connect (network),
// timed out, connection closed mid-body (truncated), unreadable compression (bad-response), or cancelled.
import { ApiError } from '../errors';

/** 1536 → "1.5 KB": sizes in messages, in the units people read. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} byte${n === 1 ? '' : 's'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** A connection that failed on every address is an AggregateError; its first error says why. */
const innermost = (err: unknown): unknown => (err instanceof AggregateError && err.errors.length ? innermost(err.errors[0]) : err);

const errorCode = (err: unknown): string => String((innermost(err) as { code?: unknown } | null)?.code ?? '');

function describe(err: unknown): string {
  const e = innermost(err) as { message?: string; code?: string };
  return e?.message || e?.code || String(e);
}

const TIMEOUTS: Record<string, { what: string; budget: keyof TimeoutBudgets; after: string }> = {
  UND_ERR_CONNECT_TIMEOUT: { what: 'connecting', budget: 'connectMs', after: 'after' },
  UND_ERR_HEADERS_TIMEOUT: { what: 'waiting for the response', budget: 'headersMs', after: 'after' },
  UND_ERR_BODY_TIMEOUT: { what: 'reading the response body (the server stopped sending)', budget: 'bodyMs', after: 'for' },
};

/** The budgets a request ran under, so a time-out names the one it hit (and the user knows what to raise). */
export interface TimeoutBudgets {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

/** Codes that, once the body started, mean the connection ended before the body did. */
const CUT = new Set([
  'UND_ERR_SOCKET',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'ERR_STREAM_PREMATURE_CLOSE',
  'UND_ERR_CLOSED',
]);

export interface FailureContext {
  method: string;
  /** The URL as shown (no user info). */
  url: string;
  signal?: AbortSignal;
  status?: number;
  /** How a "cannot connect" message starts, e.g. "Network error" or "Cannot reach the verification server". */
  unreachable?: string;
  /** Set once the response headers arrived: body bytes received so far (on the wire). */
  bodyBytes?: number;
  /** The announced Content-Length, when there was one. */
  expectedBytes?: number;
  /** Applied to any text taken from the failure (it may quote a URL with credentials). */
  redact?: (text: string) => string;
  timeouts?: TimeoutBudgets;
}

/** A transport failure (abort, timeout, connection, corrupt gzip) as an ApiError; ApiErrors pass through. */
export function requestError(err: unknown, c: FailureContext): ApiError {
  if (err instanceof ApiError) return err;
  const redact = c.redact ?? ((t: string) => t);
  const where = `(${c.method} ${c.url})`;
  const init = { url: c.url, status: c.status, cause: err };
  if (c.signal?.aborted) return new ApiError('cancelled', `Request cancelled ${where}`, init);
  const code = errorCode(err);
  const timeout = TIMEOUTS[code];
  if (timeout) {
    const budget = c.timeouts?.[timeout.budget];
    const how = budget === undefined ? '' : ` ${timeout.after} ${budget / 1000} s`;
    return new ApiError('timeout', `Timed out ${timeout.what}${how} ${where}`, init);
  }
  if (code.startsWith('Z_')) {
    return new ApiError('bad-response', `The compressed response body is incomplete or corrupt: ${redact(describe(err))} ${where}`, init);
  }
  if (c.bodyBytes !== undefined && (CUT.has(code) || /other side closed|premature close|aborted/i.test(describe(err)))) {
    const of = c.expectedBytes === undefined ? '' : ` of ${formatBytes(c.expectedBytes)}`;
    return new ApiError(
      'truncated',
      `The server closed the connection after ${formatBytes(c.bodyBytes)}${of}: the response is incomplete ${where}`,
      init,
    );
  }
  return new ApiError('network', `${c.unreachable ?? 'Network error'}: ${redact(describe(err))} ${where}`, init);
}
