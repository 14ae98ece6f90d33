// GET /api/v1/contracts/{contractIdOrAddress}/results: a contract's results, newest first by default, as the REST
// module's contractController.getContractResultsById lists them (rest/__tests__/specs/contracts/{id}/results/*.json):
// the per-contract row (no `result`, `status` or `block_*`: a failure is known by its `error_message`), `limit`
// (default 25, at most 100), `order`, `timestamp` with comparison operators, and `links.next` continuing with
// `timestamp=lt:` (or `gt:` ascending) after a full page. The other filters of the real endpoint are validated and
// accepted; they narrow nothing here (every result is a top-level call, block filters do not apply to one block each).
import { stringify } from 'lossless-json';
import type { Reply } from '../respond';
import type { TraceProvider } from '../trace-provider';
import { contractKey } from './contracts-route';
import { buildAndValidateFilters, isValidPaging, isValidTimestampValue, timestampToNanos, type Filter, type RestQuery } from './query';
import { RestError } from './rest-error';
import { restJson } from './rest-reply';

/** hiero.mirror.rest.response.limit.default / .max */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

const ACCEPTED: ReadonlySet<string> = new Set([
  'block.hash',
  'block.number',
  'from',
  'internal',
  'limit',
  'order',
  'timestamp',
  'transaction.index',
]);

/** The per-contract list's row: these fields of the result's detail, in the mirror's (alphabetical) order. */
const ROW_FIELDS = [
  'address',
  'amount',
  'authorization_list',
  'bloom',
  'call_result',
  'contract_id',
  'created_contract_ids',
  'error_message',
  'from',
  'function_parameters',
  'gas_consumed',
  'gas_limit',
  'gas_used',
  'hash',
  'timestamp',
  'to',
] as const;

function isValidFilter(key: string, operator: string, value: string): boolean {
  const comparison = /^(eq|gt|gte|lt|lte)$/.test(operator);
  switch (key) {
    case 'limit':
    case 'order':
      return isValidPaging(key, operator, value);
    case 'timestamp':
      return (comparison || operator === 'ne') && isValidTimestampValue(value);
    case 'internal':
      return operator === 'eq' && /^(true|false)$/i.test(value);
    case 'block.number':
    case 'transaction.index':
      return comparison && /^\d{1,18}$/.test(value);
    case 'block.hash':
      return operator === 'eq' && /^(0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/.test(value);
    default:
      // from: an account id or an EVM address
      return comparison && (/^(\d{1,4}\.)?(\d{1,5}\.)?\d{1,12}$/.test(value) || /^(0x)?[0-9a-fA-F]{40}$/.test(value));
  }
}

const COMPARE: Record<string, (a: bigint, b: bigint) => boolean> = {
  eq: (a, b) => a === b,
  ne: (a, b) => a !== b,
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
};

function rowOf(result: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(ROW_FIELDS.map((field) => [field, result[field] ?? null]));
}

/**
 * One page of the contract's results. An id the mirror has no results for answers an empty page (a valid id is
 * not looked up first); an EVM address no contract has is a 404, as the REST module cannot resolve it to an id.
 */
export function contractResultsListReply(traces: TraceProvider, contractParam: string, path: string, query: RestQuery): Reply {
  const key = contractKey(contractParam);
  const filters = buildAndValidateFilters(query, ACCEPTED, isValidFilter);
  const last = (name: string): Filter | undefined => filters.filter((f) => f.key === name).at(-1);
  const limit = Math.min(Number(last('limit')?.value ?? DEFAULT_LIMIT), MAX_LIMIT);
  const order = (last('order')?.value ?? 'desc').toLowerCase() as 'asc' | 'desc';
  const bounds = filters.filter((f) => f.key === 'timestamp').map((f) => ({ operator: f.operator, nanos: timestampToNanos(f.value) }));
  const results = traces.listResults?.(key) ?? noResults(key);
  const matching = results
    .map((r) => rowOf(r.result as Record<string, unknown>))
    .filter((row) => bounds.every((b) => COMPARE[b.operator]!(timestampToNanos(String(row.timestamp)), b.nanos)))
    .sort((a, b) => {
      const [x, y] = [timestampToNanos(String(a.timestamp)), timestampToNanos(String(b.timestamp))];
      return (x < y ? -1 : x > y ? 1 : 0) * (order === 'asc' ? 1 : -1);
    });
  const page = matching.slice(0, limit);
  let next: string | null = null;
  if (page.length === limit && page.length > 0) {
    const kept = filters.filter(
      (f) => f.key !== 'limit' && f.key !== 'order' && !(f.key === 'timestamp' && f.operator.startsWith(order === 'asc' ? 'gt' : 'lt')),
    );
    const params = [
      `limit=${limit}`,
      ...(order === 'asc' ? ['order=asc'] : []),
      ...kept.map((f) => `${f.key}=${f.operator === 'eq' ? '' : `${f.operator}:`}${f.value}`),
    ];
    params.push(`timestamp=${order === 'asc' ? 'gt' : 'lt'}:${String(page.at(-1)!.timestamp)}`);
    next = `${path}?${params.join('&')}`;
  }
  return restJson(200, stringify({ results: page, links: { next } }) ?? 'null');
}

/** contractService.getContractIdByEvmAddress (v0.129 wording) for an address; an id simply has no rows. */
function noResults(key: string): [] {
  if (key.startsWith('0x')) throw new RestError(404, [`No contract with the given evm address ${key} has been found.`]);
  return [];
}
