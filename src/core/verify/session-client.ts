// Sourcify's session API (legacy and self-hosted servers, e.g. the HashScan build). The server keeps the uploaded
// files and checked contracts in a session named by the `sourcify_vid` cookie, so every request of one run goes
// through one cookie jar; a new jar is a new, empty session.
import { CookieJar } from 'tough-cookie';
import { ApiError } from '../errors';
import { parseSessionResponse, type SessionResponse } from './session-response';
import { statusError, type VerifyTransport } from './transport';

export interface CheckedContractRequest {
  verificationId: string;
  address: string;
  /** Sent as a string: the server's schema says string and does not coerce bodies. */
  chainId: string;
  creatorTxHash?: string;
}

export const NO_PENDING_CONTRACTS = 'There are currently no pending contracts.';

/** The server's answer when the session is empty — after a lost cookie or a server restart, too. */
export function isNoPendingContracts(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && err.messages.some((m) => m.message.includes(NO_PENDING_CONTRACTS));
}

export class SessionClient {
  private jar = new CookieJar();
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly transport: VerifyTransport,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  /** Forgets the cookie, so the next request starts a new server session. */
  newSession(): void {
    this.jar = new CookieJar();
  }

  /** Whether the server has the session API: `GET /session/data` answers a session object, or 404/405 when it does not. */
  async probe(signal?: AbortSignal): Promise<boolean> {
    const res = await this.transport.send('GET', `${this.base}/session/data`, { jar: this.jar, signal });
    if (res.status === 404 || res.status === 405) return false;
    if (res.status !== 200) throw statusError(res);
    return Array.isArray((res.body as { contracts?: unknown } | undefined)?.contracts);
  }

  /** `POST /session/clear`; answers plain text. */
  async clear(signal?: AbortSignal): Promise<void> {
    const res = await this.transport.send('POST', `${this.base}/session/clear`, { jar: this.jar, signal });
    if (res.status !== 200) throw statusError(res);
  }

  /** Uploads files (name → content); the server matches sources to metadata by content hash, not by name. */
  async inputFiles(files: Record<string, string>, opts: { dryRun: boolean; signal?: AbortSignal }): Promise<SessionResponse> {
    return this.post(`/session/input-files${opts.dryRun ? '?dryrun=true' : ''}`, { files }, opts.signal);
  }

  async verifyChecked(contracts: CheckedContractRequest[], opts: { dryRun: boolean; signal?: AbortSignal }): Promise<SessionResponse> {
    return this.post(`/session/verify-checked${opts.dryRun ? '?dryrun=true' : ''}`, { contracts }, opts.signal);
  }

  /**
   * `POST /session/verify/<explorer>`: the server imports the explorer's verified source and stores the match (no
   * dry run exists for this route). The API key travels only in the body and is scrubbed from any error text.
   */
  async importFromExplorer(
    explorer: string,
    req: { address: string; chainId: string; apiKey?: string },
    signal?: AbortSignal,
  ): Promise<SessionResponse> {
    const body = { address: req.address, chainId: req.chainId, ...(req.apiKey ? { apiKey: req.apiKey } : {}) };
    return this.post(`/session/verify/${encodeURIComponent(explorer)}`, body, signal, req.apiKey ? [req.apiKey] : []);
  }

  private async post(path: string, body: unknown, signal: AbortSignal | undefined, secrets: string[] = []): Promise<SessionResponse> {
    const res = await this.transport.send('POST', `${this.base}${path}`, { body, jar: this.jar, signal, secrets });
    if (res.status !== 200) throw statusError(res, secrets);
    return parseSessionResponse(res.body, res.url);
  }
}
