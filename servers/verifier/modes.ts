// Behaviours of real verification servers that a client must survive, selected per request with a path prefix:
// `<url>/modes/<name>` is a base URL that answers like such a server (as the reference mirror's /modes do).
//   moved              301 to the same path on another host (http://localhost:<port>), as
//                      server-verify.hashscan.io behind its retirement redirect
//   moved-308          the same with 308 (Permanent Redirect, which keeps the method and body of a POST)
//   rate-limited       429 with Retry-After: 1 on every request
//   rate-limited-bare  429 without Retry-After on every request
//   throttled          429 with Retry-After: 1 on every other request, so a client that backs off gets through
//   failing            500 on the verifying requests (session verify-checked, v2 submit), as a crashing server
//   stuck              v2 jobs are accepted but never reported finished, as a server whose job queue stalled
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody, sendJson } from './http';
import { v2Error } from './v2-jobs';

export const MODE_NAMES = ['moved', 'moved-308', 'rate-limited', 'rate-limited-bare', 'throttled', 'failing', 'stuck'] as const;
export type ModeName = (typeof MODE_NAMES)[number];

const isModeName = (s: string): s is ModeName => (MODE_NAMES as readonly string[]).includes(s);

/** The mode and the path after its prefix, or undefined for an unprefixed path. An unknown mode is a plain 404 path. */
export function splitMode(pathname: string): { mode: ModeName; path: string } | undefined {
  const m = /^\/modes\/([^/]+)(\/.*)?$/.exec(pathname);
  return m && isModeName(m[1]) ? { mode: m[1], path: m[2] ?? '/' } : undefined;
}

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  search: string;
  port: number;
}

const TOO_MANY = 'Too many requests, please try again later.';

function tooMany(res: ServerResponse, retryAfter: boolean): void {
  res.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', ...(retryAfter ? { 'retry-after': '1' } : {}) });
  res.end(TOO_MANY);
}

const VERIFYING = /^\/(session\/verify-checked|v2\/verify\/(etherscan\/)?\d+\/[^/]+)$/;
const JOB = /^\/v2\/verify\/([^/]+)$/;

export class ModeState {
  private throttledCount = 0;

  /** Answers the request the way the mode does, or returns false to let the normal routes answer it. */
  answer(mode: ModeName, ex: Exchange): boolean {
    switch (mode) {
      case 'moved':
      case 'moved-308':
        ex.req.resume();
        ex.res.writeHead(mode === 'moved' ? 301 : 308, {
          location: `http://localhost:${ex.port}${ex.path}${ex.search}`,
          'content-type': 'text/plain; charset=utf-8',
        });
        ex.res.end('Moved Permanently');
        return true;
      case 'rate-limited':
      case 'rate-limited-bare':
        ex.req.resume();
        tooMany(ex.res, mode === 'rate-limited');
        return true;
      case 'throttled':
        if (this.throttledCount++ % 2 === 1) return false;
        ex.req.resume();
        tooMany(ex.res, true);
        return true;
      case 'failing':
        if (ex.req.method !== 'POST' || !VERIFYING.test(ex.path)) return false;
        ex.req.resume();
        if (ex.path.startsWith('/v2/')) sendJson(ex.res, 500, v2Error('internal_error', 'The server encountered an unexpected error.'));
        else sendJson(ex.res, 500, errorBody('Something went wrong'));
        return true;
      case 'stuck': {
        const job = ex.req.method === 'GET' ? JOB.exec(ex.path) : null;
        if (!job) return false;
        ex.req.resume();
        sendJson(ex.res, 200, {
          isJobCompleted: false,
          verificationId: decodeURIComponent(job[1]),
          jobStartTime: new Date(0).toISOString(),
        });
        return true;
      }
    }
  }
}
