// GET /api/v1/contracts/results/{transactionIdOrHash}[/actions]: validation and pagination as the REST module's
// contractController does them, data from the trace provider's results.

import { stringify } from 'lossless-json';
import type { Reply } from '../respond';
import { canonicalTransactionId, type ResultRecord, type TraceProvider } from '../trace-provider';
import { buildAndValidateFilters, type Filter, type RestQuery } from './query';
import { notFound, RestError } from './rest-error';
import { restJson } from './rest-reply';

/** hiero.mirror.rest.response.limit.default / .max */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/** A 32-byte Ethereum hash or a 48-byte Hedera transaction hash, `0x` optional. */
const HASH = /^(?:0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/;
const TRANSACTION_ID = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})-(\d{1,19})-(\d{1,9})$/;
/** TransactionId.fromString's message (rest/transactionId.js). */
const INVALID_ID = 'Invalid Transaction id. Please use "shard.realm.num-sss-nnn" format where sss are seconds and nnn are nanoseconds';

const RESULT_PARAMETERS: ReadonlySet<string> = new Set(['nonce', 'hbar']);
const ACTION_PARAMETERS: ReadonlySet<string> = new Set(['index', 'limit', 'order']);

function findResult(traces: TraceProvider, idOrHash: string): ResultRecord {
  const hash = HASH.exec(idOrHash);
  if (hash) return traces.findResult?.('hash', `0x${hash[1].slice(0, 64).toLowerCase()}`) ?? throwNotFound();
  const id = TRANSACTION_ID.exec(idOrHash);
  if (!id) throw new RestError(400, [INVALID_ID]);
  const payer = `${BigInt(id[1])}.${BigInt(id[2])}.${BigInt(id[3])}`;
  return traces.findResult?.('id', canonicalTransactionId(payer, BigInt(id[4]), Number(id[5]))) ?? throwNotFound();
}

function throwNotFound(): never {
  throw notFound();
}

const isNonNegativeInteger = (value: string) => /^\d{1,18}$/.test(value);

function isValidResultFilter(key: string, operator: string, value: string): boolean {
  if (key === 'nonce') return operator === 'eq' && isNonNegativeInteger(value);
  return operator === 'eq' && /^(true|false)$/i.test(value);
}

/** The results here are all of nonce 0 (no child transactions), so another nonce finds nothing. */
export function contractResultReply(traces: TraceProvider, idOrHash: string, query: RestQuery): Reply {
  const filters = buildAndValidateFilters(query, RESULT_PARAMETERS, isValidResultFilter);
  const record = findResult(traces, idOrHash);
  const nonce = filters.filter((f) => f.key === 'nonce').at(-1);
  if (nonce && BigInt(nonce.value) !== 0n) throw notFound();
  return restJson(200, stringify(record.result) ?? 'null');
}

function isValidActionFilter(key: string, operator: string, value: string): boolean {
  switch (key) {
    case 'index':
      return /^(eq|gt|gte|lt|lte)$/.test(operator) && isNonNegativeInteger(value);
    case 'limit':
      return operator === 'eq' && /^\d{1,18}$/.test(value) && BigInt(value) > 0n;
    default:
      return operator === 'eq' && /^(asc|desc)$/i.test(value);
  }
}

const MATCHES: Record<string, (index: number, bound: number) => boolean> = {
  eq: (i, b) => i === b,
  gt: (i, b) => i > b,
  gte: (i, b) => i >= b,
  lt: (i, b) => i < b,
  lte: (i, b) => i <= b,
};

/**
 * One page of actions. `links.next` continues after the page's last index whenever the page is full (so a full
 * last page links to an empty one, as the real server does), keeping the caller's other filters.
 */
export function contractActionsReply(traces: TraceProvider, idOrHash: string, path: string, query: RestQuery): Reply {
  const filters = buildAndValidateFilters(query, ACTION_PARAMETERS, isValidActionFilter);
  const record = findResult(traces, idOrHash);
  const last = (key: string): Filter | undefined => filters.filter((f) => f.key === key).at(-1);
  const limit = Math.min(Number(last('limit')?.value ?? DEFAULT_LIMIT), MAX_LIMIT);
  const order = (last('order')?.value ?? 'asc').toLowerCase() as 'asc' | 'desc';
  const bounds = filters.filter((f) => f.key === 'index');
  const matching = record.actions.filter((a) => bounds.every((f) => MATCHES[f.operator]!(a.index, Number(f.value))));
  const sorted = order === 'asc' ? matching : [...matching].reverse();
  const page = sorted.slice(0, limit);
  let next: string | null = null;
  if (page.length === limit && page.length > 0) {
    const kept = bounds.filter((f) => !f.operator.startsWith(order === 'asc' ? 'gt' : 'lt'));
    const params = [`limit=${limit}`, ...(order === 'desc' ? ['order=desc'] : []), ...kept.map((f) => `index=${f.operator}:${f.value}`)];
    params.push(`index=${order === 'asc' ? 'gt' : 'lt'}:${page.at(-1)!.index}`);
    next = `${path}?${params.join('&')}`;
  }
  return restJson(200, stringify({ actions: page, links: { next } }) ?? 'null');
}
