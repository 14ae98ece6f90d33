// GET /api/v1/contracts/{contractIdOrAddress}/state: a contract's slots, as the REST module answers it
// (rest/__tests__/specs/contracts/{id}/state/*.json): rows `{address, contract_id, timestamp, slot, value}` with
// 32-byte `0x` slots and values, sorted by slot (`order`, default asc), `limit` (default 25, at most 100), `slot` and
// `timestamp` with comparison operators (with `timestamp`, each slot's value as of the newest accepted change; without,
// the current state), and `links.next` continuing after a full page with `slot=gt:` (or `lt:` descending).
import { stringify } from 'lossless-json';
import type { Reply } from '../respond';
import type { TraceProvider } from '../trace-provider';
import { contractKey } from './contracts-route';
import {
  buildAndValidateFilters,
  isValidPaging,
  isValidTimestampValue,
  nanosToTimestamp,
  timestampToNanos,
  type Filter,
  type RestQuery,
} from './query';
import { notFound } from './rest-error';
import { restJson } from './rest-reply';

/** hiero.mirror.rest.response.limit.default / .max */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
const ACCEPTED: ReadonlySet<string> = new Set(['limit', 'order', 'slot', 'timestamp']);
const SLOT_TEXT = /^(0x)?[0-9a-fA-F]{1,64}$/;

function isValidFilter(key: string, operator: string, value: string): boolean {
  const comparison = /^(eq|gt|gte|lt|lte)$/.test(operator);
  switch (key) {
    case 'limit':
    case 'order':
      return isValidPaging(key, operator, value);
    case 'slot':
      return comparison && SLOT_TEXT.test(value);
    default:
      return comparison && isValidTimestampValue(value);
  }
}

const COMPARE: Record<string, <T extends bigint | string>(a: T, b: T) => boolean> = {
  eq: (a, b) => a === b,
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
};

const slotWord = (value: string): string => value.replace(/^0x/i, '').toLowerCase().padStart(64, '0');

/** One page of the contract's state. A contract the mirror does not know is a 404 "Not found". */
export function contractStateReply(traces: TraceProvider, contractParam: string, path: string, query: RestQuery): Reply {
  const key = contractKey(contractParam);
  const filters = buildAndValidateFilters(query, ACCEPTED, isValidFilter);
  const last = (name: string): Filter | undefined => filters.filter((f) => f.key === name).at(-1);
  const limit = Math.min(Number(last('limit')?.value ?? DEFAULT_LIMIT), MAX_LIMIT);
  const order = (last('order')?.value ?? 'asc').toLowerCase() as 'asc' | 'desc';
  const times = filters.filter((f) => f.key === 'timestamp').map((f) => ({ operator: f.operator, nanos: timestampToNanos(f.value) }));
  const slots = filters.filter((f) => f.key === 'slot').map((f) => ({ operator: f.operator, word: slotWord(f.value) }));
  const contract = traces.contractState?.(key);
  if (!contract) throw notFound();
  const rows = contract
    .state((t) => times.every((b) => COMPARE[b.operator]!(t, b.nanos)))
    .filter((row) => slots.every((s) => COMPARE[s.operator]!(row.slot, s.word)));
  if (order === 'desc') rows.reverse();
  const page = rows.slice(0, limit).map((row) => ({
    address: contract.evmAddress,
    contract_id: contract.contractId,
    timestamp: nanosToTimestamp(row.timestamp),
    slot: `0x${row.slot}`,
    value: `0x${row.value}`,
  }));
  let next: string | null = null;
  if (page.length === limit) {
    const kept = filters.filter(
      (f) => f.key === 'timestamp' || (f.key === 'slot' && !f.operator.startsWith(order === 'asc' ? 'gt' : 'lt')),
    );
    const params = [
      `limit=${limit}`,
      ...(order === 'desc' ? ['order=desc'] : []),
      ...kept.map((f) => `${f.key}=${f.operator === 'eq' ? '' : `${f.operator}:`}${f.value}`),
      `slot=${order === 'asc' ? 'gt' : 'lt'}:${page.at(-1)!.slot}`,
    ];
    next = `${path}?${params.join('&')}`;
  }
  return restJson(200, stringify({ state: page, links: { next } }) ?? 'null');
}
