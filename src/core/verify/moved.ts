// A verification server that answers with a redirect to another host is not followed there (core/net): the sources
// and the explorer API key would go somewhere the user never chose. Here the user reads where it moved and what to
// change.
import { ApiError } from '../errors';

/** The new base URL: the location without the path the request added to the old base, when it kept that path. */
function newBase(location: string, requestUrl: string | undefined, base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  const tail = requestUrl?.startsWith(trimmed)
    ? new URL(requestUrl).pathname.slice(new URL(trimmed).pathname.replace(/\/+$/, '').length)
    : '';
  const target = new URL(location);
  return tail && target.pathname.endsWith(tail) ? `${target.origin}${target.pathname.slice(0, -tail.length)}` : location;
}

/**
 * The message for a moved server (an ApiError of kind 'moved'), naming the new location and `where` the user
 * changes the URL (a setting or a flag); undefined for any other error.
 */
export function movedServerMessage(err: unknown, base: string, where: string): string | undefined {
  if (!(err instanceof ApiError) || err.kind !== 'moved' || !err.location) return undefined;
  const to = newBase(err.location, err.url, base);
  return `The verification server ${base} has moved to ${to}${err.status ? ` (HTTP ${err.status})` : ''}. Nothing was sent there: sources and API keys go only to the server you chose. If you trust the new address, set ${where} to ${to}.`;
}
