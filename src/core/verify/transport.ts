// JSON over HTTP for verification servers. It follows the core HTTP conventions (undici agent, the same timeouts
// and request log, every failure a ApiError) but adds what the mirror client never needs: POST bodies, an optional
// cookie jar for Sourcify's session, and Sourcify's error dialects. The status is left to the caller, because
// several non-2xx answers (404 on a lookup, 409 "already verified") are normal outcomes here.
import { request, type Agent } from 'undici';
import type { CookieJar } from 'tough-cookie';
import { ApiError, type ErrorKind, type ServerMessage } from '../errors';
import { DEFAULT_HTTP_OPTIONS, keepAliveAgent, requestError, type HttpOptions } from '../http';
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

export class VerifyTransport {
  private readonly options: TransportOptions;
  private readonly agent: Agent;

  constructor(options: Partial<TransportOptions> = {}) {
    this.options = { ...DEFAULT_HTTP_OPTIONS, ...options };
    this.agent = keepAliveAgent(this.options);
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
      const error = requestError(err, { method, url, signal: opts.signal, unreachable: 'Cannot reach the verification server' });
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

/** A ApiError for a non-2xx answer, with the server's message first; `secrets` never appear in the text. */
export function statusError(res: JsonResponse, secrets: readonly string[] = []): ApiError {
  const messages = serverMessages(res).map((m) => ({ ...m, message: redact(m.message, secrets) }));
  const said = messages.map((m) => m.message).join('; ');
  return new ApiError(kindForStatus(res.status), `Verification server: ${said || 'no explanation'} (HTTP ${res.status}, ${res.method} ${res.url})`, {
    status: res.status,
    url: res.url,
    messages,
  });
}

/** `text` with every non-empty secret replaced, so an echoed API key cannot reach a message or log. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length > 0).reduce((t, s) => t.split(s).join('***'), text);
}
