// The one way the core talks HTTP: a keep-alive undici Agent, gzip always requested (v0.150+ mirrors answer 406
// without it) and undone here, every failure turned into a ApiError whose `kind` callers switch on.
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import { Agent, request } from 'undici';
import { formatServerMessages, parseErrorBody, preview } from './error-body';
import { ApiError, type ErrorKind, type ServerMessage } from './errors';
import { parseJson } from './json';

export interface RequestLog {
  method: string;
  /** Without user info, so credentials in a configured URL never reach a log. */
  url: string;
  status?: number;
  ms: number;
  /** Body bytes after decompression. */
  bytes: number;
  error?: string;
}

export interface HttpOptions {
  connectTimeoutMs: number;
  /** Time until the response headers arrive; opcode replays can take minutes. */
  headersTimeoutMs: number;
  /** Longest silence between two body chunks. */
  bodyTimeoutMs: number;
  /** Retries after a 429; the request is tried at most maxRetries + 1 times. */
  maxRetries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  logger?: (e: RequestLog) => void;
  userAgent?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Space request starts to this host ≥ 1 s apart (the mirror allows opcode requests at 1 per second). */
  serializeHost?: boolean;
  /** Told before each wait after a 429, so a UI can say "retrying" instead of looking stuck. */
  onRetry?: (retry: RetryInfo) => void;
}

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
}

export interface StreamResponse {
  status: number;
  url: string;
  /** Decompressed body; destroy it to abandon the download. Errors are ApiErrors. */
  body: Readable;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 120_000,
  bodyTimeoutMs: 60_000,
  maxRetries: 4,
  backoffBaseMs: 500,
  backoffMaxMs: 8_000,
};

const HOST_INTERVAL_MS = 1000;
// Error bodies are short; a proxy's HTML page is not worth reading in full.
const ERROR_BODY_LIMIT = 64 * 1024;
const METHOD = 'GET';

/** What the user reads first, per error kind from an HTTP status. */
const STATUS_SUMMARY: Partial<Record<ErrorKind, string>> = {
  'invalid-input': 'The mirror rejected the request',
  'not-found': 'Not found',
  'endpoint-disabled': 'The opcodes endpoint may be disabled on this network',
  server: 'Mirror server error',
  'bad-response': 'Unexpected response from the mirror',
};

const OPCODES_PATH = /\/api\/v1\/contracts\/results\/[^/]+\/opcodes$/;

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
  if (status >= 500) return 'server';
  return 'bad-response';
}

/** The URL without `user:password@`, for anything shown or logged. */
export function safeUrl(url: URL | string): string {
  if (typeof url === 'string') url = new URL(url);
  if (!url.username && !url.password) return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function statusError(kind: ErrorKind, summary: string, status: number, url: string, messages: ServerMessage[]): ApiError {
  const said = formatServerMessages(messages);
  return new ApiError(kind, `${summary} — HTTP ${status}${said ? `: ${said}` : ''} (${METHOD} ${url})`, { status, url, messages });
}

/** A connection that failed on every address is an AggregateError; its first error says why. */
const innermost = (err: unknown): unknown => (err instanceof AggregateError && err.errors.length ? innermost(err.errors[0]) : err);

const errorCode = (err: unknown): string | undefined => (innermost(err) as { code?: unknown } | null)?.code as string | undefined;

function describe(err: unknown): string {
  const e = innermost(err) as { message?: string; code?: string };
  return e?.message || e?.code || String(e);
}

const TIMEOUTS: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'connecting',
  UND_ERR_HEADERS_TIMEOUT: 'waiting for the response',
  UND_ERR_BODY_TIMEOUT: 'reading the response body',
};

/** Any failure below HTTP status level, as the ApiError the caller can act on. */
export interface FailedRequest {
  method: string;
  url: string;
  signal?: AbortSignal;
  status?: number;
  /** How a network failure's message starts. */
  unreachable?: string;
}

/** A transport failure (abort, timeout, connection, corrupt gzip) as a ApiError; ApiErrors pass through. */
export function requestError(err: unknown, { method, url, signal, status, unreachable = 'Network error' }: FailedRequest): ApiError {
  if (err instanceof ApiError) return err;
  const init = { url, status, cause: err };
  if (signal?.aborted) return new ApiError('cancelled', `Request cancelled (${method} ${url})`, init);
  const code = errorCode(err) ?? '';
  if (TIMEOUTS[code]) return new ApiError('timeout', `Timed out ${TIMEOUTS[code]} (${method} ${url})`, init);
  if (code.startsWith('Z_')) {
    return new ApiError('bad-response', `The compressed response body is incomplete or corrupt: ${describe(err)} (${method} ${url})`, init);
  }
  return new ApiError('network', `${unreachable}: ${describe(err)} (${method} ${url})`, init);
}

function transportError(err: unknown, url: string, signal: AbortSignal | undefined, status?: number): ApiError {
  return requestError(err, { method: METHOD, url, signal, status });
}

/** Seconds or an HTTP date, as a delay in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential back-off with "equal jitter": never less than half the step, so retries stay spaced out. */
function backoffMs(attempt: number, o: HttpOptions): number {
  const step = Math.min(o.backoffMaxMs, o.backoffBaseMs * 2 ** attempt);
  return step / 2 + Math.random() * (step / 2);
}

/** One keep-alive connection pool per client, with the configured timeouts. */
export function keepAliveAgent(o: Pick<HttpOptions, 'connectTimeoutMs' | 'headersTimeoutMs' | 'bodyTimeoutMs'>): Agent {
  return new Agent({ connect: { timeout: o.connectTimeoutMs }, headersTimeout: o.headersTimeoutMs, bodyTimeout: o.bodyTimeoutMs });
}

interface Opened {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
  started: number;
}

export class HttpClient {
  readonly options: HttpOptions;
  private readonly agent: Agent;
  private readonly nextStart = new Map<string, number>();

  constructor(opts: Partial<HttpOptions> = {}) {
    this.options = { ...DEFAULT_HTTP_OPTIONS, ...opts };
    this.agent = keepAliveAgent(this.options);
  }

  /** GET and parse JSON losslessly (integers beyond 2^53 as bigint). */
  async getJson(url: string, opts: RequestOptions = {}): Promise<unknown> {
    const res = await this.getStream(url, opts);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of res.body) chunks.push(chunk as Buffer);
    } catch (err) {
      throw transportError(err, res.url, opts.signal, res.status);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return parseJson(text);
    } catch {
      throw new ApiError('bad-response', `The mirror's response is not JSON: ${preview(text)} (${METHOD} ${res.url})`, {
        status: res.status,
        url: res.url,
      });
    }
  }

  /** GET a 2xx response as a decompressed stream, without buffering it. */
  async getStream(url: string, opts: RequestOptions = {}): Promise<StreamResponse> {
    const target = new URL(url);
    const shown = safeUrl(target);
    for (let attempt = 0; ; attempt++) {
      const res = await this.open(target, shown, opts);
      if (res.status >= 200 && res.status < 300) {
        return { status: res.status, url: shown, body: this.decoded(res, shown, opts.signal, (bytes, error) => this.log(shown, res, bytes, error)) };
      }
      const text = await this.readErrorBody(res, shown, opts.signal);
      const messages = parseErrorBody(text);
      if (res.status !== 429) throw this.failed(res.status, target, shown, messages);
      const wait = retryAfterMs(res.headers['retry-after']);
      if (wait !== undefined && wait > this.options.backoffMaxMs) {
        const summary = `Rate limited by the mirror, which asks to wait ${Math.ceil(wait / 1000)} s`;
        throw statusError('rate-limited', summary, res.status, shown, messages);
      }
      if (attempt >= this.options.maxRetries) {
        throw statusError('rate-limited', `Rate limited by the mirror after ${attempt + 1} attempts`, res.status, shown, messages);
      }
      const delayMs = wait ?? backoffMs(attempt, this.options);
      opts.onRetry?.({ attempt: attempt + 1, delayMs });
      try {
        await sleep(delayMs, undefined, { signal: opts.signal });
      } catch (err) {
        throw transportError(err, shown, opts.signal);
      }
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private failed(status: number, target: URL, shown: string, messages: ServerMessage[]): ApiError {
    const kind = kindForStatus(status, target, messages);
    return statusError(kind, STATUS_SUMMARY[kind] ?? `HTTP ${status}`, status, shown, messages);
  }

  /** One attempt, up to the response headers. */
  private async open(target: URL, shown: string, opts: RequestOptions): Promise<Opened> {
    if (opts.serializeHost) await this.waitForHostSlot(target.host, shown, opts.signal);
    const started = performance.now();
    try {
      const res = await request(target, {
        method: METHOD,
        dispatcher: this.agent,
        signal: opts.signal,
        headers: { accept: 'application/json', 'accept-encoding': 'gzip', 'user-agent': this.options.userAgent ?? 'ledger-mirror' },
      });
      return { status: res.statusCode, headers: res.headers, body: res.body, started };
    } catch (err) {
      const error = transportError(err, shown, opts.signal);
      this.options.logger?.({ method: METHOD, url: shown, ms: Math.round(performance.now() - started), bytes: 0, error: error.message });
      throw error;
    }
  }

  /** Reserves the next start time for this host, FIFO, and waits for it. */
  private async waitForHostSlot(host: string, shown: string, signal: AbortSignal | undefined): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextStart.get(host) ?? now);
    this.nextStart.set(host, slot + HOST_INTERVAL_MS);
    if (slot <= now) return;
    try {
      await sleep(slot - now, undefined, { signal });
    } catch (err) {
      throw transportError(err, shown, signal);
    }
  }

  private log(url: string, res: Opened, bytes: number, error?: ApiError): void {
    this.options.logger?.({
      method: METHOD,
      url,
      status: res.status,
      ms: Math.round(performance.now() - res.started),
      bytes,
      ...(error ? { error: error.message } : {}),
    });
  }

  /** The body with gzip undone; errors arrive as ApiErrors, and `done` fires once when it ends or fails. */
  private decoded(res: Opened, url: string, signal: AbortSignal | undefined, done: (bytes: number, error?: ApiError) => void): Readable {
    const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
    let source: Readable = res.body;
    if (encoding === 'gzip' || encoding === 'x-gzip') {
      const gunzip = createGunzip();
      res.body.on('error', (err) => gunzip.destroy(err));
      source = res.body.pipe(gunzip);
    }
    async function* chunks() {
      let bytes = 0;
      let finished = false;
      try {
        if (encoding !== 'identity' && source === res.body) {
          throw new ApiError('bad-response', `Unsupported content-encoding "${encoding}" (${METHOD} ${url})`, { status: res.status, url });
        }
        for await (const chunk of source) {
          bytes += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
        finished = true;
        done(bytes);
      } catch (err) {
        const error = transportError(err, url, signal, res.status);
        finished = true;
        done(bytes, error);
        throw error;
      } finally {
        if (!finished) done(bytes);
      }
    }
    const out = Readable.from(chunks(), { objectMode: false });
    // Also when the consumer stops early or never reads: release the socket instead of draining it.
    out.once('close', () => {
      res.body.destroy();
      source.destroy();
    });
    return out;
  }

  private async readErrorBody(res: Opened, url: string, signal: AbortSignal | undefined): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    let failure: ApiError | undefined;
    const body = this.decoded(res, url, signal, (bytes, error) => {
      failure = error;
      this.log(url, res, bytes, error);
    });
    try {
      for await (const chunk of body) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size >= ERROR_BODY_LIMIT) break;
      }
    } catch {
      // The status already says what went wrong; a broken error body must not hide it, except for cancellation.
      if (failure?.kind === 'cancelled') throw failure;
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
