// An in-memory stand-in for the three table pairs behind `GET /api/v1/tokens/{id}` (token, entity, custom_fee and
// their _history tables). Rows are loaded from spec-test `setup` blocks with the same defaults and conversions as
// the mirror's integration harness (rest/__tests__/integrationDomainOps.js), and read with the same selection as
// tokens.js extractSqlFromTokenInfoRequest.

import { byteaFromEntityKey, byteaFromPgParameter, byteaFromValue } from './bytea';
import { entityKey, parseSetupEntityId, type EntityId } from './entity-id';

export interface Range {
  lower: bigint | null;
  upper: bigint | null;
}

interface Versioned {
  range: Range | null;
  /** The harness puts a row in the current table when its range is open-ended, else in the _history table. */
  current: boolean;
}

export interface EntityRow extends Versioned {
  key: Uint8Array | null;
  memo: unknown;
  deleted: unknown;
  autoRenewAccountId: EntityId | null;
  autoRenewPeriod: bigint | null;
  expirationTimestamp: bigint | null;
}

export const TOKEN_KEY_COLUMNS = [
  'fee_schedule_key',
  'freeze_key',
  'kyc_key',
  'metadata_key',
  'pause_key',
  'supply_key',
  'wipe_key',
] as const;
export type TokenKeyColumn = (typeof TOKEN_KEY_COLUMNS)[number];

export interface TokenRow extends Versioned {
  tokenId: EntityId;
  treasuryAccountId: EntityId;
  createdTimestamp: bigint;
  decimals: bigint;
  initialSupply: bigint;
  maxSupply: bigint;
  totalSupply: bigint;
  keys: Record<TokenKeyColumn, Uint8Array | null>;
  metadata: Uint8Array | null;
  freezeDefault: unknown;
  name: unknown;
  symbol: unknown;
  pauseStatus: unknown;
  supplyType: unknown;
  type: unknown;
}

/** Fee values other than ids are stored as JSON (jsonb) and come back exactly as the setup wrote them. */
export interface FixedFee {
  allCollectorsAreExempt: unknown;
  amount: unknown;
  collectorAccountId: EntityId | null;
  denominatingTokenId: EntityId | null;
}

export interface FractionalFee {
  allCollectorsAreExempt: unknown;
  numerator: unknown;
  denominator: unknown;
  collectorAccountId: EntityId | null;
  maximumAmount: unknown;
  minimumAmount: unknown;
  netOfTransfers: unknown;
}

export interface RoyaltyFee {
  allCollectorsAreExempt: unknown;
  numerator: unknown;
  denominator: unknown;
  collectorAccountId: EntityId | null;
  fallbackFee: { amount: unknown; denominatingTokenId: EntityId | null } | null;
}

export interface CustomFeeRow extends Versioned {
  fixedFees: FixedFee[] | null;
  fractionalFees: FractionalFee[] | null;
  royaltyFees: RoyaltyFee[] | null;
}

/** A spec file's `setup`: only the tables the token endpoint reads are used; the rest is ignored. */
export interface Setup {
  entities?: unknown[];
  tokens?: unknown[];
  customfees?: unknown[];
  [table: string]: unknown;
}

/** `lower(timestamp_range) < T` or `<= T` (the endpoint turns `eq` into `<=`). */
export interface TimestampCondition {
  operator: '<' | '<=';
  nanos: bigint;
}

export interface TokenInfoRow {
  token: TokenRow;
  entity: EntityRow;
  /** null when no fee schedule row qualifies; the endpoint then answers 404. */
  customFee: CustomFeeRow | null;
}

type Row = Record<string, unknown>;

function asRow(value: unknown, what: string): Row {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`Setup ${what} must be an object, got ${String(value)}`);
  }
  return value as Row;
}

function toBigInt(value: unknown, field: string): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value;
  if ((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value))) {
    return BigInt(value);
  }
  throw new Error(`Setup field ${field} must be an integer, got ${String(value)}`);
}

function requiredBigInt(value: unknown, field: string): bigint {
  const result = toBigInt(value, field);
  if (result === null) throw new Error(`Setup field ${field} must not be null`);
  return result;
}

/** Postgres int8range text, canonicalised to `[lower, upper)`. */
function parseRange(text: unknown): Range | null {
  if (text === null || text === undefined) return null;
  const match = /^([[(])\s*(-?\d*)\s*,\s*(-?\d*)\s*([\])])$/.exec(String(text));
  if (!match) throw new Error(`Invalid timestamp_range in setup data: ${String(text)}`);
  const [, open, lowerText, upperText, close] = match;
  const lower = lowerText === '' ? null : BigInt(lowerText) + (open === '(' ? 1n : 0n);
  const upper = upperText === '' ? null : BigInt(upperText) + (close === ']' ? 1n : 0n);
  return { lower, upper };
}

function versioned(rangeText: unknown): Versioned {
  return { range: parseRange(rangeText), current: typeof rangeText !== 'string' || rangeText.endsWith(',)') };
}

const ENTITY_DEFAULTS: Row = {
  auto_renew_account_id: null,
  auto_renew_period: null,
  deleted: false,
  expiration_timestamp: null,
  key: null,
  memo: 'entity memo',
  num: 0,
  realm: 0,
  shard: 0,
  timestamp_range: '[0,)',
};

const TOKEN_DEFAULTS: Row = {
  created_timestamp: 0,
  decimals: 1000,
  fee_schedule_key: null,
  freeze_default: false,
  freeze_key: null,
  initial_supply: 1000000,
  kyc_key: null,
  max_supply: '9223372036854775807',
  metadata: [],
  metadata_key: null,
  name: 'Token name',
  pause_key: null,
  pause_status: 'NOT_APPLICABLE',
  supply_key: null,
  supply_type: 'INFINITE',
  symbol: 'YBTJBOAZ',
  timestamp_range: null,
  token_id: '0.0.0',
  total_supply: 1000000,
  treasury_account_id: '0.0.98',
  type: 'FUNGIBLE_COMMON',
  wipe_key: null,
};

const FEE_DEFAULTS: Row = { all_collectors_are_exempt: false, collector_account_id: '0.0.300' };

function feeBase(raw: unknown): Row {
  return { ...FEE_DEFAULTS, ...asRow(raw, 'custom fee') };
}

function fixedFee(raw: unknown): FixedFee {
  const fee = feeBase(raw);
  return {
    allCollectorsAreExempt: fee.all_collectors_are_exempt,
    amount: fee.amount,
    collectorAccountId: parseSetupEntityId(fee.collector_account_id),
    denominatingTokenId: parseSetupEntityId(fee.denominating_token_id),
  };
}

function fractionalFee(raw: unknown): FractionalFee {
  const fee = feeBase(raw);
  return {
    allCollectorsAreExempt: fee.all_collectors_are_exempt,
    numerator: fee.numerator,
    denominator: fee.denominator,
    collectorAccountId: parseSetupEntityId(fee.collector_account_id),
    maximumAmount: fee.maximum_amount,
    minimumAmount: fee.minimum_amount,
    netOfTransfers: fee.net_of_transfers,
  };
}

function royaltyFee(raw: unknown): RoyaltyFee {
  const fee = feeBase(raw);
  const fallback = fee.fallback_fee === undefined || fee.fallback_fee === null ? null : asRow(fee.fallback_fee, 'fallback_fee');
  return {
    allCollectorsAreExempt: fee.all_collectors_are_exempt,
    numerator: fee.numerator,
    denominator: fee.denominator,
    collectorAccountId: parseSetupEntityId(fee.collector_account_id),
    fallbackFee: fallback && {
      amount: fallback.amount,
      denominatingTokenId: parseSetupEntityId(fallback.denominating_token_id),
    },
  };
}

function feeList<T>(value: unknown, parse: (raw: unknown) => T): T[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw new Error('Setup custom fee lists must be arrays');
  return value.map(parse);
}

function pickLatest<T extends Versioned>(rows: readonly T[] | undefined, at: TimestampCondition | undefined): T | undefined {
  if (!rows) return undefined;
  if (!at) return rows.filter((row) => row.current).at(-1);
  let best: T | undefined;
  let bestLower: bigint | undefined;
  for (const row of rows) {
    const lower = row.range?.lower;
    if (lower === null || lower === undefined) continue;
    const qualifies = at.operator === '<' ? lower < at.nanos : lower <= at.nanos;
    if (qualifies && (bestLower === undefined || lower > bestLower)) {
      best = row;
      bestLower = lower;
    }
  }
  return best;
}

export class TokenStore {
  private readonly entities = new Map<string, EntityRow[]>();
  private readonly tokens = new Map<string, TokenRow[]>();
  private readonly customFees = new Map<string, CustomFeeRow[]>();
  /** Bodies recorded from a real mirror, answered verbatim (they hold shapes no row here produces). */
  private readonly captured = new Map<string, string>();

  constructor(setup: Setup) {
    for (const fee of setup.customfees ?? []) this.addCustomFee(fee);
    for (const entity of setup.entities ?? []) this.addEntity(entity);
    for (const token of setup.tokens ?? []) this.addToken(token);
  }

  /** Answers `GET /api/v1/tokens/{id}` for the body's `token_id` with `body` as it was recorded. */
  addCaptured(tokenId: EntityId, body: string): void {
    this.captured.set(entityKey(tokenId), body);
  }

  capturedBody(id: EntityId): string | undefined {
    return this.captured.get(entityKey(id));
  }

  /** Ids of the tokens that have a current row, for printing at start. */
  tokenIds(): string[] {
    return [...this.tokens.entries()].filter(([, rows]) => rows.some((row) => row.current)).map(([id]) => id);
  }

  /**
   * Without a condition: the current token, entity and fee rows. With one: for each table the row (current or
   * history) with the greatest lower bound that satisfies it. Token and entity are inner-joined.
   */
  tokenInfo(id: EntityId, at?: TimestampCondition): TokenInfoRow | undefined {
    const key = entityKey(id);
    const token = pickLatest(this.tokens.get(key), at);
    const entity = pickLatest(this.entities.get(key), at);
    if (!token || !entity) return undefined;
    const customFee = pickLatest(this.customFees.get(key), at);
    return { token, entity, customFee: customFee?.range ? customFee : null };
  }

  private addEntity(raw: unknown): void {
    const row = { ...ENTITY_DEFAULTS, ...asRow(raw, 'entity') };
    const id: EntityId = {
      shard: requiredBigInt(row.shard, 'entity.shard'),
      realm: requiredBigInt(row.realm, 'entity.realm'),
      num: requiredBigInt(row.num, 'entity.num'),
    };
    push(this.entities, entityKey(id), {
      ...versioned(row.timestamp_range),
      key: byteaFromEntityKey(row.key),
      memo: row.memo,
      deleted: row.deleted,
      autoRenewAccountId: parseSetupEntityId(row.auto_renew_account_id),
      autoRenewPeriod: toBigInt(row.auto_renew_period, 'entity.auto_renew_period'),
      expirationTimestamp: toBigInt(row.expiration_timestamp, 'entity.expiration_timestamp'),
    });
  }

  private addToken(raw: unknown): void {
    const row = { ...TOKEN_DEFAULTS, ...asRow(raw, 'token') };
    if (row.type === 'NON_FUNGIBLE_UNIQUE') {
      row.decimals = 0;
      row.initial_supply = 0;
    }
    const created = requiredBigInt(row.created_timestamp, 'token.created_timestamp');
    const rangeText = row.timestamp_range || `[${created},)`;
    const tokenId = parseSetupEntityId(row.token_id);
    const treasury = parseSetupEntityId(row.treasury_account_id);
    if (!tokenId || !treasury) throw new Error('Setup tokens need token_id and treasury_account_id');
    const keys = Object.fromEntries(TOKEN_KEY_COLUMNS.map((column) => [column, byteaFromPgParameter(row[column])]));
    push(this.tokens, entityKey(tokenId), {
      ...versioned(rangeText),
      tokenId,
      treasuryAccountId: treasury,
      createdTimestamp: created,
      decimals: requiredBigInt(row.decimals, 'token.decimals'),
      initialSupply: requiredBigInt(row.initial_supply, 'token.initial_supply'),
      maxSupply: requiredBigInt(row.max_supply, 'token.max_supply'),
      totalSupply: requiredBigInt(row.total_supply, 'token.total_supply'),
      keys: keys as Record<TokenKeyColumn, Uint8Array | null>,
      metadata: byteaFromValue(row.metadata),
      freezeDefault: row.freeze_default,
      name: row.name,
      symbol: row.symbol,
      pauseStatus: row.pause_status,
      supplyType: row.supply_type,
      type: row.type,
    });
    // A token without a schedule gets the empty one at creation, as the harness (and the importer) do.
    const fees = row.custom_fees ?? [{ entity_id: entityKey(tokenId), timestamp_range: `[${created},)` }];
    if (!Array.isArray(fees)) throw new Error('Setup token custom_fees must be an array');
    for (const fee of fees) this.addCustomFee(fee);
  }

  private addCustomFee(raw: unknown): void {
    const row = asRow(raw, 'custom fee schedule');
    const entityId = parseSetupEntityId(row.entity_id);
    if (!entityId) throw new Error('Setup custom fee schedules need entity_id');
    push(this.customFees, entityKey(entityId), {
      ...versioned(row.timestamp_range),
      fixedFees: feeList(row.fixed_fees, fixedFee),
      fractionalFees: feeList(row.fractional_fees, fractionalFee),
      royaltyFees: feeList(row.royalty_fees, royaltyFee),
    });
  }
}

function push<T>(map: Map<string, T[]>, key: string, row: T): void {
  const rows = map.get(key);
  if (rows) rows.push(row);
  else map.set(key, [row]);
}
