// The mirror's two reads of a contract's state before a transaction, each with its zod schema:
// `GET /api/v1/contracts/{idOrAddress}/state?timestamp=lt:{consensus}` (REST module, every version: the contract's
// whole state as of then, paged by `links.next`) and `GET /api/v1/contracts/results/{id}/prestate` (web3 module,
// v0.166+: geth's prestate-tracer shape, the slots the transaction accessed as they were before it). Every page is
// bounded in bytes, the pages per contract are capped, and a next link must move forward, so a hostile mirror (a
// million slots, a links.next loop) costs a bounded number of requests and ends in a note, never a hang.
import { z } from 'zod';
import { ApiError } from '../errors';
import { safeUrl, type HttpClient } from '../http';
import { BODY_LIMITS } from '../net/limits';
import { parseTransactionIdOrHash } from '../ids';
import { required } from '../mirror-client';
import type { Endpoints } from '../networks';
import { nextPageUrl, parsed } from '../contract-results';

/** A storage word as the mirror writes it: exactly 32 bytes of `0x` hex. */
const word32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 32-byte word (0x + 64 hex digits)');
const timestamp = z.string().regex(/^\d{1,10}(\.\d{1,9})?$/, 'expected a timestamp like 1234567890.000000001');

export const contractStateRowSchema = z.looseObject({
  address: z.string().optional(),
  contract_id: z.string().nullable().optional(),
  timestamp: timestamp.optional(),
  slot: word32,
  value: word32,
});

export const contractStatePageSchema = z.looseObject({
  state: z.array(contractStateRowSchema),
  links: z.looseObject({ next: z.string().nullable().optional() }).optional(),
});

/** v0.167 sends some fields as numbers that v0.166 sent as hex strings: both are accepted. */
const quantity = z.union([z.string(), z.number(), z.bigint()]);

export const prestateAccountSchema = z.looseObject({
  balance: quantity.nullable().optional(),
  nonce: quantity.nullable().optional(),
  code: z.string().nullable().optional(),
  storage: z.record(word32, word32).nullable().optional(),
});

export const prestateSchema = z.record(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an EVM address'), prestateAccountSchema);

/** 64 lowercase hex digits, no `0x`: the key and value form of every slot map here. */
const bare = (word: string): string => word.slice(2).toLowerCase();

export interface ContractStateRead {
  /** slot → value, 64 lowercase hex digits each (no `0x`); a slot the mirror did not list is zero when `complete`. */
  slots: Map<string, string>;
  /** False when a cap stopped the walk before the mirror's last page. */
  complete: boolean;
  stoppedBy: 'pages' | 'bytes' | null;
  /** Requests made. */
  requests: number;
}

export interface ContractStateOptions {
  signal?: AbortSignal;
  /** Pages read at most (default 20: 2 000 slots). */
  maxPages?: number;
  /** Response bytes of all pages together (default 4 MiB: ~20 000 rows). */
  maxTotalBytes?: number;
  /** Told before each request (a failed walk's requests count too). */
  onRequest?: () => void;
}

export const STATE_PAGE_SIZE = 100;
export const DEFAULT_STATE_PAGES = 20;
export const DEFAULT_STATE_BYTES = 4 * 1024 * 1024;

/**
 * `contract`'s state before `consensusTimestamp` (`seconds.nanos`): `/state?timestamp=lt:…&limit=100`, paged by
 * `links.next`. A contract of ≤ 99 slots is one request; 100–199, two. Rows must come in ascending slot order across
 * pages, so a link that loops or goes back is refused as a bad response.
 */
export async function fetchContractStateBefore(
  http: HttpClient,
  endpoints: Endpoints,
  contract: string,
  consensusTimestamp: string,
  opts: ContractStateOptions = {},
): Promise<ContractStateRead> {
  if (!/^(0x[0-9a-fA-F]{40}|\d{1,10}\.\d{1,10}\.\d{1,10})$/.test(contract))
    throw new ApiError('invalid-input', 'A contract is named by its EVM address or its id (0.0.1234)');
  if (!timestamp.safeParse(consensusTimestamp).success) throw new ApiError('invalid-input', 'A consensus timestamp is seconds.nanos');
  const path = `/api/v1/contracts/${contract.toLowerCase()}/state`;
  const first = `${endpoints.restUrl}${path}?limit=${STATE_PAGE_SIZE}&order=asc&timestamp=lt:${consensusTimestamp}`;
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
      raw = await http.getJson(url, { signal: opts.signal, maxBodyBytes: Math.min(left, BODY_LIMITS.json) });
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
        throw new ApiError('bad-response', `The mirror sent the state out of slot order or repeated a page (GET ${shown})`, { url: shown });
      lastSlot = slot;
      slots.set(slot, bare(row.value));
    }
    const next = page.links?.next;
    url = next && page.state.length > 0 ? nextPageUrl(endpoints.restUrl, path, next, shown) : undefined;
  }
  return { slots, complete: true, stoppedBy: null, requests };
}

/** Per account (`0x` + 40 lowercase hex), the slots the transaction accessed and their values before it. */
export type Prestate = Map<string, Map<string, string>>;

/** `GET …/contracts/results/{id}/prestate` (v0.166+); a mirror before it answers 404, one with it off 501. */
export async function fetchPrestate(
  http: HttpClient,
  endpoints: Endpoints,
  txIdOrHash: string,
  opts: { signal?: AbortSignal } = {},
): Promise<Prestate> {
  const url = `${endpoints.restUrl}/api/v1/contracts/results/${required(parseTransactionIdOrHash(txIdOrHash)).value}/prestate`;
  const raw = await http.getJson(url, { signal: opts.signal });
  const body = parsed(prestateSchema, raw, 'prestate', safeUrl(url));
  const out: Prestate = new Map();
  for (const [address, account] of Object.entries(body)) {
    out.set(address.toLowerCase(), new Map(Object.entries(account.storage ?? {}).map(([slot, value]) => [bare(slot), bare(value)])));
  }
  return out;
}
