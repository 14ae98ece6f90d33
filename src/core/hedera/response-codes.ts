// Hedera response codes (hapi `ResponseCodeEnum`) that system-contract calls return, by number.
// Source: hiero-ledger/hiero-contracts @ e22c6f4d, contracts/common/HederaResponseCodes.sol (Apache-2.0,
// https://github.com/hiero-ledger/hiero-contracts/blob/e22c6f4d/contracts/common/HederaResponseCodes.sol): the codes
// system contracts typically return, with the token codes 165–200 complete. Numbers not listed are shown as numbers.

const CODES: ReadonlyArray<readonly [number, string]> = [
  [7, 'INVALID_SIGNATURE'],
  [13, 'NOT_SUPPORTED'],
  [15, 'INVALID_ACCOUNT_ID'],
  [16, 'INVALID_CONTRACT_ID'],
  [22, 'SUCCESS'],
  [23, 'FAIL_INVALID'],
  [25, 'FAIL_BALANCE'],
  [29, 'INVALID_SOLIDITY_ADDRESS'],
  [30, 'INSUFFICIENT_GAS'],
  [33, 'CONTRACT_REVERT_EXECUTED'],
  [34, 'CONTRACT_EXECUTION_EXCEPTION'],
  [50, 'INVALID_TRANSACTION_BODY'],
  [72, 'ACCOUNT_DELETED'],
  [101, 'AUTHORIZATION_FAILED'],
  [165, 'ACCOUNT_FROZEN_FOR_TOKEN'],
  [166, 'TOKENS_PER_ACCOUNT_LIMIT_EXCEEDED'],
  [167, 'INVALID_TOKEN_ID'],
  [168, 'INVALID_TOKEN_DECIMALS'],
  [169, 'INVALID_TOKEN_INITIAL_SUPPLY'],
  [170, 'INVALID_TREASURY_ACCOUNT_FOR_TOKEN'],
  [171, 'INVALID_TOKEN_SYMBOL'],
  [172, 'TOKEN_HAS_NO_FREEZE_KEY'],
  [173, 'TRANSFERS_NOT_ZERO_SUM_FOR_TOKEN'],
  [174, 'MISSING_TOKEN_SYMBOL'],
  [175, 'TOKEN_SYMBOL_TOO_LONG'],
  [176, 'ACCOUNT_KYC_NOT_GRANTED_FOR_TOKEN'],
  [177, 'TOKEN_HAS_NO_KYC_KEY'],
  [178, 'INSUFFICIENT_TOKEN_BALANCE'],
  [179, 'TOKEN_WAS_DELETED'],
  [180, 'TOKEN_HAS_NO_SUPPLY_KEY'],
  [181, 'TOKEN_HAS_NO_WIPE_KEY'],
  [182, 'INVALID_TOKEN_MINT_AMOUNT'],
  [183, 'INVALID_TOKEN_BURN_AMOUNT'],
  [184, 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT'],
  [185, 'CANNOT_WIPE_TOKEN_TREASURY_ACCOUNT'],
  [186, 'INVALID_KYC_KEY'],
  [187, 'INVALID_WIPE_KEY'],
  [188, 'INVALID_FREEZE_KEY'],
  [189, 'INVALID_SUPPLY_KEY'],
  [190, 'MISSING_TOKEN_NAME'],
  [191, 'TOKEN_NAME_TOO_LONG'],
  [192, 'INVALID_WIPING_AMOUNT'],
  [193, 'TOKEN_IS_IMMUTABLE'],
  [194, 'TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT'],
  [195, 'TRANSACTION_REQUIRES_ZERO_TOKEN_BALANCES'],
  [196, 'ACCOUNT_IS_TREASURY'],
  [197, 'TOKEN_ID_REPEATED_IN_TOKEN_LIST'],
  [198, 'TOKEN_TRANSFER_LIST_SIZE_LIMIT_EXCEEDED'],
  [199, 'EMPTY_TOKEN_TRANSFER_BODY'],
  [200, 'EMPTY_TOKEN_TRANSFER_ACCOUNT_AMOUNTS'],
  [201, 'INVALID_SCHEDULE_ID'],
  [213, 'SCHEDULE_ALREADY_EXECUTED'],
  [226, 'INVALID_NFT_ID'],
  [236, 'TOKEN_MAX_SUPPLY_REACHED'],
  [237, 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO'],
  [240, 'TOKEN_HAS_NO_FEE_SCHEDULE_KEY'],
  [262, 'NO_REMAINING_AUTOMATIC_ASSOCIATIONS'],
  [265, 'TOKEN_IS_PAUSED'],
  [280, 'REVERTED_SUCCESS'],
  [292, 'SPENDER_DOES_NOT_HAVE_ALLOWANCE'],
  [293, 'AMOUNT_EXCEEDS_ALLOWANCE'],
  [303, 'INVALID_DELEGATING_SPENDER'],
  [326, 'INVALID_FULL_PREFIX_SIGNATURE_FOR_PRECOMPILE'],
  [328, 'MAX_CHILD_RECORDS_EXCEEDED'],
  [365, 'ACCOUNT_HAS_PENDING_AIRDROPS'],
];

const BY_NUMBER: ReadonlyMap<number, string> = new Map(CODES);
const BY_NAME: ReadonlyMap<string, number> = new Map(CODES.map(([n, name]) => [name, n]));

export interface ResponseCode {
  code: number;
  /** Null for a number this table does not know (newer codes): show the number. */
  name: string | null;
}

/** The response code for a decoded int64/int32/uint256 value; null when it cannot be one (negative, huge). */
export function responseCode(value: bigint | number): ResponseCode | null {
  const n = typeof value === 'bigint' ? value : BigInt(value);
  if (n < 0n || n > 0x7fffffffn) return null;
  const code = Number(n);
  return { code, name: BY_NUMBER.get(code) ?? null };
}

/** The number of a response code name, for a revert that carries the status name as text. */
export function responseCodeNamed(name: string): ResponseCode | null {
  const code = BY_NAME.get(name);
  return code === undefined ? null : { code, name };
}

export const SUCCESS = 22;

/** `INSUFFICIENT_TOKEN_BALANCE`, or `response code 999` for an unknown number. */
export function describeResponseCode(rc: ResponseCode): string {
  return rc.name ?? `response code ${rc.code}`;
}
