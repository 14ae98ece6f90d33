// Reference verification server (dev/test only, never shipped): the session API as HashScan's Sourcify build serves
// it, plus the v2 subset sourcify.dev serves. Either half can be switched off to stand in for the server that lacks
// it (sourcify.dev has no sessions since 2026; HashScan's build has no /v2).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { codeSourceFor, hederaChains, type Chains } from './chains';
import { SessionStore } from './cookie-session';
import type { Faults, Handler, Limits, VerifierContext } from './context';
import { HttpError, sendError } from './http';
import { ModeState, splitMode } from './modes';
import { Repository } from './repository';
import { sessionRoutes } from './session-api';
import { newSession } from './session-state';
import { v2Routes } from './v2-api';
import { JobStore, v2Error } from './v2-jobs';

export interface VerifierOptions {
  port?: number;
  /** Supported chains and where their code comes from; default: Hedera 295–298 reading `mirrorUrl` (or an empty chain). */
  chains?: Chains;
  /** Reference mirror whose contracts the Hedera chains hold. */
  mirrorUrl?: string;
  limits?: Partial<Limits>;
  faults?: Partial<Faults>;
  /** How long a v2 job takes before it completes (default 50 ms). */
  v2JobDelayMs?: number;
  /** Serve `/session/*` (default true). */
  sessionApi?: boolean;
  /** Serve `/v2/*` (default true). */
  v2Api?: boolean;
}

export interface VerifierHandle {
  url: string;
  /** `METHOD /path` of every request received, in order (tests check that nothing was sent). */
  requests: string[];
  chains: Chains;
  repository: Repository;
  /** Mutable: tests arm failures between requests. */
  faults: Faults;
  close(): Promise<void>;
}

const DEFAULT_LIMITS: Limits = { maxFileSize: 30 * 1024 * 1024, maxSessionSize: 50 * 1024 * 1024 };

export async function startVerifier(options: VerifierOptions = {}): Promise<VerifierHandle> {
  const chains = options.chains ?? hederaChains(codeSourceFor(options.mirrorUrl));
  const jobs = new JobStore(options.v2JobDelayMs ?? 50);
  const ctx: VerifierContext = {
    chains,
    repository: new Repository(),
    sessions: new SessionStore(newSession),
    jobs,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    faults: { forgetSessionsBeforeVerifyChecked: 0, ...options.faults },
  };
  const routes: Array<[string, RegExp, Handler]> = [
    ...(options.sessionApi === false ? [] : sessionRoutes),
    ...(options.v2Api === false ? [] : v2Routes),
  ];

  const requests: string[] = [];
  const modes = new ModeState();
  // The handler answers every failure itself (the catch below), so nothing is left for the returned promise.
  const server = createServer(
    (req, res) =>
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        requests.push(`${req.method} ${url.pathname}`);
        try {
          const prefixed = splitMode(url.pathname);
          if (
            prefixed &&
            modes.answer(prefixed.mode, { req, res, path: prefixed.path, search: url.search, port: (server.address() as AddressInfo).port })
          )
            return;
          const pathname = prefixed?.path ?? url.pathname;
          for (const [method, pattern, handler] of routes) {
            const m = pattern.exec(pathname);
            if (m && req.method === method) {
              await handler(ctx, { req, res, params: m.slice(1).map(decodeURIComponent), query: url.searchParams });
              return;
            }
          }
          throw new HttpError(404, v2Error('route_not_found', `The requested path ${url.pathname} was not found`));
        } catch (err) {
          if (!res.headersSent) sendError(res, err);
          else res.destroy();
        }
      })(),
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    chains,
    repository: ctx.repository,
    faults: ctx.faults,
    close: async () => {
      jobs.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
