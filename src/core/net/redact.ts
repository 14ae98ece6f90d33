// Secrets never leave through what we print: URL user info is stripped wherever a URL is shown, and secret values
// (API keys, passwords, Authorization headers) are replaced in any text a server sends back, in the forms a server
// may echo them (as sent, JSON-escaped, percent-encoded).

export const REDACTED = '«redacted»';

/**
 * Values shorter than this are not redacted: they cannot be told apart from ordinary words, and replacing every
 * "ab" in a message would make it unreadable without protecting anything.
 */
export const MIN_SECRET_LENGTH = 4;

/** The URL without `user:password@`, for anything shown or logged. Text that is not a URL is returned unchanged. */
export function stripUserInfo(url: URL | string): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return stripUserInfoIn(String(url));
  }
  if (!parsed.username && !parsed.password) return parsed.href;
  const copy = new URL(parsed.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

// scheme://userinfo@ — userinfo has no '/', '?', '#', '@' or whitespace (RFC 3986 §3.2.1).
const USER_INFO_IN_TEXT = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s"'<>]*@/gi;

/** `text` with the user info of every URL in it removed (e.g. a server message quoting the request URL). */
export function stripUserInfoIn(text: string): string {
  return text.replace(USER_INFO_IN_TEXT, '$1');
}

// A scheme (with any slashes) and everything up to the last '@' before a query: user info, however malformed.
const LEADING_USER_INFO = /^([a-z][a-z0-9+.-]*:\/*)?[^?#\s]*@/i;

/**
 * A value given where a URL was expected, as a refusal may quote it: user info removed whether or not the value
 * parses (`ftp://u:secret@host`, `mailto:u:secret@host`, `u:secret@host` all lose their password).
 */
export function quotedUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.host) return stripUserInfo(url);
  return value.replace(LEADING_USER_INFO, `$1${REDACTED}@`);
}

/** The forms in which a server may echo `secret` back. */
function echoes(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

/** A set of secret values and the one function that removes them (and URL user info) from text. */
export class Redactor {
  private readonly values = new Set<string>();

  constructor(secrets: Iterable<string> = []) {
    for (const s of secrets) this.add(s);
  }

  /** Registers a secret; values under MIN_SECRET_LENGTH characters are ignored (see there). */
  add(secret: string | undefined): this {
    if (secret !== undefined && secret.length >= MIN_SECRET_LENGTH) for (const e of echoes(secret)) this.values.add(e);
    return this;
  }

  /** A redactor with this one's secrets and `more`. */
  with(more: Iterable<string>): Redactor {
    const r = new Redactor();
    for (const v of this.values) r.values.add(v);
    for (const s of more) r.add(s);
    return r;
  }

  redact(text: string): string {
    // Longest first, so a secret that contains another is replaced whole.
    const sorted = [...this.values].sort((a, b) => b.length - a.length);
    return sorted.reduce((t, s) => t.split(s).join(REDACTED), stripUserInfoIn(text));
  }
}

/** `text` with every secret (and URL user info) replaced: the helper for one-off uses. */
export function redact(text: string, secrets: Iterable<string>): string {
  return new Redactor(secrets).redact(text);
}
