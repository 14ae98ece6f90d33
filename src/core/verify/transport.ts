// JSON over HTTP for verification servers, on the one transport (core/net) that the mirror client uses too: the
// same budgets, 429 back-off, redirect rule and secret redaction. What only Sourcify needs sits here: POST bodies,
// an optional cookie jar for its session, and its error dialects. The status is left to the caller, because several
// non-2xx answers (404 on a lookup, 409 "already verified") are normal outcomes here.
import type { CookieJar } from 'tough-cookie';
import { preview } from '../error-body';
import { ApiError, type ErrorKind, type ServerMessage } from '../errors';
import { parseUntrustedJson } from '../json';
import { BODY_LIMITS } from '../net/limits';
import { redact } from '../net/redact';
import { Transport, type TransportOptions } from '../net/transport';

export interface JsonResponse {
  status: number;
  /** Parsed JSON, or undefined when the body is not JSON (then see `text`). */
  body: unknown;
  /** The body with every secret of the request redacted. */
  text: string;
  method: string;
  /** Without user info. */
  url: string;
}

export type { TransportOptions };

export interface SendOptions {
  body?: unknown;
  jar?: CookieJar;
  signal?: AbortSignal;
  /** The longest 429 wait (see core/net/transport.ts). */
  maxWaitMs?: number;
  /** Values sent in this request (an API key in the body) that must not come back in any text. */
  secrets?: readonly string[];
}

const SERVER = 'the verification server';

export class VerifyTransport {
  private readonly transport: Transport;
  private readonly owned: boolean;

  /** On a shared transport (the extension's and the CLI's, so one pool and one log), or a new one with `options`. */
  constructor(transport: Transport | Partial<TransportOptions> = {}) {
    this.owned = !(transport instanceof Transport);
    this.transport = transport instanceof Transport ? transport : new Transport(transport);
  }

  /** Registers a secret (an API key) that no later error or log may show. */
  addSecret(value: string): void {
    this.transport.addSecret(value);
  }

  /** One request; `jar` carries cookies across requests of one verification session. */
  async send(method: 'GET' | 'POST', url: string, opts: SendOptions = {}): Promise<JsonResponse> {
    const { jar } = opts;
    const res = await this.transport.send(url, {
      method,
      headers: {
        accept: 'application/json',
        'accept-encoding': 'gzip',
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      maxWaitMs: opts.maxWaitMs,
      secrets: opts.secrets,
      maxBodyBytes: BODY_LIMITS.json,
      server: SERVER,
      unreachable: 'Cannot reach the verification server',
      errorMessages: (text) => serverMessages({ body: parseOrUndefined(text), text }),
      ...(jar
        ? {
            beforeAttempt: async (target: URL): Promise<Record<string, string>> => {
              const cookie = await jar.getCookieString(target.href);
              return cookie ? { cookie } : {};
            },
            afterHeaders: async (target: URL, headers) => {
              const setCookie = headers['set-cookie'];
              for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
                await jar.setCookie(c, target.href, { ignoreError: true });
            },
          }
        : {}),
    });
    const ok = res.status >= 200 && res.status < 300;
    const text = res.redact(ok ? await this.transport.text(res.body) : await this.transport.errorText(res, opts.signal));
    return { status: res.status, body: parseOrUndefined(text), text, method, url: res.url };
  }

  close(): Promise<void> {
    return this.owned ? this.transport.close() : Promise.resolve();
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return text === '' ? undefined : parseUntrustedJson(text);
  } catch {
    return undefined;
  }
}

/** The server's words from any of Sourcify's error bodies: `{error, message}`, `{message, errors[]}`, `{customCode, message}`, or text. */
export function serverMessages(res: Pick<JsonResponse, 'body' | 'text'>): ServerMessage[] {
  const b = res.body as
    { error?: unknown; message?: unknown; errors?: Array<{ message?: string; path?: string }>; customCode?: unknown } | undefined;
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

/** An ApiError for a non-2xx answer, with the server's message first; `secrets` never appear in the text. */
export function statusError(res: JsonResponse, secrets: readonly string[] = []): ApiError {
  const messages = serverMessages(res).map((m) => ({ ...m, message: redact(m.message, secrets) }));
  const said = messages.map((m) => m.message).join('; ');
  return new ApiError(
    kindForStatus(res.status),
    `Verification server: ${said || 'no explanation'} (HTTP ${res.status}, ${res.method} ${res.url})`,
    {
      status: res.status,
      url: res.url,
      messages,
    },
  );
}
