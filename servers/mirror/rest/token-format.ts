// tokens.js formatTokenInfoRow, utils.encodeKey and viewmodel/customFeeViewModel.js: the 200 body of
// `GET /api/v1/tokens/{id}`. Integers that the real server writes as JSON numbers are bigints here, so they keep
// every digit when serialised (expiry_timestamp goes beyond 2^53).

import { formatEntityId, type EntityId } from './entity-id';
import { nanosToTimestamp } from './query';
import type { CustomFeeRow, FixedFee, FractionalFee, RoyaltyFee, TokenInfoRow } from './token-store';

const NANOS_PER_SECOND = 1_000_000_000n;

const ED25519 = /^(1220|32240a221220|2a28080112240a221220)([A-Fa-f0-9]{64})$/;
const ECDSA_SECP256K1 = /^(3a21|32250a233a21|2a29080112250a233a21)([A-Fa-f0-9]{66})$/;
/** An empty KeyList, the importer's "immutable" sentinel. */
const IMMUTABLE_SENTINEL_KEY = '3200';

export type KeyJson = { _type: 'ED25519' | 'ECDSA_SECP256K1' | 'ProtobufEncoded'; key: string } | null;

/** utils.encodeKey: a primitive key (bare, 1-key KeyList, 1-of-1 ThresholdKey) is typed, anything else is raw. */
export function encodeKey(bytes: Uint8Array | null): KeyJson {
  if (bytes === null) return null;
  const hex = Buffer.from(bytes).toString('hex');
  if (hex === IMMUTABLE_SENTINEL_KEY) return null;
  const ed25519 = ED25519.exec(hex);
  if (ed25519) return { _type: 'ED25519', key: ed25519[2] };
  const ecdsa = ECDSA_SECP256K1.exec(hex);
  if (ecdsa) return { _type: 'ECDSA_SECP256K1', key: ecdsa[2] };
  return { _type: 'ProtobufEncoded', key: hex };
}

function fixedFeeJson(fee: FixedFee): Record<string, unknown> {
  return {
    all_collectors_are_exempt: fee.allCollectorsAreExempt ?? false,
    amount: fee.amount,
    collector_account_id: formatEntityId(fee.collectorAccountId),
    denominating_token_id: formatEntityId(fee.denominatingTokenId),
  };
}

function fractionalFeeJson(fee: FractionalFee, tokenId: EntityId): Record<string, unknown> {
  return {
    all_collectors_are_exempt: fee.allCollectorsAreExempt ?? false,
    amount: { numerator: fee.numerator, denominator: fee.denominator },
    collector_account_id: formatEntityId(fee.collectorAccountId),
    denominating_token_id: formatEntityId(tokenId),
    maximum: fee.maximumAmount ?? null,
    // Left undefined when absent: JSON then omits the field, as the real server does.
    minimum: fee.minimumAmount,
    net_of_transfers: fee.netOfTransfers ?? false,
  };
}

function royaltyFeeJson(fee: RoyaltyFee): Record<string, unknown> {
  const fallback = fee.fallbackFee;
  return {
    all_collectors_are_exempt: fee.allCollectorsAreExempt ?? false,
    amount: { denominator: fee.denominator, numerator: fee.numerator },
    collector_account_id: formatEntityId(fee.collectorAccountId),
    // JavaScript truthiness, as in the view model: an amount of 0 means "no fallback fee".
    fallback_fee:
      fallback && Boolean(fallback.amount)
        ? { amount: fallback.amount, denominating_token_id: formatEntityId(fallback.denominatingTokenId) }
        : null,
  };
}

/** createCustomFeeObject: fractional fees for fungible tokens, royalty fees for every other type. */
function customFeesJson(fees: CustomFeeRow, tokenId: EntityId, tokenType: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {
    created_timestamp: fees.range?.lower === null || fees.range?.lower === undefined ? null : nanosToTimestamp(fees.range.lower),
    fixed_fees: (fees.fixedFees ?? []).map(fixedFeeJson),
  };
  if (tokenType === 'FUNGIBLE_COMMON') {
    body.fractional_fees = (fees.fractionalFees ?? []).map((fee) => fractionalFeeJson(fee, tokenId));
  } else {
    body.royalty_fees = (fees.royaltyFees ?? []).map(royaltyFeeJson);
  }
  return body;
}

/** utils.calculateExpiryTimestamp: the stored expiry, else created + auto-renew period. */
function expiryTimestamp(row: TokenInfoRow): bigint | null {
  const { expirationTimestamp, autoRenewPeriod } = row.entity;
  if (expirationTimestamp === null && autoRenewPeriod !== null) {
    return row.token.createdTimestamp + autoRenewPeriod * NANOS_PER_SECOND;
  }
  return expirationTimestamp;
}

function greatest(a: bigint | null | undefined, b: bigint | null | undefined): bigint | null {
  if (a === null || a === undefined) return b ?? null;
  if (b === null || b === undefined) return a;
  return a > b ? a : b;
}

/** The token JSON, fields in the order the real server writes them. Callers must check `customFee` first. */
export function formatTokenInfo(row: TokenInfoRow & { customFee: CustomFeeRow }): Record<string, unknown> {
  const { token, entity } = row;
  const modified = greatest(token.range?.lower, entity.range?.lower);
  return {
    admin_key: encodeKey(entity.key),
    auto_renew_account: formatEntityId(entity.autoRenewAccountId),
    auto_renew_period: entity.autoRenewPeriod,
    created_timestamp: nanosToTimestamp(token.createdTimestamp),
    custom_fees: customFeesJson(row.customFee, token.tokenId, token.type),
    decimals: `${token.decimals}`,
    deleted: entity.deleted,
    expiry_timestamp: expiryTimestamp(row),
    fee_schedule_key: encodeKey(token.keys.fee_schedule_key),
    freeze_default: token.freezeDefault,
    freeze_key: encodeKey(token.keys.freeze_key),
    initial_supply: `${token.initialSupply}`,
    kyc_key: encodeKey(token.keys.kyc_key),
    max_supply: `${token.maxSupply}`,
    memo: entity.memo,
    metadata: token.metadata === null ? '' : Buffer.from(token.metadata).toString('base64'),
    metadata_key: encodeKey(token.keys.metadata_key),
    modified_timestamp: modified === null ? null : nanosToTimestamp(modified),
    name: token.name,
    pause_key: encodeKey(token.keys.pause_key),
    pause_status: token.pauseStatus,
    supply_key: encodeKey(token.keys.supply_key),
    supply_type: token.supplyType,
    symbol: token.symbol,
    token_id: formatEntityId(token.tokenId),
    total_supply: `${token.totalSupply}`,
    treasury_account_id: formatEntityId(token.treasuryAccountId),
    type: token.type,
    wipe_key: encodeKey(token.keys.wipe_key),
  };
}
