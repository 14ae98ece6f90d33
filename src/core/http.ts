// The mirror's transport (its endpoints are core/mirror/client.ts), on the one transport (core/net): gzip always requested (v0.150+ mirrors answer 406
// without it), opcode requests spaced 1 s apart per host, the mirror's error dialects read, and its statuses mapped
// to the ApiError kinds callers switch on.
import type { Readable } from 'node:stream';
import { formatServerMessages, parseErrorBody, preview } from './error-body';
import { ApiError, type ErrorKind, type ServerMessage } from './errors';
import { parseJson } from './json';
import { OPCODES_PATH } from './mirror/paths';
import { BODY_LIMITS, DEFAULT_BUDGETS } from './net/limits';
import { stripUserInfo } from './net/redact';
import { systemClock, type Clock } from './clock';
import { sleepOn, Transport, type RetryInfo, type TransportOptions, type TransportResponse } from './net/transport';

export type { RequestLog, RetryInfo } from './net/transport';
export { retryAfterMs } from './net/retry';

export type HttpOptions = TransportOptions;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Space request starts to this host ≥ 1 s apart (the mirror allows opcode requests at 1 per second). */
  serializeHost?: boolean;
  /** Told before each wait after a 429, so a UI can say "retrying" instead of looking stuck. */
  onRetry?: (retry: RetryInfo) => void;
  /** Decompressed-size budget: BODY_LIMITS.json for getJson, BODY_LIMITS.trace for getStream by default. */
  maxBodyBytes?: number;
}

export interface StreamResponse {
  status: number;
  url: string;
  /** Decompressed body; destroy it to abandon the download. Errors are ApiErrors. */
  body: Readable;
  /** Removes the request's secrets (URL credentials) from text taken from the body. */
  redact?: (text: string) => string;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = { ...DEFAULT_BUDGETS };

const HOST_INTERVAL_MS = 1000;
const MIRROR = 'the mirror';

/** What the user reads first, per error kind from an HTTP status. */
const STATUS_SUMMARY: Partial<Record<ErrorKind, string>> = {
  'invalid-input': 'The mirror rejected the request',
  'not-found': 'Not found',
  'endpoint-disabled': 'The opcodes endpoint may be disabled on this network',
  server: 'Mirror server error',
  'bad-response': 'Unexpected response from the mirror',
};

/** Newer mirrors answer 501 Not Implemented when their opcodes API is turned off: no guess needed. */
const NOT_IMPLEMENTED_SUMMARY =
  'Opcode traces are turned off on this mirror (501 Not Implemented); a mirror with the opcodes API enabled, such as a local node or a self-hosted mirror, can trace it';

const BUSY_SUMMARY =
  'The mirror is busy: it is already tracing as many transactions as it allows at once and refused this one after several retries; try again in a moment, or use a mirror of your own (a local node or a self-hosted mirror)';

/** Newer mirrors' concurrency limit (OpcodesConcurrencyInterceptor): a 429 whose detail says the tracer is full. */
export function isBusyRefusal(messages: readonly ServerMessage[]): boolean {
  return messages.some((m) => /too many concurrent/i.test(m.detail ?? m.message));
}

/**
 * A 404 means "this route does not exist" rather than "no such record" when web3 reports a missing static
 * resource (v0.129 with the tracer disabled), or when an opcodes request gets a 404 without any `detail`: web3's
 * record lookups always explain themselves, whereas REST's bare `Not found` (a proxy sending the path to the REST
 * module) and v0.150+'s detail-less disabled-controller 404 do not.
 */
export function isEndpointDisabled(url: URL, messages: readonly ServerMessage[]): boolean {
  if (messages.some((m) => m.detail?.startsWith('No static resource'))) return true;
  return OPCODES_PATH.test(url.pathname) && !messages.some((m) => m.detail);
}

function kindForStatus(status: number, url: URL, messages: readonly ServerMessage[]): ErrorKind {
  if (status === 400 || status === 406) return 'invalid-input';
  if (status === 404) return isEndpointDisabled(url, messages) ? 'endpoint-disabled' : 'not-found';
  if (status === 429) return 'rate-limited';
  if (status === 501 && OPCODES_PATH.test(url.pathname)) return 'endpoint-disabled';
  if (status >= 500) return 'server';
  return 'bad-response';
}

/** A 429 that kept coming (the transport retried it with its back-off) is 'busy' when the server said so. */
function asBusy(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.kind !== 'rate-limited' || !isBusyRefusal(err.messages)) return err;
  const said = formatServerMessages(err.messages);
  return new ApiError('busy', `${BUSY_SUMMARY} — HTTP 429: ${said} (GET ${err.url ?? ''})`, {
    status: 429,
    url: err.url,
    messages: err.messages,
  });
}

/** The URL without `user:password@`, for anything shown or logged. */
export const safeUrl = stripUserInfo;

export class HttpClient {
  readonly options: HttpOptions;
  /** The transport under this client; the verification client shares it (one pool, one log, one set of secrets). */
  readonly transport: Transport;
  private readonly clock: Clock;
  private readonly nextStart = new Map<string, number>();

  constructor(opts: Partial<HttpOptions> = {}) {
    this.options = { ...DEFAULT_HTTP_OPTIONS, ...opts };
    this.clock = this.options.clock ?? systemClock;
    this.transport = new Transport(this.options);
  }

  /** GET and parse JSON losslessly (integers beyond 2^53 as bigint). */
  async getJson(url: string, opts: RequestOptions = {}): Promise<unknown> {
    const res = await this.getStream(url, { ...opts, maxBodyBytes: opts.maxBodyBytes ?? BODY_LIMITS.json });
    const text = await this.transport.text(res.body);
    try {
      return parseJson(text);
    } catch {
      const shown = res.redact ? res.redact(text) : text;
      throw new ApiError('bad-response', `The mirror's response is not JSON: ${preview(shown)} (GET ${res.url})`, {
        status: res.status,
        url: res.url,
      });
    }
  }

  /** GET a 2xx response as a decompressed stream, without buffering it. */
  async getStream(url: string, opts: RequestOptions = {}): Promise<StreamResponse> {
    const res = await this.transport
      .send(url, {
        headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
        signal: opts.signal,
        maxBodyBytes: opts.maxBodyBytes ?? BODY_LIMITS.trace,
        server: MIRROR,
        onRetry: opts.onRetry,
        ...(opts.serializeHost ? { beforeAttempt: (target: URL) => this.waitForHostSlot(target.host, opts.signal) } : {}),
      })
      .catch((err: unknown) => {
        throw asBusy(err);
      });
    if (res.status >= 200 && res.status < 300) return { status: res.status, url: res.url, body: res.body, redact: res.redact };
    throw await this.failed(res, opts.signal);
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private async failed(res: TransportResponse, signal: AbortSignal | undefined): Promise<ApiError> {
    const messages = parseErrorBody(await this.transport.errorText(res, signal));
    const kind = kindForStatus(res.status, new URL(res.url), messages);
    const said = formatServerMessages(messages);
    const summary =
      res.status === 501 && kind === 'endpoint-disabled' ? NOT_IMPLEMENTED_SUMMARY : (STATUS_SUMMARY[kind] ?? `HTTP ${res.status}`);
    return new ApiError(kind, `${summary} — HTTP ${res.status}${said ? `: ${said}` : ''} (GET ${res.url})`, {
      status: res.status,
      url: res.url,
      messages,
    });
  }

  /** Reserves the next start time for this host, FIFO, and waits for it. */
  private async waitForHostSlot(host: string, signal: AbortSignal | undefined): Promise<void> {
    const now = this.clock.now();
    const slot = Math.max(now, this.nextStart.get(host) ?? now);
    this.nextStart.set(host, slot + HOST_INTERVAL_MS);
    if (slot <= now) return;
    try {
      await sleepOn(this.clock, slot - now, signal);
    } catch (err) {
      throw new ApiError('cancelled', `Request cancelled while waiting for the mirror's 1-per-second slot (${host})`, { cause: err });
    }
  }
}
