// Sourcify API v2 (sourcify.dev, where Hedera verifies since 2026): submit standard JSON, then poll the job.
// Errors arrive as `{customCode, message, errorId}`; 409 `already_verified` is an outcome, not a failure.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ApiError } from '../errors';
import type { StdJsonInput } from './std-json';
import { statusError, type VerifyTransport } from './transport';

const match = z.enum(['exact_match', 'match']).nullable().optional();

const contract = z.looseObject({
  match,
  creationMatch: match,
  runtimeMatch: match,
  chainId: z.union([z.string(), z.number()]).optional(),
  address: z.string().optional(),
  verifiedAt: z.string().optional(),
});

const job = z.looseObject({
  isJobCompleted: z.boolean(),
  verificationId: z.string(),
  contract: contract.optional(),
  error: z.looseObject({ customCode: z.string().optional(), message: z.string() }).optional(),
});

export type V2Contract = z.infer<typeof contract>;
export type V2Job = z.infer<typeof job>;

export interface V2Submission {
  stdJsonInput: StdJsonInput;
  compilerVersion: string;
  /** `<source path>:<ContractName>` */
  contractIdentifier: string;
  creationTransactionHash?: string;
}

export type V2SubmitResult = { verificationId: string } | { alreadyVerified: true; message: string };

/** How long a v2 job may take by default; the CLI's --poll-timeout and the setting ledgerMirror.verify.pollTimeoutSeconds change it. */
export const DEFAULT_POLL_TIMEOUT_S = 300;

export interface PollOptions {
  signal?: AbortSignal;
  /** Give up after this long (default DEFAULT_POLL_TIMEOUT_S). */
  timeoutMs?: number;
  /** First wait between polls; doubles up to maxDelayMs (defaults 500 ms and 3 s, hardhat-verify's pace). */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

function parse<T>(schema: z.ZodType<T>, body: unknown, url: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ApiError('bad-response', `Unexpected v2 response: ${parsed.error.issues[0].message} (${url})`, { url });
}

export class V2Client {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly transport: VerifyTransport,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  async submit(chainId: string, address: string, submission: V2Submission, signal?: AbortSignal): Promise<V2SubmitResult> {
    return this.started(`${this.base}/v2/verify/${chainId}/${address}`, submission, signal);
  }

  /**
   * `POST /v2/verify/<explorer>/{chainId}/{address}`: the server fetches the explorer's verified source and runs a job
   * on it. The API key travels only in the body and is scrubbed from any error text.
   */
  async importFromExplorer(
    explorer: string,
    chainId: string,
    address: string,
    apiKey: string | undefined,
    signal?: AbortSignal,
  ): Promise<V2SubmitResult> {
    const url = `${this.base}/v2/verify/${encodeURIComponent(explorer)}/${chainId}/${address}`;
    return this.started(url, apiKey ? { apiKey } : {}, signal, apiKey ? [apiKey] : []);
  }

  /** A request that starts a job: 202 with its id, or 409 when the contract is already verified. */
  private async started(url: string, body: unknown, signal: AbortSignal | undefined, secrets: string[] = []): Promise<V2SubmitResult> {
    const res = await this.transport.send('POST', url, { body, signal, secrets });
    if (res.status === 409)
      return { alreadyVerified: true, message: (res.body as { message?: string } | undefined)?.message ?? 'Already verified' };
    if (res.status !== 202 && res.status !== 200) throw statusError(res, secrets);
    return parse(z.looseObject({ verificationId: z.string() }), res.body, res.url);
  }

  async job(verificationId: string, signal?: AbortSignal): Promise<V2Job> {
    const res = await this.transport.send('GET', `${this.base}/v2/verify/${encodeURIComponent(verificationId)}`, { signal });
    if (res.status !== 200) throw statusError(res);
    return parse(job, res.body, res.url);
  }

  /** Polls until the job completes, backing off; cancelled by `signal`, ApiError('timeout') after `timeoutMs`. */
  async waitForJob(verificationId: string, opts: PollOptions = {}): Promise<V2Job> {
    const timeoutMs = opts.timeoutMs ?? DEFAULT_POLL_TIMEOUT_S * 1000;
    const deadline = Date.now() + timeoutMs;
    let delay = opts.firstDelayMs ?? 500;
    const maxDelay = opts.maxDelayMs ?? 3000;
    for (;;) {
      const current = await this.job(verificationId, opts.signal);
      if (current.isJobCompleted) return current;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new ApiError(
          'timeout',
          `Verification job ${verificationId} did not finish in ${timeoutMs < 10_000 ? Number((timeoutMs / 1000).toPrecision(2)) : Math.round(timeoutMs / 1000)} s`,
          {
            url: `${this.base}/v2/verify/${verificationId}`,
          },
        );
      }
      try {
        await sleep(Math.min(delay, left), undefined, { signal: opts.signal });
      } catch (err) {
        throw new ApiError('cancelled', 'Verification cancelled', { cause: err });
      }
      delay = Math.min(delay * 2, maxDelay);
    }
  }

  /** The stored match for an address, or undefined when the contract is not verified (404). */
  async lookup(chainId: string, address: string, signal?: AbortSignal): Promise<V2Contract | undefined> {
    const res = await this.transport.send('GET', `${this.base}/v2/contract/${chainId}/${address}`, { signal });
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw statusError(res);
    return parse(contract, res.body, res.url);
  }
}
