// Real loopback HTTP servers for tests: a programmable one for the HTTP client's edge cases, and one answering the
// mirror's token spec-test URLs with their recorded responses (gzip when asked, like the real mirror).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { parseTokenId } from '../../../src/core/ids';
import { stringifyJson } from '../../../src/core/json';
import { tokenSpecCases } from '../../helpers/mirror-data';

export interface SeenRequest {
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

/** Starts `handler` on 127.0.0.1, port 0; `n` counts requests from 0. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    handler(req, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends `body` as JSON, gzipped when the client accepts gzip. */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const bytes = gzip ? gzipSync(body) : Buffer.from(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    ...headers,
  });
  res.end(bytes);
}

/**
 * The request a spec URL stands for, as the real mirror reads it: canonical token id and the last `timestamp` value
 * (the mirror uses the last one). Spec URLs with an id the client would never send map to themselves.
 */
function requestKey(url: string): string {
  const u = new URL(url, 'http://x');
  const id = parseTokenId(decodeURIComponent(u.pathname.replace('/api/v1/tokens/', '')));
  if (!id.ok) return url;
  const timestamps = u.searchParams.getAll('timestamp');
  const others = [...u.searchParams.keys()].filter((k) => k !== 'timestamp');
  return `/api/v1/tokens/${id.value}?${timestamps.at(-1) ?? ''}${others.length ? '&' + others.join('&') : ''}`;
}

/** Answers the requests of one spec file (e.g. 'custom-fees.json') with their recorded responses; anything else 404. */
export function startTokenFixtureServer(file: string): Promise<TestServer> {
  const byKey = new Map(
    tokenSpecCases()
      .filter((c) => c.file === file)
      .map((c) => [requestKey(c.url), c]),
  );
  return startServer((req, res) => {
    const c = byKey.get(requestKey(req.url ?? ''));
    if (c) sendJson(req, res, c.status, stringifyJson(c.body));
    else sendJson(req, res, 404, '{"_status":{"messages":[{"message":"Not found"}]}}');
  });
}
