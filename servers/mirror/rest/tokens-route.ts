// GET /api/v1/tokens/{tokenId} (tokens.js getTokenInfoRequest at v0.129).

import { stringify } from 'lossless-json';
import type { Reply } from '../respond';
import { parseTokenIdParam } from './entity-id';
import { buildAndValidateFilters, isValidTimestampValue, timestampToNanos, type RestQuery } from './query';
import { notFound, RestError } from './rest-error';
import { restJson } from './rest-reply';
import { formatTokenInfo } from './token-format';
import type { TimestampCondition, TokenStore } from './token-store';

const ACCEPTED_PARAMETERS: ReadonlySet<string> = new Set(['timestamp']);
const TOKEN_CACHE_CONTROL = 'public, max-age=5';

function isValidTokenInfoFilter(key: string, operator: string, value: string): boolean {
  return key === 'timestamp' && ['eq', 'lt', 'lte'].includes(operator) && isValidTimestampValue(value);
}

/** Only the last timestamp counts; `eq` means "as of", i.e. `<=`. */
function timestampCondition(query: RestQuery): TimestampCondition | undefined {
  const last = buildAndValidateFilters(query, ACCEPTED_PARAMETERS, isValidTokenInfoFilter).at(-1);
  if (!last) return undefined;
  return { operator: last.operator === 'lt' ? '<' : '<=', nanos: timestampToNanos(last.value) };
}

export function tokenInfoReply(store: TokenStore, tokenIdParam: string, query: RestQuery): Reply {
  const tokenId = parseTokenIdParam(tokenIdParam);
  if (!tokenId) throw new RestError(400, ['Invalid parameter: tokenid']);
  const at = timestampCondition(query);
  const captured = store.capturedBody(tokenId);
  if (captured !== undefined) return restJson(200, captured, { 'cache-control': TOKEN_CACHE_CONTROL });
  const row = store.tokenInfo(tokenId, at);
  if (!row?.customFee) throw notFound();
  const body = stringify(formatTokenInfo({ ...row, customFee: row.customFee })) ?? 'null';
  return restJson(200, body, { 'cache-control': TOKEN_CACHE_CONTROL });
}
