// Parses what users type (token ids, timestamp filters, transaction ids/hashes) into the exact forms the mirror
// accepts, so a bad value is rejected locally with a helpful message and no request is ever sent for it.
import { ApiError } from './errors';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** The parsed value, or ApiError('invalid-input') carrying the parser's message. */
export function required<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new ApiError('invalid-input', parsed.message);
  return parsed.value;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

// The mirror's EntityId.encode limits (hedera-mirror-common): 10-bit shard, 16-bit realm, 38-bit num.
const MAX_SHARD = 1023n;
const MAX_REALM = 65535n;
const MAX_NUM = (1n << 38n) - 1n;
const LIMITS = `shard ≤ ${MAX_SHARD}, realm ≤ ${MAX_REALM}, num ≤ ${MAX_NUM}`;

const TOKEN_FORM = 'Expected a token id like 0.0.1234, 1234 or a long-zero EVM address';
const TIMESTAMP_FORM = 'Expected a timestamp like 1234567890.000000001, optionally prefixed with eq:, lt: or lte:';
const TX_FORM =
  'Expected a transaction id like 0.0.1234-1234567890-000000001 or 0.0.1234@1234567890.000000001, ' +
  'or a transaction hash (64 hex digits, optional 0x)';

/** Canonical `s.r.n`, or a message when a part is beyond what the mirror can encode. */
function entityId(shard: bigint, realm: bigint, num: bigint): Parsed<string> {
  if (shard > MAX_SHARD || realm > MAX_REALM || num > MAX_NUM) {
    return fail(`Entity id ${shard}.${realm}.${num} is out of range (${LIMITS})`);
  }
  return ok(`${shard}.${realm}.${num}`);
}

/** A long-zero address is `shard (4 bytes) | realm (8 bytes) | num (8 bytes)`; anything else is an alias the token endpoint rejects. */
function fromLongZeroAddress(hex40: string): Parsed<string> {
  const shard = BigInt('0x' + hex40.slice(0, 8));
  const realm = BigInt('0x' + hex40.slice(8, 24));
  const num = BigInt('0x' + hex40.slice(24));
  if (shard > MAX_SHARD || realm > MAX_REALM || num > MAX_NUM) {
    return fail(
      `0x${hex40} is not a long-zero token address; expected zeros and the token number, like 0x000000000000000000000000000000000000046f`,
    );
  }
  return entityId(shard, realm, num);
}

/** Accepts `s.r.n`, `r.n`, `n`, a long-zero EVM address (`0x` optional, any case) and `s.r.<40 hex>`. */
export function parseTokenId(input: string): Parsed<string> {
  const s = input.trim();
  // Digit counts as the REST module's EntityId.parseString takes them: as wide as the limits.
  let m = /^(?:(\d{1,4})\.)?(\d{1,5})\.(\d{1,12})$/.exec(s);
  if (m) return entityId(BigInt(m[1] ?? 0), BigInt(m[2]), BigInt(m[3]));
  m = /^\d{1,19}$/.exec(s);
  if (m) {
    // A bare integer is the mirror's encoded id (shard<<54 | realm<<38 | num); for shard and realm 0 it is the num.
    const n = BigInt(s);
    return entityId(n >> 54n, (n >> 38n) & MAX_REALM, n & MAX_NUM);
  }
  m = /^(?:0x)?([0-9a-f]{40})$/i.exec(s);
  if (m) return fromLongZeroAddress(m[1].toLowerCase());
  m = /^(\d{1,4})\.(\d{1,5})\.([0-9a-f]{40})$/i.exec(s);
  if (m) {
    const parsed = fromLongZeroAddress(m[3].toLowerCase());
    if (!parsed.ok) return parsed;
    const prefix = `${BigInt(m[1])}.${BigInt(m[2])}.`;
    if (!parsed.value.startsWith(prefix))
      return fail(`The address in ${s} belongs to ${parsed.value}, not to shard.realm ${prefix.slice(0, -1)}`);
    return parsed;
  }
  return fail(TOKEN_FORM);
}

export interface TimestampFilter {
  op: 'eq' | 'lt' | 'lte';
  /** `seconds[.nanos]` as typed, without the operator. */
  timestamp: string;
  /** Value for the `timestamp=` query parameter. */
  query: string;
}

/** `[eq|lt|lte:]seconds[.nanos]`, the only filter forms the token endpoint accepts. */
export function parseTimestampFilter(input: string): Parsed<TimestampFilter> {
  const m = /^(?:(eq|lt|lte):)?(\d{1,10}(?:\.\d{1,9})?)$/.exec(input.trim());
  if (!m) return fail(TIMESTAMP_FORM);
  const op = (m[1] ?? 'eq') as TimestampFilter['op'];
  const timestamp = m[2];
  return ok({ op, timestamp, query: op === 'eq' ? timestamp : `${op}:${timestamp}` });
}

export interface TransactionRef {
  kind: 'id' | 'hash';
  /** The form the opcodes path takes: `s.r.n-seconds-nanos` or `0x` + 64 lowercase hex. */
  value: string;
}

/**
 * Transaction id (`s.r.n-seconds-nanos` or the SDK's `s.r.n@seconds.nanos`) or hash. Both id forms carry nanos as an
 * integer, so they are zero-padded to 9 digits. A 48-byte Hedera hash is cut to its first 32 bytes, which is what the
 * importer stores for non-Ethereum contract transactions.
 */
export function parseTransactionIdOrHash(input: string): Parsed<TransactionRef> {
  const s = input.trim();
  const hash = /^(?:0x)?([0-9a-f]{64}|[0-9a-f]{96})$/i.exec(s);
  if (hash) return ok({ kind: 'hash', value: '0x' + hash[1].slice(0, 64).toLowerCase() });
  const id = /^(\d{1,4})\.(\d{1,5})\.(\d{1,12})(?:-(\d{1,19})-(\d{1,9})|@(\d{1,19})\.(\d{1,9}))$/.exec(s);
  if (!id) return fail(TX_FORM);
  const payer = entityId(BigInt(id[1]), BigInt(id[2]), BigInt(id[3]));
  if (!payer.ok) return payer;
  const seconds = id[4] ?? id[6];
  const nanos = (id[5] ?? id[7]).padStart(9, '0');
  return ok({ kind: 'id', value: `${payer.value}-${seconds}-${nanos}` });
}

/** `0.0.N` for a Hedera long-zero address (shard and realm 0), else undefined. */
export function entityOfAddress(address: string | null | undefined): string | undefined {
  const m = /^0x0{24}([0-9a-fA-F]{16})$/.exec(address ?? '');
  return m ? `0.0.${BigInt(`0x${m[1]}`)}` : undefined;
}
