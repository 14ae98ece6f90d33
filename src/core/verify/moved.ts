// A verification server that answers with a redirect to another host is not followed there: the sources and the
// explorer API key would go somewhere the user never chose. The user reads where it moved and what to change.
import { ApiError } from '../errors';

/** The moved-server answer the transport reports: an ApiError carrying the redirect's `location`. */
function movedTo(err: unknown): { err: ApiError; location: string } | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const location = (err as { location?: unknown }).location;
  return typeof location === 'string' && location !== '' ? { err, location } : undefined;
}

/** The new base URL: the location without the path the request added to the old base, when it kept that path. */
function newBase(location: string, requestUrl: string | undefined, base: string): string {
  const tail = requestUrl?.startsWith(base) ? requestUrl.slice(base.replace(/\/+$/, '').length) : '';
  return tail && location.endsWith(tail) ? location.slice(0, -tail.length) : location;
}

/**
 * The message for a moved server, naming the new location and `where` the user changes the URL (a setting or a
 * flag); undefined for any other error.
 */
export function movedServerMessage(err: unknown, base: string, where: string): string | undefined {
  const moved = movedTo(err);
  if (!moved) return undefined;
  const to = newBase(moved.location, moved.err.url, base);
  return `The verification server ${base} has moved to ${to}${moved.err.status ? ` (HTTP ${moved.err.status})` : ''}. Nothing was sent there: sources and API keys go only to the server you chose. If you trust the new address, set ${where} to ${to}.`;
}
