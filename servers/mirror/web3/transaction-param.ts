// TransactionIdOrHashParameter.valueOf (web3 module): blank, then a 32-byte hash, then a dashed transaction id,
// else "Unsupported ID format". The 400 details are the exception messages the real server passes through.

import { canonicalTransactionId } from '../trace-provider';
import { formatInstant } from './java-instant';

export type TransactionParameter =
  { kind: 'hash'; hash: string } | { kind: 'id'; transactionId: string; payer: string; validStart: string };

const ETH_HASH = /^(0x)?([0-9A-Fa-f]{64})$/;
const TRANSACTION_ID = /^(\d+)\.(\d+)\.(\d+)-(\d{1,19})-(\d{1,9})$/;
const JAVA_LONG_MAX = (1n << 63n) - 1n;
/** Instant.MAX.getEpochSecond() */
const INSTANT_MAX_SECONDS = 31_556_889_864_403_199n;
/** hedera-mirror-common EntityId limits: 10-bit shard, 16-bit realm, 38-bit num. */
const MAX_SHARD = 1023n;
const MAX_REALM = 65535n;
const MAX_NUM = (1n << 38n) - 1n;

export class InvalidTransactionParameter extends Error {}

/** Java's Character.isWhitespace: controls 9-13 and 28-31, and Unicode spaces other than the no-break ones. */
function isJavaWhitespace(codePoint: number): boolean {
  return (
    (codePoint >= 0x09 && codePoint <= 0x0d) ||
    (codePoint >= 0x1c && codePoint <= 0x20) ||
    codePoint === 0x1680 ||
    (codePoint >= 0x2000 && codePoint <= 0x200a && codePoint !== 0x2007) ||
    codePoint === 0x2028 ||
    codePoint === 0x2029 ||
    codePoint === 0x205f ||
    codePoint === 0x3000
  );
}

/** Spring's StringUtils.hasText. */
function hasText(value: string): boolean {
  return [...value].some((char) => !isJavaWhitespace(char.codePointAt(0) ?? 0));
}

/** Long.parseLong, with its overflow message. */
function parseJavaLong(digits: string): bigint {
  const value = BigInt(digits);
  if (value > JAVA_LONG_MAX) throw new InvalidTransactionParameter(`For input string: "${digits}"`);
  return value;
}

export function parseTransactionIdOrHash(raw: string): TransactionParameter {
  if (!hasText(raw)) throw new InvalidTransactionParameter('Missing transaction ID or hash');
  const hash = ETH_HASH.exec(raw);
  if (hash) return { kind: 'hash', hash: `0x${hash[2].toLowerCase()}` };
  const id = TRANSACTION_ID.exec(raw);
  if (!id) throw new InvalidTransactionParameter(`Unsupported ID format: '${raw}'`);
  const [shard, realm, num, seconds] = id.slice(1, 5).map(parseJavaLong);
  const nanos = Number(id[5]);
  if (shard > MAX_SHARD || realm > MAX_REALM || num > MAX_NUM) {
    throw new InvalidTransactionParameter(`Invalid entity ID: ${shard}.${realm}.${num}`);
  }
  if (seconds > INSTANT_MAX_SECONDS) throw new InvalidTransactionParameter('Instant exceeds minimum or maximum instant');
  const payer = `${shard}.${realm}.${num}`;
  return {
    kind: 'id',
    transactionId: canonicalTransactionId(payer, seconds, nanos),
    payer,
    validStart: formatInstant(seconds, nanos),
  };
}

/** The 404 detail, which embeds the Java record's toString. */
export function notFoundDetail(parameter: TransactionParameter): string {
  return parameter.kind === 'hash'
    ? `Contract transaction hash not found: TransactionHashParameter[hash=${parameter.hash}]`
    : `Transaction not found: TransactionIdParameter[payerAccountId=${parameter.payer}, validStart=${parameter.validStart}]`;
}
