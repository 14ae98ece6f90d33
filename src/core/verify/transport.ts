// JSON over HTTP for verification servers. It follows the core HTTP conventions (undici agent, the same timeouts
// and request log, every failure a MirrorError) but adds what the mirror client never needs: POST bodies, an optional
// cookie jar for Sourcify's session, and Sourcify's error dialects. The status is left to the caller, because
// several non-2xx answers (404 on a lookup, 409 "already verified") are normal outcomes here.
import { Agent, request } from 'undici';
import type { CookieJar } from 'tough-cookie';
import { MirrorError, type ErrorKind, type ServerMessage } from '../errors';
import { DEFAULT_HTTP_OPTIONS, type HttpOptions } from '../http';
import { preview } from '../error-body';

export interface JsonResponse {
  status: number;
  /** Parsed JSON, or undefined when the body is not JSON (then see `text`). */
  body: unknown;
  text: string;
  method: string;
  url: string;
}

export type TransportOptions = Pick<HttpOptions, 'connectTimeoutMs' | 'headersTimeoutMs' | 'bodyTimeoutMs' | 'logger' | 'userAgent'>;

const TIMEOUTS: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'connecting',
  UND_ERR_HEADERS_TIMEOUT: 'waiting for the response',
  UND_ERR_BODY_TIMEOUT: 'reading the response body',
};

function transportError(err: unknown, method: string, url: string, signal?: AbortSignal): MirrorError {
  if (err instanceof MirrorError) return err;
  if (signal?.aborted) return new MirrorError('cancelled', `Request cancelled (${method} ${url})`, { url, cause: err });
  const inner = err instanceof AggregateError && err.errors.length ? err.errors[0] : err;
  const code = (inner as { code?: string } | null)?.code ?? '';
  if (TIMEOUTS[code]) return new MirrorError('timeout', `Timed out ${TIMEOUTS[code]} (${method} ${url})`, { url, cause: err });
  const said = (inner as { message?: string } | null)?.message || code || String(inner);
  return new MirrorError('network', `Cannot reach the verification server: ${said} (${method} ${url})`, { url, cause: err });
}

export class VerifyTransport {
  private readonly options: TransportOptions;
  private readonly agent: Agent;

  constructor(options: Partial<TransportOptions> = {}) {
    this.options = { ...DEFAULT_HTTP_OPTIONS, ...options };
    this.agent = new Agent({
      connect: { timeout: this.options.connectTimeoutMs },
      headersTimeout: this.options.headersTimeoutMs,
      bodyTimeout: this.options.bodyTimeoutMs,
    });
  }

  /** One request; `jar` carries cookies across requests of one verification session. */
  async send(method: 'GET' | 'POST', url: string, opts: { body?: unknown; jar?: CookieJar; signal?: AbortSignal } = {}): Promise<JsonResponse> {
    const started = performance.now();
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.options.userAgent ?? 'ledger-mirror' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const cookie = opts.jar ? await opts.jar.getCookieString(url) : '';
    if (cookie) headers.cookie = cookie;
    const log = (status: number | undefined, bytes: number, error?: string) =>
      this.options.logger?.({ method, url, status, ms: Math.round(performance.now() - started), bytes, ...(error ? { error } : {}) });
    try {
      const res = await request(url, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        dispatcher: this.agent,
        signal: opts.signal,
      });
      const setCookie = res.headers['set-cookie'];
      if (opts.jar && setCookie) {
        for (const c of Array.isArray(setCookie) ? setCookie : [setCookie]) await opts.jar.setCookie(c, url, { ignoreError: true });
      }
      const text = await res.body.text();
      log(res.statusCode, Buffer.byteLength(text));
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: res.statusCode, body, text, method, url };
    } catch (err) {
      const error = transportError(err, method, url, opts.signal);
      log(undefined, 0, error.message);
      throw error;
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** The server's words from any of Sourcify's error bodies: `{error, message}`, `{message, errors[]}`, `{customCode, message}`, or text. */
export function serverMessages(res: JsonResponse): ServerMessage[] {
  const b = res.body as { error?: unknown; message?: unknown; errors?: Array<{ message?: string; path?: string }>; customCode?: unknown } | undefined;
  if (b && typeof b === 'object') {
    const main = typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : undefined;
    if (main !== undefined) return [{ message: main, ...(typeof b.customCode === 'string' ? { detail: b.customCode } : {}) }];
  }
  return res.text.trim() ? [{ message: res.body === undefined ? res.text.trim().slice(0, 200) : preview(res.text) }] : [];
}

function kindForStatus(status: number): ErrorKind {
  if (status === 400 || status === 409 || status === 413 || status === 422) return 'invalid-input';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'bad-response';
}

/** A MirrorError for a non-2xx answer, with the server's message first; `secrets` never appear in the text. */
export function statusError(res: JsonResponse, secrets: readonly string[] = []): MirrorError {
  const messages = serverMessages(res).map((m) => ({ ...m, message: redact(m.message, secrets) }));
  const said = messages.map((m) => m.message).join('; ');
  return new MirrorError(kindForStatus(res.status), `Verification server: ${said || 'no explanation'} (HTTP ${res.status}, ${res.method} ${res.url})`, {
    status: res.status,
    url: res.url,
    messages,
  });
}

/** `text` with every non-empty secret replaced, so an echoed API key cannot reach a message or log. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length > 0).reduce((t, s) => t.split(s).join('***'), text);
}
