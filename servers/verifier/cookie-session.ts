// express-session as Sourcify configures it: cookie `sourcify_vid`, signed `s:<id>.<hmac>`, HttpOnly, SameSite=Lax,
// 12 h rolling expiry, created on the first request, in-memory store. A cookie the store does not know silently
// yields a new empty session — there is no "session not found" error, which is why clients must keep a cookie jar.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const SESSION_COOKIE = 'sourcify_vid';
const MAX_AGE_MS = 12 * 60 * 60 * 1000;

function sign(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;
}

function unsign(signed: string, secret: string): string | undefined {
  const value = signed.slice(0, signed.lastIndexOf('.'));
  const expected = Buffer.from(sign(value, secret));
  const actual = Buffer.from(signed);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? value : undefined;
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export class SessionStore<T> {
  private readonly sessions = new Map<string, T>();
  private readonly secret = randomBytes(16).toString('hex');

  constructor(private readonly create: () => T) {}

  private idFrom(req: IncomingMessage): string | undefined {
    const raw = cookieValue(req, SESSION_COOKIE);
    return raw?.startsWith('s:') ? unsign(raw.slice(2), this.secret) : undefined;
  }

  /** The request's session (a new one when the cookie is absent or unknown), refreshing the cookie on the response. */
  resolve(req: IncomingMessage, res: ServerResponse): T {
    let id = this.idFrom(req);
    if (id === undefined || !this.sessions.has(id)) {
      id = randomBytes(24).toString('base64url');
      this.sessions.set(id, this.create());
    }
    const expires = new Date(Date.now() + MAX_AGE_MS).toUTCString();
    const value = encodeURIComponent(`s:${sign(id, this.secret)}`);
    res.setHeader('set-cookie', `${SESSION_COOKIE}=${value}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax`);
    return this.sessions.get(id) as T;
  }

  /** `req.session.destroy()`: the cookie stays, but names no session any more. */
  destroy(req: IncomingMessage): void {
    const id = this.idFrom(req);
    if (id !== undefined) this.sessions.delete(id);
  }

  /** Forgets every session, as a restart of the in-memory store does. */
  forgetAll(): void {
    this.sessions.clear();
  }
}
