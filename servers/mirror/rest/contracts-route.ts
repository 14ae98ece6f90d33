// GET /api/v1/contracts/{contractIdOrAddress}: validation as in contractController.js, data from the trace provider.

import { stringify } from 'lossless-json';
import type { Reply } from '../respond';
import type { TraceProvider } from '../trace-provider';
import { entityKey, isEntityId, isEvmAddressAlias, isValidEntityId, isValidEvmAddress, parseEntityIdWithDefaults } from './entity-id';
import { buildAndValidateFilters, isValidTimestampValue, type RestQuery } from './query';
import { notFound, RestError } from './rest-error';
import { restJson } from './rest-reply';

const ACCEPTED_PARAMETERS: ReadonlySet<string> = new Set(['timestamp']);
const invalidContractId = (): RestError => new RestError(400, ['Invalid parameter: contractid']);

function isValidContractFilter(key: string, operator: string, value: string): boolean {
  return key === 'timestamp' && /^(gte?|lte?|eq|ne)$/.test(operator) && isValidTimestampValue(value);
}

/** The provider's lookup key: `0x` + address for opaque EVM addresses, `s.r.n` for ids and long-zero addresses. */
export function contractKey(param: string): string {
  if (!isValidEvmAddress(param, 'ANY') && !isValidEntityId(param)) throw invalidContractId();
  const stripped = param.startsWith('0x') ? param.slice(2) : param;
  if (isEvmAddressAlias(stripped)) return `0x${(stripped.split('.').at(-1) ?? '').toLowerCase()}`;
  const parsed = parseEntityIdWithDefaults(stripped, 'ANY');
  if (!parsed || !isEntityId(parsed)) throw invalidContractId();
  return entityKey(parsed);
}

export function contractReply(traces: TraceProvider, contractParam: string, query: RestQuery): Reply {
  const key = contractKey(contractParam);
  // The timestamp filter is validated like the real endpoint's; contracts here have no history to choose from.
  buildAndValidateFilters(query, ACCEPTED_PARAMETERS, isValidContractFilter);
  const contract = traces.findContract(key);
  if (!contract) throw notFound();
  return restJson(200, stringify(contract.body) ?? 'null');
}
