// The schema of `GET /contracts/{contractIdOrAddress}/results` (read by core/mirror/client.ts): one page of a contract's results, newest first, as the
// REST module lists them. The per-contract row has no `result` or `status` (unlike the single result's detail): a
// failure is known by its `error_message`. Pages hold at most 100 rows (the mirror's maximum `limit`); a next link is
// followed only under our REST URL and this contract's path, and only once per walk (core/results/results-walk.ts).
import { z } from 'zod';
import { shownInt64 } from '../approximate';
import { ApiError } from '../errors';

/** The mirror's largest page. */
export const MAX_PAGE_ROWS = 100;
export const DEFAULT_PAGE_ROWS = 25;
/**
 * A page's body: 100 rows of calldata as large as an Ethereum transaction's call data file can make them fits well
 * under this; a larger answer is refused unread as too large.
 */
export const MAX_PAGE_BYTES = 8 * 1024 * 1024;

const entityId = z.string().regex(/^\d{1,10}\.\d{1,10}\.\d{1,10}$/, 'expected an entity id like 0.0.1234');
const timestamp = z.string().regex(/^\d{1,10}\.\d{1,9}$/, 'expected a timestamp like 1234567890.000000001');
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex');
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an EVM address (0x + 40 hex digits)');

/** One row of the per-contract list; loose, so fields a newer mirror adds (authorization_list) are kept. */
export const contractResultRowSchema = z.looseObject({
  address: evmAddress.nullable().optional(),
  amount: shownInt64.nullable().optional(),
  call_result: hex.nullable().optional(),
  contract_id: entityId.nullable().optional(),
  /** Revert data as hex, or a halt's reason or status name as text; null on success. */
  error_message: z.string().nullable().optional(),
  from: evmAddress.nullable().optional(),
  function_parameters: hex.nullable().optional(),
  gas_consumed: shownInt64.nullable().optional(),
  gas_limit: shownInt64.nullable().optional(),
  gas_used: shownInt64.nullable().optional(),
  hash: z.string().regex(/^0x([0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/, 'expected a 32- or 48-byte hash'),
  timestamp,
  to: evmAddress.nullable().optional(),
});

export const contractResultsPageSchema = z.looseObject({
  results: z.array(contractResultRowSchema).max(MAX_PAGE_ROWS, `expected at most ${MAX_PAGE_ROWS} rows`),
  links: z.looseObject({ next: z.string().nullable().optional() }).optional(),
});

export type ContractResultRow = z.infer<typeof contractResultRowSchema>;

export interface ResultsPage {
  rows: ContractResultRow[];
  /** The next page's URL (under our REST URL), or null on the last page. */
  next: string | null;
  /** This page's URL, without credentials. */
  url: string;
}

/**
 * A 404 either names the address (the mirror knows no such contract) or is the plain "Not found" of a mirror that
 * has no such route (an id the mirror knows nothing of is an empty page, not a 404).
 */
export function explained(err: unknown, contract: string, url: string): unknown {
  if (!(err instanceof ApiError) || err.kind !== 'not-found') return err;
  const unknownContract = err.messages.some((m) => /no contract/i.test(m.message));
  const message = unknownContract
    ? `The mirror knows no contract ${contract.trim()} (GET ${url} answered 404)`
    : `This mirror does not list a contract's results (GET ${url} answered 404 Not found); it may be older than the endpoint or a proxy may not route it`;
  return new ApiError('not-found', message, { status: err.status, url, messages: err.messages });
}
