// The network budgets, in one place, each with its reason. docs/limits-and-safety.md ("Network budgets") lists them.
import type { RetryPolicy } from './retry';

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

export interface NetBudgets extends RetryPolicy {
  /** Time to open the TCP/TLS connection: a reachable server accepts within seconds. */
  connectTimeoutMs: number;
  /** Time until the response headers arrive: the mirror re-executes a transaction for a trace, which can take minutes. */
  headersTimeoutMs: number;
  /** Longest silence inside a body, and the window of the stall rule (core/net/stall.ts). */
  bodyTimeoutMs: number;
  /** The stall rule's slowest accepted average rate over one window. */
  minBytesPerSecond: number;
  /** Same-host redirects of GET/HEAD followed before giving up (a loop must end). */
  maxRedirects: number;
}

export const DEFAULT_BUDGETS: NetBudgets = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 120_000,
  bodyTimeoutMs: 60_000,
  // 1 KiB/s is slower than any working link.
  minBytesPerSecond: KIB,
  maxRetries: 4,
  backoffBaseMs: 500,
  backoffMaxMs: 8_000,
  maxRedirects: 5,
};

/**
 * Decompressed bytes accepted per kind of response. REST JSON (tokens, contracts, verification answers) is
 * kilobytes; 16 MiB leaves room for a session echoing a large project's sources while keeping a gzip bomb
 * harmless. A trace is the one large body: it streams into the decoder, which bounds each item itself.
 */
export const BODY_LIMITS = {
  json: 16 * MIB,
  /** An error body is read only for the server's message; the rest is dropped. */
  errorText: 64 * KIB,
  trace: 2 * GIB,
} as const;
