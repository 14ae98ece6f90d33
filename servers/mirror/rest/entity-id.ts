// Entity ids as the REST module (rest/entityId.js at v0.129) parses them: `shard.realm.num`, `realm.num`, an
// encoded integer, or a 20-byte EVM address. The system shard and realm are 0, as on every public network.

export interface EntityId {
  shard: bigint;
  realm: bigint;
  num: bigint;
}

/** A parsed id is either numeric or an opaque (non long-zero) EVM address, hex without `0x`. */
export type ParsedId = EntityId | { evmAddress: string };

const NUM_BITS = 38n;
const REALM_BITS = 16n;
const SHARD_BITS = 10;
const MAX_NUM = (1n << NUM_BITS) - 1n;
const MAX_REALM = (1n << REALM_BITS) - 1n;
const MAX_SHARD = (1n << BigInt(SHARD_BITS)) - 1n;
const MAX_ENCODED = (1n << 63n) - 1n;
const MIN_ENCODED = -(1n << 63n);

const ENTITY_ID = /^(\d{1,4}\.)?\d{1,5}\.\d{1,12}$/;
const ENCODED_ID = /^-?\d{1,19}$/;
const EVM_ADDRESS_SHARD_REALM = /^(\d{1,4}\.)?(\d{1,5}\.)?[A-Fa-f0-9]{40}$/;
const EVM_ADDRESS = /^(0x)?[A-Fa-f0-9]{40}$/;

/** Which EVM addresses an id parameter accepts: any, or only long-zero ("num alias") ones. */
export type EvmAddressType = 'ANY' | 'NUM_ALIAS';

export function isEntityId(id: ParsedId): id is EntityId {
  return 'num' in id;
}

/** `s.r.n`, or null for 0.0.0 (the REST module prints the all-zero id as null). */
export function formatEntityId(id: EntityId | null): string | null {
  if (id === null || (id.shard === 0n && id.realm === 0n && id.num === 0n)) return null;
  return entityKey(id);
}

/** `s.r.n` always; used as a lookup key. */
export function entityKey(id: EntityId): string {
  return `${id.shard}.${id.realm}.${id.num}`;
}

function stripHexPrefix(value: string): string {
  return value.startsWith('0x') ? value.slice(2) : value;
}

function evmAddressParts(address: string): EntityId {
  const hex = stripHexPrefix(address).split('.').at(-1) ?? '';
  return {
    shard: BigInt(`0x${hex.slice(0, 8)}`),
    realm: BigInt(`0x${hex.slice(8, 24)}`),
    num: BigInt(`0x${hex.slice(24, 40)}`),
  };
}

/** A valid EVM address that is not a long-zero alias of a numeric id (e.g. a CREATE2 address). */
export function isEvmAddressAlias(address: string): boolean {
  if (!isValidEvmAddress(address, 'ANY')) return false;
  const { shard, realm, num } = evmAddressParts(address);
  return shard !== 0n || realm !== 0n || num > MAX_NUM;
}

export function isValidEvmAddress(address: string, type: EvmAddressType): boolean {
  const shaped = EVM_ADDRESS.test(address) || EVM_ADDRESS_SHARD_REALM.test(address);
  return type === 'ANY' ? shaped : shaped && !isEvmAddressAlias(address);
}

export function isValidEntityId(id: string, evmType: EvmAddressType = 'ANY'): boolean {
  return ENTITY_ID.test(id) || ENCODED_ID.test(id) || isValidEvmAddress(id, evmType);
}

function decodeEntityId(encoded: bigint): EntityId {
  const num = encoded & MAX_NUM;
  const shardRealm = encoded >> NUM_BITS;
  return { shard: BigInt.asUintN(SHARD_BITS, shardRealm >> REALM_BITS), realm: shardRealm & MAX_REALM, num };
}

function parseFromString(id: string): ParsedId | undefined {
  const parts = stripHexPrefix(id).split('.');
  const last = parts.at(-1) ?? '';
  const shard = parts.length === 3 ? BigInt(parts.shift() ?? '') : 0n;
  const realm = parts.length === 2 ? BigInt(parts.shift() ?? '') : 0n;
  if (last.length === 40 || last.length === 42) {
    if (shard !== 0n || realm !== 0n) return undefined;
    const fromAddress = evmAddressParts(last);
    if (fromAddress.shard !== 0n || fromAddress.realm !== 0n || fromAddress.num > MAX_NUM) return { evmAddress: last };
    return fromAddress;
  }
  return { shard, realm, num: BigInt(last) };
}

/** EntityId.parse: validates, then decodes; undefined where the REST module throws "Invalid parameter". */
function parseEntityIdString(id: string, evmType: EvmAddressType = 'ANY'): ParsedId | undefined {
  if (!isValidEntityId(id, evmType)) return undefined;
  let parsed: ParsedId | undefined;
  if (id.includes('.') || id.length === 40 || id.length === 42) {
    parsed = parseFromString(id);
  } else {
    const encoded = BigInt(id);
    parsed = encoded > MAX_ENCODED || encoded < MIN_ENCODED ? undefined : decodeEntityId(encoded);
  }
  if (parsed && isEntityId(parsed) && (parsed.num > MAX_NUM || parsed.realm > MAX_REALM || parsed.shard > MAX_SHARD)) {
    return undefined;
  }
  return parsed;
}

/**
 * EntityId.parseString: an id without shard/realm gets the system ones prepended first, so a bare `1135` means
 * 0.0.1135 and a long-zero address becomes `0.0.<address>`; opaque EVM addresses are left alone.
 */
export function parseEntityIdWithDefaults(id: string, evmType: EvmAddressType): ParsedId | undefined {
  const stripped = stripHexPrefix(id);
  const pieces: string[] = stripped.split('.');
  // slice() with a negative end mirrors the JS original for ids with more than three pieces (they stay invalid).
  if (!isEvmAddressAlias(stripped)) pieces.unshift(...['0', '0'].slice(0, 3 - pieces.length));
  return parseEntityIdString(pieces.join('.'), evmType);
}

/** `GET /api/v1/tokens/{tokenId}`: numeric ids and long-zero EVM addresses only. */
export function parseTokenIdParam(raw: string): EntityId | undefined {
  const parsed = parseEntityIdWithDefaults(raw, 'NUM_ALIAS');
  return parsed && isEntityId(parsed) ? parsed : undefined;
}

/** An id written in test setup rows: `s.r.n`, `r.n` or an encoded integer (number, bigint or string); null stays null. */
export function parseSetupEntityId(value: unknown): EntityId | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint' || typeof value === 'number') return decodeEntityId(BigInt(value));
  const parsed = typeof value === 'string' ? parseEntityIdString(value) : undefined;
  if (!parsed || !isEntityId(parsed)) throw new Error(`Invalid entity id in setup data: ${String(value)}`);
  return parsed;
}
