/**
 * Hedera-style identifiers for the reference mirror's EVM cases: entity ids, long-zero addresses,
 * transaction ids and hashes. All deterministic, so tests and docs can name them.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalTransactionId } from '../trace-provider';

/** The account that pays for (and signs) every transaction. */
export const PAYER_NUM = 1000;
/** Contracts deployed at start get consecutive numbers from here, in deployment order. */
export const FIRST_CONTRACT_NUM = 1001;
/** Valid-start seconds of the first case transaction (2025-01-01T00:00:00Z). */
const FIRST_VALID_START = 1735689600;

export function entityId(num: number): string {
  return `0.0.${num}`;
}

/** The 20-byte "long-zero" EVM address of entity 0.0.num. */
export function longZeroAddress(num: number): string {
  return `0x${num.toString(16).padStart(40, '0')}`;
}

/** The entity number encoded in a long-zero address, or undefined when the address is not one. */
export function numOfLongZero(address: string): number | undefined {
  const hex = address.toLowerCase().replace(/^0x/, '');
  if (!/^0{24}[0-9a-f]{16}$/.test(hex)) return undefined;
  const num = Number.parseInt(hex, 16);
  return Number.isSafeInteger(num) ? num : undefined;
}

export interface CaseTransaction {
  transactionId: string;
  hash: string;
  validStartSeconds: number;
  validStartNanos: number;
  /** `seconds.nanos` consensus timestamp (valid start + 1 s), used as created_timestamp of contracts it creates. */
  consensusTimestamp: string;
}

/** Case k (0-based) is paid by 0.0.1000 with valid start 2025-01-01 + 10·(k+1) s and k+1 ns. */
export function caseTransaction(index: number, name: string): CaseTransaction {
  const validStartSeconds = FIRST_VALID_START + 10 * (index + 1);
  const validStartNanos = index + 1;
  const transactionId = canonicalTransactionId(entityId(PAYER_NUM), validStartSeconds, validStartNanos);
  return {
    transactionId,
    hash: `0x${bytesToHex(keccak_256(utf8ToBytes(name)))}`,
    validStartSeconds,
    validStartNanos,
    consensusTimestamp: `${validStartSeconds + 1}.${String(validStartNanos).padStart(9, '0')}`,
  };
}

/** created_timestamp of the contracts deployed at start: one second apart, before the first case. */
export function deploymentTimestamp(index: number): string {
  return `${FIRST_VALID_START - 1000 + index}.000000000`;
}
