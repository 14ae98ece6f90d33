// Query handling of the REST module: qs parsing with lower-cased keys (middleware/requestHandler.js), then
// utils.buildAndValidateFilters, which reports every problem of the request at once.

import { RestError } from './rest-error';

export type RestQuery = Record<string, string | string[]>;

export interface Filter {
  key: string;
  operator: string;
  value: string;
}

/** config.query.maxRepeatedQueryParameters */
export const MAX_REPEATED_QUERY_PARAMETERS = 100;
/** qs parameterLimit: pairs beyond it are ignored. */
const PARAMETER_LIMIT = 1000;

function qsDecode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * qs.parse followed by key lower-casing and merging of repeats. A plain object keeps JS key order (integer-like
 * keys first), which decides the order of error messages exactly as in the original; keys that would shadow
 * Object.prototype are dropped like qs does.
 */
export function parseRestQuery(search: string): RestQuery {
  const query: RestQuery = {};
  for (const part of search.split('&').slice(0, PARAMETER_LIMIT)) {
    const bracketEquals = part.indexOf(']=');
    const pos = bracketEquals === -1 ? part.indexOf('=') : bracketEquals + 1;
    const rawKey = qsDecode(pos === -1 ? part : part.slice(0, pos));
    const key = rawKey.toLowerCase();
    const value = pos === -1 ? '' : qsDecode(part.slice(pos + 1));
    if (rawKey === '' || Object.hasOwn(Object.prototype, rawKey) || Object.hasOwn(Object.prototype, key)) continue;
    const existing = query[key];
    query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

export type FilterValidator = (key: string, operator: string, value: string) => boolean;

function comparatorFilter(key: string, text: string): Filter {
  const parts = text.split(':');
  return parts.length === 1 ? { key, operator: 'eq', value: text } : { key, operator: parts[0], value: parts[1] };
}

/**
 * utils.buildAndValidateFilters: too many repeats first, then every invalid value, then every unknown
 * parameter (once per occurrence), all in one 400.
 */
export function buildAndValidateFilters(query: RestQuery, accepted: ReadonlySet<string>, validate: FilterValidator): Filter[] {
  const tooMany: string[] = [];
  const filters: Filter[] = [];
  for (const [key, values] of Object.entries(query)) {
    if (Array.isArray(values) && values.length > MAX_REPEATED_QUERY_PARAMETERS) {
      tooMany.push(
        `Parameter values count exceeds maximum number allowed: ${key} count: ${values.length} max: ${MAX_REPEATED_QUERY_PARAMETERS}`,
      );
      continue;
    }
    for (const value of Array.isArray(values) ? values : [values]) filters.push(comparatorFilter(key, value));
  }
  const invalid: string[] = [];
  const unknown: string[] = [];
  for (const filter of filters) {
    if (!accepted.has(filter.key)) unknown.push(`Unknown query parameter: ${filter.key}`);
    else if (!validate(filter.key, filter.operator, filter.value)) invalid.push(`Invalid parameter: ${filter.key}`);
  }
  const problems = [...tooMany, ...invalid, ...unknown];
  if (problems.length > 0) throw new RestError(400, problems);
  return filters;
}

/** utils.isValidTimestampParam */
export function isValidTimestampValue(value: string): boolean {
  return /^\d{1,10}$/.test(value) || /^\d{1,10}\.\d{1,9}$/.test(value);
}

/** utils.parseTimestampParam for an already validated value: seconds[.nanos] to nanoseconds. */
export function timestampToNanos(value: string): bigint {
  const [seconds, nanos = ''] = value.split('.');
  return BigInt(seconds) * 1_000_000_000n + BigInt(nanos.padEnd(9, '0'));
}

/** utils.nsToSecNs */
export function nanosToTimestamp(ns: bigint): string {
  const text = ns.toString();
  return `${text.slice(0, Math.max(0, text.length - 9)) || '0'}.${text.slice(-9).padStart(9, '0')}`;
}

/** The paging parameters every list endpoint validates alike: `limit` a positive integer, `order` asc or desc. */
export function isValidPaging(key: 'limit' | 'order', operator: string, value: string): boolean {
  if (operator !== 'eq') return false;
  return key === 'limit' ? /^\d{1,18}$/.test(value) && BigInt(value) > 0n : /^(asc|desc)$/i.test(value);
}
