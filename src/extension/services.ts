// The shared services every feature receives from `activate`: settings, the log, one HTTP client (rebuilt when the
// timeout setting changes, so the keep-alive pool is shared by all features) and the current network's endpoints.
import * as vscode from 'vscode';
import { ApiError } from '../core/errors';
import { HttpClient } from '../core/http';
import { MirrorClient } from '../core/mirror/client';
import type { Endpoints } from '../core/networks';
import type { Parsed } from '../core/ids';
import { registerCommand, type CommandHandler } from './commands';
import { affectsEndpoints, affectsTimeouts, endpointsFor, readConfig, type LedgerMirrorConfig } from './config';
import { requestLogger } from './request-log';
import { safeLogChannel } from './safe-log';

export interface Services {
  readonly log: vscode.LogOutputChannel;
  /** Settings as they are now. */
  config(): LedgerMirrorConfig;
  /** The current network's endpoints, or the message saying why the settings do not name one. */
  endpoints(): Parsed<Endpoints>;
  /** A mirror client for the current network; throws ApiError('invalid-input') when the settings are incomplete. */
  mirror(): MirrorClient;
  /** The shared HTTP client for the current timeout settings. */
  http(): HttpClient;
  /** Fires after the network or one of its URLs changed. */
  readonly onDidChangeEndpoints: vscode.Event<void>;
  /** Registers a command whose failures become a message (see commands.ts); disposed with the extension. */
  registerCommand(id: string, handler: CommandHandler): void;
}

/** Retries of a 429 before the core reports rate-limited. */
const MAX_RETRIES = 3;
/** Connecting should be quick even when answers are slow (opcode re-execution can take minutes). */
const MAX_CONNECT_MS = 10_000;

export function createServices(context: vscode.ExtensionContext): Services {
  const log = safeLogChannel(vscode.window.createOutputChannel('Ledger Mirror', { log: true }));
  const endpointsChanged = new vscode.EventEmitter<void>();
  context.subscriptions.push(log, endpointsChanged);

  const newHttp = () => {
    const ms = readConfig().requestTimeoutSeconds * 1000;
    return new HttpClient({
      connectTimeoutMs: Math.min(ms, MAX_CONNECT_MS),
      headersTimeoutMs: ms,
      bodyTimeoutMs: ms,
      maxRetries: MAX_RETRIES,
      logger: requestLogger(log),
    });
  };
  let http = newHttp();
  const closeQuietly = (client: HttpClient) =>
    Promise.resolve(client.close()).catch((err: unknown) => log.warn('Closing the HTTP client failed:', String(err)));
  context.subscriptions.push({ dispose: () => void closeQuietly(http) });

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsTimeouts(e)) {
        const old = http;
        http = newHttp();
        void closeQuietly(old);
        log.info(`Request timeout is now ${readConfig().requestTimeoutSeconds} s`);
      }
      if (affectsEndpoints(e)) {
        const now = endpointsFor(readConfig());
        log.info(now.ok ? `Network is now ${now.value.network}: REST ${now.value.restUrl}, web3 ${now.value.web3Url}` : now.message);
        endpointsChanged.fire();
      }
    }),
  );

  const services: Services = {
    log,
    config: readConfig,
    endpoints: () => endpointsFor(readConfig()),
    http: () => http,
    mirror: () => {
      const endpoints = services.endpoints();
      if (!endpoints.ok) throw new ApiError('invalid-input', endpoints.message);
      return new MirrorClient(endpoints.value, http);
    },
    onDidChangeEndpoints: endpointsChanged.event,
    registerCommand: (id, handler) => context.subscriptions.push(registerCommand(log, id, handler)),
  };
  return services;
}
