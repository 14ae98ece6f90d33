// The mirror's one client: every REST and web3 endpoint the project calls is a method here, with its path built in
// one place (MIRROR_PATHS) and its answer checked by one zod schema. Inputs are checked first (ids.ts), so a typo
// costs no request; the transport (HttpClient) maps statuses to ApiError kinds. No other file in src/ spells
// `/api/v1/`, and a unit test keeps it so.
import {
  contractActionsPageSchema,
  contractResultSchema,
  keptBytes,
  MAX_ACTIONS_BYTES,
  nextPageUrl,
  parsed,
  type ContractAction,
  type ContractActionsResponse,
  type ContractResultResponse,
} from '../contract-results';
import { ApiError } from '../errors';
import { safeUrl, type HttpClient, type RequestOptions, type StreamResponse } from '../http';
import { parseTimestampFilter, parseTokenId, parseTransactionIdOrHash, required, type TransactionRef } from '../ids';
import { BODY_LIMITS } from '../net/limits';
import type { Endpoints } from '../networks';
import { parseContractRef } from '../results/contract-ref';
import {
  contractResultsPageSchema,
  explained,
  MAX_PAGE_BYTES,
  MAX_PAGE_ROWS,
  DEFAULT_PAGE_ROWS,
  type ResultsPage,
} from '../results/results-page';
import {
  chainCode,
  contractBodyError,
  mirrorContractSchema,
  MAX_CONTRACT_BODY_BYTES,
  type ChainCode,
  type MirrorContract,
} from '../sourcemap/contract-code';
import type { TraceParts } from '../trace/trace';
import { MIRROR_PATHS } from './paths';
import {
  bare,
  contractStatePageSchema,
  DEFAULT_STATE_BYTES,
  DEFAULT_STATE_PAGES,
  prestateSchema,
  STATE_PAGE_SIZE,
  timestamp,
  type ContractStateOptions,
  type ContractStateRead,
  type Prestate,
} from '../state/state-schemas';
import { parseToken, type Token } from '../token';

export interface TokenResult {
  token: Token;
  /** The body exactly as parsed (lossless), for output that must reproduce every field and digit. */
  raw: unknown;
  url: string;
}

export interface ActionsRequestOptions {
  signal?: AbortSignal;
  /** Actions per page, 1–100 (the mirror's maximum, default here). */
  pageSize?: number;
  /** Pages read at most (default 50, i.e. 5 000 actions at the default size); a loop of calls can open many more. */
  maxPages?: number;
  /** Response bytes of all pages together (default MAX_ACTIONS_BYTES): each page may take what the ones before left. */
  maxTotalBytes?: number;
}

export interface ResultsPageOptions {
  /** Rows per page, 1–100 (default 25). */
  limit?: number;
  /** A next link from the page before (already checked); when given, `limit` is the link's. */
  next?: string;
  signal?: AbortSignal;
}

export type OpcodesRequestOptions = Pick<RequestOptions, 'signal' | 'onRetry' | 'maxBodyBytes'>;

const DEFAULT_ACTIONS_PAGE = 100;
const DEFAULT_MAX_ACTION_PAGES = 50;

export class MirrorClient {
  /** REST and web3 roots without a trailing slash (a configured URL may carry a path prefix). */
  readonly restUrl: string;
  readonly web3Url: string;

  constructor(
    endpoints: Pick<Endpoints, 'restUrl' | 'web3Url'>,
    readonly http: HttpClient,
  ) {
    this.restUrl = endpoints.restUrl.replace(/\/+$/, '');
    this.web3Url = endpoints.web3Url.replace(/\/+$/, '');
  }

  /** `GET /tokens/{id}`, optionally as of a timestamp filter (`[eq|lt|lte:]seconds[.nanos]`). */
  async token(tokenId: string, opts: { timestamp?: string; signal?: AbortSignal } = {}): Promise<TokenResult> {
    const id = required(parseTokenId(tokenId));
    const filter = opts.timestamp === undefined ? undefined : required(parseTimestampFilter(opts.timestamp));
    // The filter holds only [a-z0-9.:], so it goes in unescaped and the URL in logs reads as typed.
    const url = `${this.restUrl}${MIRROR_PATHS.token(id)}${filter ? `?timestamp=${filter.query}` : ''}`;
    const raw = await this.http.getJson(url, { signal: opts.signal });
    const shown = safeUrl(url);
    return { token: parseToken(raw, shown), raw, url: shown };
  }

  /**
   * `GET /contracts/{id}`, bounded before it is parsed (its codes are at most 1 MiB each); undefined when the mirror
   * knows no contract there (an account, a system contract).
   */
  async contract(idOrAddress: string, signal?: AbortSignal): Promise<MirrorContract | undefined> {
    const url = `${this.restUrl}${MIRROR_PATHS.contract(idOrAddress)}`;
    let body: unknown;
    try {
      body = await this.http.getJson(url, { signal, maxBodyBytes: MAX_CONTRACT_BODY_BYTES });
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'not-found') return undefined;
      throw err;
    }
    const result = mirrorContractSchema.safeParse(body);
    if (!result.success) throw contractBodyError(result.error, idOrAddress, safeUrl(url));
    return result.data;
  }

  /** The code a trace frame ran: runtime code and, for contracts a transaction deployed, init code. */
  async contractCode(address: string, signal?: AbortSignal): Promise<ChainCode | undefined> {
    const contract = await this.contract(address, signal);
    return contract && chainCode(contract);
  }

  /** The EVM address of a Hedera `0.0.x` contract id (`evm_address`), as HashScan resolves it. */
  async evmAddress(id: string, signal?: AbortSignal): Promise<string> {
    const contract = await this.contract(id, signal);
    const url = safeUrl(`${this.restUrl}${MIRROR_PATHS.contract(id)}`);
    if (!contract) throw new ApiError('not-found', `The mirror knows no contract ${id} (${url})`, { url });
    if (!contract.evm_address) throw new ApiError('bad-response', `The mirror's contract ${id} has no EVM address (${url})`, { url });
    return contract.evm_address;
  }

  /** One page of `GET /contracts/{id}/results`, newest first; the contract is checked first. */
  async contractResultsPage(contract: string, opts: ResultsPageOptions = {}): Promise<ResultsPage> {
    const path = MIRROR_PATHS.contractResults(required(parseContractRef(contract)).value);
    const limit = opts.limit ?? DEFAULT_PAGE_ROWS;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_ROWS)
      throw new ApiError('invalid-input', `The page size must be 1–${MAX_PAGE_ROWS}, got ${limit}`);
    const url = opts.next ?? `${this.restUrl}${path}?order=desc&limit=${limit}`;
    const shown = safeUrl(url);
    let raw: unknown;
    try {
      raw = await this.http.getJson(url, { signal: opts.signal, maxBodyBytes: MAX_PAGE_BYTES });
    } catch (err) {
      throw explained(err, contract, shown);
    }
    const body = parsed(contractResultsPageSchema, raw, 'contract results page', shown);
    const link = body.links?.next;
    const next = link && body.results.length > 0 ? nextPageUrl(this.restUrl, path, link, shown) : null;
    return { rows: body.results, next, url: shown };
  }

  /** `GET /contracts/results/{id}`: one transaction's result. */
  async contractResult(txIdOrHash: string, opts: { signal?: AbortSignal } = {}): Promise<ContractResultResponse> {
    const url = `${this.restUrl}${MIRROR_PATHS.contractResult(transactionOf(txIdOrHash))}`;
    const raw = await this.http.getJson(url, { signal: opts.signal });
    const shown = safeUrl(url);
    return { result: parsed(contractResultSchema, raw, 'contract result', shown), raw, url: shown };
  }

  /**
   * Every action of a transaction (`GET /contracts/results/{id}/actions`), following `links.next` up to `maxPages`
   * pages. A next link is followed only when it names the same actions path (re-rooted under our REST URL) and moves
   * forward, so a hostile server can neither redirect the client nor keep it paging forever.
   */
  async contractActions(txIdOrHash: string, opts: ActionsRequestOptions = {}): Promise<ContractActionsResponse> {
    const path = MIRROR_PATHS.contractActions(transactionOf(txIdOrHash));
    const pageSize = opts.pageSize ?? DEFAULT_ACTIONS_PAGE;
    const maxPages = opts.maxPages ?? DEFAULT_MAX_ACTION_PAGES;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      throw new ApiError('invalid-input', `The page size must be 1–100, got ${pageSize}`);
    if (!Number.isInteger(maxPages) || maxPages < 1)
      throw new ApiError('invalid-input', `The page count must be a positive integer, got ${maxPages}`);
    const first = `${this.restUrl}${path}?limit=${pageSize}`;
    const actions: ContractAction[] = [];
    let url: string | undefined = first;
    let left = opts.maxTotalBytes ?? MAX_ACTIONS_BYTES;
    for (let page = 0; url !== undefined; page++) {
      if (page === maxPages) return { actions, complete: false, stoppedBy: 'pages', url: safeUrl(first) };
      const shown = safeUrl(url);
      let raw: unknown;
      try {
        raw = await this.http.getJson(url, { signal: opts.signal, maxBodyBytes: Math.min(left, BODY_LIMITS.json) });
      } catch (err) {
        // The page over what is left is dropped unread; the first page has the whole budget, so its failure is its own.
        if (page > 0 && err instanceof ApiError && err.kind === 'too-large')
          return { actions, complete: false, stoppedBy: 'bytes', url: safeUrl(first) };
        throw err;
      }
      const body = parsed(contractActionsPageSchema, raw, 'contract actions page', shown);
      left -= body.actions.reduce((sum, a) => sum + keptBytes(a), 0);
      for (const action of body.actions as ContractAction[]) {
        const previous = actions.at(-1);
        if (previous && action.index <= previous.index) {
          throw new ApiError(
            'bad-response',
            `The mirror sent the actions out of order: index ${action.index} after ${previous.index} (GET ${shown})`,
            { url: shown },
          );
        }
        actions.push(action);
      }
      const next: string | null | undefined = body.links?.next;
      url = next && body.actions.length > 0 ? nextPageUrl(this.restUrl, path, next, shown) : undefined;
    }
    return { actions, complete: true, stoppedBy: null, url: safeUrl(first) };
  }

  /**
   * `contract`'s state before `consensusTimestamp` (`seconds.nanos`): `/state?timestamp=lt:…&limit=100`, paged by
   * `links.next`. A contract of ≤ 99 slots is one request; 100–199, two. Rows must come in ascending slot order across
   * pages, so a link that loops or goes back is refused as a bad response.
   */
  async contractStateBefore(contract: string, consensusTimestamp: string, opts: ContractStateOptions = {}): Promise<ContractStateRead> {
    if (!/^(0x[0-9a-fA-F]{40}|\d{1,10}\.\d{1,10}\.\d{1,10})$/.test(contract))
      throw new ApiError('invalid-input', 'A contract is named by its EVM address or its id (0.0.1234)');
    if (!timestamp.safeParse(consensusTimestamp).success) throw new ApiError('invalid-input', 'A consensus timestamp is seconds.nanos');
    const path = MIRROR_PATHS.contractState(contract.toLowerCase());
    const first = `${this.restUrl}${path}?limit=${STATE_PAGE_SIZE}&order=asc&timestamp=lt:${consensusTimestamp}`;
    const maxPages = opts.maxPages ?? DEFAULT_STATE_PAGES;
    let left = opts.maxTotalBytes ?? DEFAULT_STATE_BYTES;
    const slots = new Map<string, string>();
    let lastSlot = '';
    let url: string | undefined = first;
    let requests = 0;
    for (; url !== undefined; requests++) {
      if (requests === maxPages) return { slots, complete: false, stoppedBy: 'pages', requests };
      const shown = safeUrl(url);
      let raw: unknown;
      opts.onRequest?.();
      try {
        raw = await this.http.getJson(url, { signal: opts.signal, maxBodyBytes: Math.min(left, BODY_LIMITS.json) });
      } catch (err) {
        if (requests > 0 && err instanceof ApiError && err.kind === 'too-large')
          return { slots, complete: false, stoppedBy: 'bytes', requests: requests + 1 };
        throw err;
      }
      const page = parsed(contractStatePageSchema, raw, 'contract state page', shown);
      // What a row costs: its two words and the fields around them.
      left -= page.state.length * 256;
      for (const row of page.state) {
        const slot = bare(row.slot);
        if (slot <= lastSlot)
          throw new ApiError('bad-response', `The mirror sent the state out of slot order or repeated a page (GET ${shown})`, {
            url: shown,
          });
        lastSlot = slot;
        slots.set(slot, bare(row.value));
      }
      const next = page.links?.next;
      url = next && page.state.length > 0 ? nextPageUrl(this.restUrl, path, next, shown) : undefined;
    }
    return { slots, complete: true, stoppedBy: null, requests };
  }

  /** `GET {web3}/contracts/results/{id}/prestate` (v0.166+); a mirror before it answers 404, one with it off 501. */
  async prestate(txIdOrHash: string, opts: { signal?: AbortSignal } = {}): Promise<Prestate> {
    const url = `${this.web3Url}${MIRROR_PATHS.prestate(transactionOf(txIdOrHash))}`;
    const raw = await this.http.getJson(url, { signal: opts.signal });
    const body = parsed(prestateSchema, raw, 'prestate', safeUrl(url));
    const out: Prestate = new Map();
    for (const [address, account] of Object.entries(body)) {
      out.set(address.toLowerCase(), new Map(Object.entries(account.storage ?? {}).map(([slot, value]) => [bare(slot), bare(value)])));
    }
    return out;
  }

  /**
   * `GET {web3}/contracts/results/{id}/opcodes?stack=&memory=&storage=` as a stream (core/opcodes-client.ts decodes
   * it while it arrives); requests to one host are spaced 1 s apart, as the mirror allows.
   */
  opcodes(transaction: TransactionRef, parts: TraceParts, opts: OpcodesRequestOptions = {}): Promise<StreamResponse> {
    return this.http.getStream(this.opcodesUrl(transaction, parts), { ...opts, serializeHost: true });
  }

  opcodesUrl(transaction: TransactionRef, parts: TraceParts): string {
    return `${this.web3Url}${MIRROR_PATHS.opcodes(transaction.value)}?stack=${parts.stack}&memory=${parts.memory}&storage=${parts.storage}`;
  }
}

const transactionOf = (txIdOrHash: string): string => required(parseTransactionIdOrHash(txIdOrHash)).value;
