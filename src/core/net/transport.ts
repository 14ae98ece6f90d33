// The one HTTP transport under every client (mirror REST, mirror opcodes, verification server): a keep-alive undici
// Agent with connect/headers/idle timeouts, the stall rule, a decompressed-size budget per response, gzip undone and
// any other encoding refused, 429 retried with back-off, redirects followed only within one origin, and secrets kept
// out of every URL, log line and error it produces. Server-specific rules (the mirror's gzip header and request
// spacing, Sourcify's cookies and error dialects) live in the clients on top of it.
import type { IncomingHttpHeaders } from 'node:http';
import { Readable, Transform, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Agent, request } from 'undici';
import { systemClock, type Clock } from '../clock';
import { formatServerMessages, parseErrorBody } from '../error-body';
import { ApiError, type ServerMessage } from '../errors';
import { formatBytes, requestError } from './classify';
import { BODY_LIMITS, DEFAULT_BUDGETS, type NetBudgets } from './limits';
import { Redactor, stripUserInfo } from './redact';
import { retryAfterMs, retryDecision } from './retry';
import { ProgressMeter } from './stall';

export interface RequestLog {
  method: string;
  /** Without user info, so credentials in a configured URL never reach a log. */
  url: string;
  status?: number;
  ms: number;
  /** Body bytes after decompression. */
  bytes: number;
  /** Already redacted. */
  error?: string;
}

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  /** What the 429 said (a rate limit, or a server busy with other requests). */
  messages: ServerMessage[];
}

/** `ms` of `clock` time; rejects with the signal's reason when it aborts first, as timers/promises does. */
export function sleepOn(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface TransportOptions extends NetBudgets {
  logger?: (e: RequestLog) => void;
  userAgent?: string;
  /** Values (API keys, tokens) that must never appear in an error or log, whichever request they belong to. */
  secrets?: readonly string[];
  /** Time for back-off waits and Retry-After dates (tests pass a fake one). */
  clock?: Clock;
  /** Jitter source in [0, 1). */
  random?: () => number;
}

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface SendOptions {
  method?: Method;
  headers?: Record<string, string>;
  /** Names of `headers` whose values are secret (Authorization and X-API-Key always are). */
  secretHeaders?: readonly string[];
  body?: string;
  signal?: AbortSignal;
  /** The longest 429 wait this request may take (a caller's remaining budget); a Retry-After asking more ends it at once. */
  maxWaitMs?: number;
  /** Decompressed-size budget of a 2xx body (default BODY_LIMITS.json). */
  maxBodyBytes?: number;
  /** Who answers, for messages: "the mirror", "the verification server". */
  server?: string;
  /** How a "cannot connect" message starts. */
  unreachable?: string;
  /** Secret values of this request only (e.g. an API key in the body). */
  secrets?: readonly string[];
  /** The server's words from an error body (default: the mirror's dialects). */
  errorMessages?: (text: string) => ServerMessage[];
  /** Runs before every attempt (request spacing, cookies); may add headers. */
  beforeAttempt?: (url: URL) => Promise<Record<string, string> | void>;
  /** Sees every response's headers (cookies). */
  afterHeaders?: (url: URL, headers: IncomingHttpHeaders) => Promise<void>;
  /** Told before each wait after a 429, so a UI can say "retrying" instead of looking stuck. */
  onRetry?: (retry: RetryInfo) => void;
}

export interface TransportResponse {
  status: number;
  /** The final URL, without user info. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Decompressed, within budget; destroy it to abandon the download. Errors are ApiErrors. */
  body: Readable;
  /** Removes this request's secrets from server text. */
  redact(text: string): string;
}

const ALWAYS_SECRET = new Set(['authorization', 'proxy-authorization', 'x-api-key', 'api-key']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const IDEMPOTENT = new Set<Method>(['GET', 'HEAD']);
const noop = () => {};

/** Releases an undici body without reading it, and without its "aborted" error reaching nobody. */
function discard(body: Readable): void {
  body.on('error', noop);
  body.destroy();
}

/** `user:password@` of a URL, as the Basic credentials a browser would send, and the URL without them. */
function splitCredentials(url: URL): { target: URL; authorization?: string; secrets: string[] } {
  if (!url.username && !url.password) return { target: url, secrets: [] };
  const target = new URL(stripUserInfo(url));
  const password = decodeURIComponent(url.password);
  const token = Buffer.from(`${decodeURIComponent(url.username)}:${password}`).toString('base64');
  return { target, authorization: `Basic ${token}`, secrets: [password, token] };
}

/** The codings of a Content-Encoding header, outermost last; identity dropped. */
function codings(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

interface Opened {
  method: Method;
  target: URL;
  shown: string;
  status: number;
  headers: IncomingHttpHeaders;
  raw: Readable;
  started: number;
}

interface RequestContext {
  o: SendOptions;
  redactor: Redactor;
  signal?: AbortSignal;
}

export class Transport {
  readonly options: TransportOptions;
  private readonly agent: Agent;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly redactor: Redactor;

  constructor(options: Partial<TransportOptions> = {}) {
    this.options = { ...DEFAULT_BUDGETS, ...options };
    this.clock = this.options.clock ?? systemClock;
    this.random = this.options.random ?? Math.random;
    this.redactor = new Redactor(this.options.secrets ?? []);
    this.agent = new Agent({
      connect: { timeout: this.options.connectTimeoutMs },
      headersTimeout: this.options.headersTimeoutMs,
      bodyTimeout: this.options.bodyTimeoutMs,
    });
  }

  /** Registers a secret for every later request of this transport (e.g. an API key read from the environment). */
  addSecret(value: string): void {
    this.redactor.add(value);
  }

  /**
   * One request, with 429 retries and same-origin redirects of GET/HEAD. Any other status is returned for the
   * client to interpret; a 2xx body that cannot be decoded rejects here.
   */
  async send(url: string, o: SendOptions = {}): Promise<TransportResponse> {
    const method = o.method ?? 'GET';
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ApiError('invalid-input', `Not a valid URL: ${JSON.stringify(stripUserInfo(url).slice(0, 200))}`);
    }
    const { target: first, authorization, secrets } = splitCredentials(parsed);
    const headers: Record<string, string> = { 'user-agent': this.options.userAgent ?? 'ledger-mirror', ...o.headers };
    if (authorization && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization')) headers.authorization = authorization;
    const marked = new Set([...ALWAYS_SECRET, ...(o.secretHeaders ?? []).map((h) => h.toLowerCase())]);
    const headerSecrets = Object.entries(headers)
      .filter(([name]) => marked.has(name.toLowerCase()))
      .map(([, value]) => value);
    const ctx: RequestContext = { o, signal: o.signal, redactor: this.redactor.with([...secrets, ...headerSecrets, ...(o.secrets ?? [])]) };

    let target = first;
    let redirects = 0;
    for (let attempt = 0; ;) {
      const extra = (await o.beforeAttempt?.(target)) ?? {};
      const opened = await this.open(method, target, { ...headers, ...extra }, ctx);
      await o.afterHeaders?.(target, opened.headers);
      if (REDIRECTS.has(opened.status)) {
        const next = this.redirect(opened, ctx);
        if (next.origin === target.origin && IDEMPOTENT.has(method) && redirects < this.options.maxRedirects) {
          redirects++;
          target = next;
          continue;
        }
        throw this.moved(opened, next, ctx, redirects >= this.options.maxRedirects && next.origin === target.origin);
      }
      if (opened.status !== 429) return this.respond(opened, ctx);
      const text = await this.readErrorText(opened, ctx);
      const wait = retryAfterMs(opened.headers['retry-after'], this.clock.now());
      const policy =
        o.maxWaitMs === undefined ? this.options : { ...this.options, backoffMaxMs: Math.min(this.options.backoffMaxMs, o.maxWaitMs) };
      const decision = retryDecision(attempt, wait, policy, this.random);
      if (!decision.retry) throw this.rateLimited(opened, text, ctx, attempt + 1, decision.waitMs);
      attempt++;
      o.onRetry?.({ attempt, delayMs: decision.delayMs, messages: (o.errorMessages ?? parseErrorBody)(text) });
      try {
        await sleepOn(this.clock, decision.delayMs, o.signal);
      } catch (err) {
        throw requestError(err, { method, url: opened.shown, signal: o.signal });
      }
    }
  }

  /** The body of a non-2xx answer, up to BODY_LIMITS.errorText and redacted; failures reading it are ignored (the status speaks). */
  async errorText(res: TransportResponse, signal?: AbortSignal): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size >= BODY_LIMITS.errorText) break;
      }
    } catch (err) {
      if (signal?.aborted || (err instanceof ApiError && err.kind === 'cancelled')) throw err;
    } finally {
      res.body.destroy();
    }
    return res.redact(Buffer.concat(chunks).toString('utf8').slice(0, BODY_LIMITS.errorText));
  }

  /** The whole body as UTF-8 text, within the response's budget. */
  async text(body: Readable): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  /** One attempt, up to the response headers. */
  private async open(method: Method, target: URL, headers: Record<string, string>, ctx: RequestContext): Promise<Opened> {
    const shown = target.href;
    const started = performance.now();
    try {
      const res = await request(target, { method, headers, body: ctx.o.body, dispatcher: this.agent, signal: ctx.signal });
      return { method, target, shown, status: res.statusCode, headers: res.headers, raw: res.body, started };
    } catch (err) {
      const error = this.failure(err, method, shown, ctx);
      this.log({ method, target, shown, started } as Opened, 0, error);
      throw error;
    }
  }

  private failure(
    err: unknown,
    method: string,
    shown: string,
    ctx: RequestContext,
    extra: { status?: number; bodyBytes?: number; expectedBytes?: number } = {},
  ): ApiError {
    const { connectTimeoutMs: connectMs, headersTimeoutMs: headersMs, bodyTimeoutMs: bodyMs } = this.options;
    const timeouts = { connectMs, headersMs, bodyMs };
    return requestError(err, {
      method,
      url: shown,
      signal: ctx.signal,
      unreachable: ctx.o.unreachable,
      redact: (t) => ctx.redactor.redact(t),
      timeouts,
      ...extra,
    });
  }

  private log(opened: Opened, bytes: number, error?: ApiError): void {
    this.options.logger?.({
      method: opened.method,
      url: opened.shown,
      ...(opened.status === undefined ? {} : { status: opened.status }),
      ms: Math.round(performance.now() - opened.started),
      bytes,
      ...(error ? { error: error.message } : {}),
    });
  }

  private respond(opened: Opened, ctx: RequestContext): TransportResponse {
    const ok = opened.status >= 200 && opened.status < 300;
    const body = this.decode(opened, ctx, ok ? (ctx.o.maxBodyBytes ?? BODY_LIMITS.json) : BODY_LIMITS.errorText, ok);
    return { status: opened.status, url: opened.shown, headers: opened.headers, body, redact: (t) => ctx.redactor.redact(t) };
  }

  /** Where a 3xx points, without user info; a redirect that names nowhere is a bad response. */
  private redirect(opened: Opened, ctx: RequestContext): URL {
    discard(opened.raw);
    this.log(opened, 0);
    const location = opened.headers.location;
    const value = Array.isArray(location) ? location[0] : location;
    try {
      if (value) return new URL(stripUserInfo(new URL(value, opened.target)));
    } catch {
      // reported below
    }
    const said = value ? `an invalid Location "${ctx.redactor.redact(value).slice(0, 200)}"` : 'no Location';
    throw new ApiError(
      'bad-response',
      `${capital(this.server(ctx))} answered HTTP ${opened.status} with ${said} (${opened.method} ${opened.shown})`,
      {
        status: opened.status,
        url: opened.shown,
      },
    );
  }

  private moved(opened: Opened, next: URL, ctx: RequestContext, loop: boolean): ApiError {
    const location = next.href;
    const why = loop
      ? `after ${this.options.maxRedirects} redirects; stopped`
      : next.origin !== opened.target.origin
        ? 'another host; not followed, so credentials and sources are not sent there without your say-so'
        : `a ${opened.method} request is not re-sent by a redirect`;
    return new ApiError(
      'moved',
      `${capital(this.server(ctx))} moved: HTTP ${opened.status} to ${location} (${why}). Update the URL if the new one is right (${opened.method} ${opened.shown})`,
      { status: opened.status, url: opened.shown, location },
    );
  }

  private rateLimited(opened: Opened, text: string, ctx: RequestContext, attempts: number, waitMs: number | undefined): ApiError {
    const messages = (ctx.o.errorMessages ?? parseErrorBody)(text);
    const said = formatServerMessages(messages);
    const summary =
      waitMs !== undefined
        ? `Rate limited by ${this.server(ctx)}, which asks to wait ${Math.ceil(waitMs / 1000)} s`
        : `Rate limited by ${this.server(ctx)} after ${attempts} attempts`;
    return new ApiError('rate-limited', `${summary} — HTTP 429${said ? `: ${said}` : ''} (${opened.method} ${opened.shown})`, {
      status: 429,
      url: opened.shown,
      messages,
    });
  }

  private server(ctx: RequestContext): string {
    return ctx.o.server ?? 'the server';
  }

  private async readErrorText(opened: Opened, ctx: RequestContext): Promise<string> {
    return this.errorText(this.respond(opened, ctx), ctx.signal);
  }

  /**
   * The body with gzip undone, counted against `budget` and the stall rule; its errors are ApiErrors, and it is
   * logged once when it ends, fails or is abandoned. `strict`: an unknown encoding fails here (2xx) instead of
   * yielding an empty body (error bodies).
   */
  private decode(opened: Opened, ctx: RequestContext, budget: number, strict: boolean): Readable {
    const encodings = codings(opened.headers['content-encoding']);
    const gzip = encodings.length === 1 && (encodings[0] === 'gzip' || encodings[0] === 'x-gzip');
    if (encodings.length > 0 && !gzip) {
      discard(opened.raw);
      const error = new ApiError(
        'bad-response',
        `${capital(this.server(ctx))} sent the body with Content-Encoding "${encodings.join(', ').slice(0, 60)}", which cannot be decoded (only gzip is asked for) (${opened.method} ${opened.shown})`,
        { status: opened.status, url: opened.shown },
      );
      this.log(opened, 0, error);
      if (strict) throw error;
      return Readable.from([]);
    }
    const lengthHeader = Number(opened.headers['content-length']);
    const expectedBytes = Number.isSafeInteger(lengthHeader) && lengthHeader >= 0 ? lengthHeader : undefined;
    const meter = new ProgressMeter(
      { windowMs: this.options.bodyTimeoutMs, minBytesPerSecond: this.options.minBytesPerSecond },
      performance.now(),
    );
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        meter.record(chunk.length);
        cb(null, chunk);
      },
    });
    const decoded: Readable = gzip ? pipeline(opened.raw, counter, createGunzip(), noop) : pipeline(opened.raw, counter, noop);
    const timer = setInterval(
      () => {
        const stall = meter.check(performance.now());
        if (!stall) return;
        opened.raw.destroy(
          new ApiError(
            'timeout',
            `Timed out reading the response body: ${formatBytes(stall.bytes)} arrived in the last ${Math.round(stall.ms / 1000)} s, below the minimum of ${formatBytes(this.options.minBytesPerSecond)}/s (${opened.method} ${opened.shown})`,
            { status: opened.status, url: opened.shown },
          ),
        );
      },
      Math.max(50, Math.min(1000, this.options.bodyTimeoutMs / 4)),
    );
    timer.unref();
    let logged = false;
    const done = (bytes: number, error?: ApiError) => {
      clearInterval(timer);
      if (logged) return;
      logged = true;
      this.log(opened, bytes, error);
    };
    const fail = (err: unknown) =>
      this.failure(err, opened.method, opened.shown, ctx, { status: opened.status, bodyBytes: meter.total, expectedBytes });
    async function* chunks() {
      let bytes = 0;
      try {
        for await (const chunk of decoded) {
          bytes += (chunk as Buffer).length;
          if (bytes > budget) {
            throw new ApiError(
              'too-large',
              `The response body is larger than ${formatBytes(budget)}${gzip ? ' after decompression' : ''}, the limit for this kind of request; download stopped (${opened.method} ${opened.shown})`,
              { status: opened.status, url: opened.shown },
            );
          }
          yield chunk as Buffer;
        }
        done(bytes);
      } catch (err) {
        const error = fail(err);
        done(bytes, error);
        throw error;
      } finally {
        done(bytes);
        discard(opened.raw);
        decoded.destroy();
      }
    }
    const out = Readable.from(chunks(), { objectMode: false });
    // Also when the consumer stops early or never reads: release the socket instead of draining it.
    out.once('close', () => {
      clearInterval(timer);
      discard(opened.raw);
      decoded.destroy();
    });
    return out;
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
