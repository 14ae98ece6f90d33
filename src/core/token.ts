// The token as the mirror's GET /tokens/{id} returns it (REST `formatTokenInfoRow`). Objects are loose so fields a newer
// mirror adds are kept and shown as received; int64 fields accept bigint because json.ts keeps them exact.
import { z } from 'zod';
import { shownInt64 } from './approximate';
import { ApiError } from './errors';

const entityId = z.string().regex(/^\d{1,10}\.\d{1,10}\.\d{1,10}$/, 'expected an entity id like 0.0.1234');
const timestamp = z.string().regex(/^\d{1,10}(\.\d{1,9})?$/, 'expected a timestamp like 1234567890.000000001');
/** Supplies and decimals are int64 sent as strings. */
const digits = z.string().regex(/^\d+$/, 'expected a string of digits');
/** Every int64 of a token is only read by a person: one sent inexactly (`1.706825707000718e18`) is kept, marked ≈. */
const int64 = shownInt64;

export const keySchema = z.looseObject({ _type: z.string(), key: z.string() });

const fraction = z.looseObject({ numerator: int64, denominator: int64 });

export const fixedFeeSchema = z.looseObject({
  all_collectors_are_exempt: z.boolean().optional(),
  amount: int64,
  collector_account_id: entityId.nullable(),
  /** null = HBAR (tinybars). */
  denominating_token_id: entityId.nullable(),
});

export const fractionalFeeSchema = z.looseObject({
  all_collectors_are_exempt: z.boolean().optional(),
  amount: fraction,
  collector_account_id: entityId.nullable(),
  denominating_token_id: entityId.nullable(),
  maximum: int64.nullable(),
  minimum: int64,
  net_of_transfers: z.boolean(),
});

export const royaltyFeeSchema = z.looseObject({
  all_collectors_are_exempt: z.boolean().optional(),
  amount: fraction,
  collector_account_id: entityId.nullable(),
  fallback_fee: z.looseObject({ amount: int64, denominating_token_id: entityId.nullable() }).nullable(),
});

/** Fungible tokens carry `fractional_fees`, NFTs `royalty_fees`; never both. */
export const customFeesSchema = z.looseObject({
  created_timestamp: timestamp.nullable(),
  fixed_fees: z.array(fixedFeeSchema),
  fractional_fees: z.array(fractionalFeeSchema).optional(),
  royalty_fees: z.array(royaltyFeeSchema).optional(),
});

const key = keySchema.nullable().optional();

export const tokenSchema = z.looseObject({
  token_id: entityId,
  name: z.string(),
  symbol: z.string(),
  type: z.enum(['FUNGIBLE_COMMON', 'NON_FUNGIBLE_UNIQUE']),
  decimals: digits,
  initial_supply: digits,
  total_supply: digits,
  max_supply: digits,
  supply_type: z.enum(['FINITE', 'INFINITE']),
  treasury_account_id: entityId.nullable(),
  memo: z.string().optional(),
  pause_status: z.enum(['NOT_APPLICABLE', 'PAUSED', 'UNPAUSED']).optional(),
  deleted: z.boolean().nullable().optional(),
  freeze_default: z.boolean().optional(),
  admin_key: key,
  fee_schedule_key: key,
  freeze_key: key,
  kyc_key: key,
  metadata_key: key,
  pause_key: key,
  supply_key: key,
  wipe_key: key,
  auto_renew_account: entityId.nullable().optional(),
  /** Seconds. */
  auto_renew_period: int64.nullable().optional(),
  created_timestamp: timestamp,
  modified_timestamp: timestamp.nullable().optional(),
  /** Nanoseconds since the epoch (unlike every other mirror timestamp); above 2^53, so usually a bigint. */
  expiry_timestamp: int64.nullable().optional(),
  /** Base64; "" when the token has none. */
  metadata: z.string().optional(),
  custom_fees: customFeesSchema,
});

export type Token = z.infer<typeof tokenSchema>;
export type TokenKey = z.infer<typeof keySchema>;
export type FixedFee = z.infer<typeof fixedFeeSchema>;
export type FractionalFee = z.infer<typeof fractionalFeeSchema>;
export type RoyaltyFee = z.infer<typeof royaltyFeeSchema>;
export type Int64 = z.infer<typeof int64>;

/** Validates a parsed token body; a mismatch is the server's fault, reported as 'bad-response' naming the field. */
export function parseToken(raw: unknown, url?: string): Token {
  const result = tokenSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length
    ? issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('')
    : '(body)';
  throw new ApiError('bad-response', `The mirror sent an invalid token: field ${field}: ${issue.message}`, { url });
}
