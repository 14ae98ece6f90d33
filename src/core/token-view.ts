// One presentation of a token, shared by the CLI's human output and the VS Code tree, so both show the same labels,
// the same supply arithmetic and the same key shortening. Pure: values are plain text, never markup, and the
// mirror's text (name, symbol, memo, metadata) has its control characters escaped (safe-text.ts) wherever it shows.
import { safeLine, safeText } from './safe-text';
import { isApproximate, shownNumber, significantInteger, type Approximate } from './approximate';
import type { FixedFee, FractionalFee, Int64, RoyaltyFee, Token, TokenKey } from './token';

export interface TokenItem {
  label: string;
  value: string;
  tooltip?: string;
  /** Codicon id, e.g. 'key', 'symbol-number'. */
  icon?: string;
  children?: TokenItem[];
}

export interface TokenSection {
  id: 'overview' | 'keys' | 'fees' | 'timestamps' | 'metadata' | 'autoRenew';
  label: string;
  items: TokenItem[];
}

/**
 * "SYMBOL 0.0.x — name", or "SYMBOL 0.0.x @ lte:… — name" for a state at a timestamp: what tells two tokens, or two
 * versions of one token, apart comes first, so it survives a narrow side bar cutting the end off.
 */
export function tokenTitle(token: Token, timestamp?: string): string {
  return safeLine(`${token.symbol} ${token.token_id}${timestamp ? ` @ ${timestamp}` : ''} — ${token.name}`);
}

export function describeToken(token: Token): TokenSection[] {
  return [
    { id: 'overview', label: 'Overview', items: overview(token) },
    { id: 'keys', label: 'Keys', items: keys(token) },
    { id: 'fees', label: 'Custom fees', items: fees(token) },
    { id: 'timestamps', label: 'Timestamps', items: timestamps(token) },
    { id: 'metadata', label: 'Metadata', items: metadata(token.metadata) },
    { id: 'autoRenew', label: 'Auto-renew', items: autoRenew(token) },
  ];
}

const NONE = 'none';
const item = (label: string, value: string, icon?: string, tooltip?: string, children?: TokenItem[]): TokenItem => ({
  label: safeLine(label),
  value: safeLine(value),
  ...(tooltip === undefined ? {} : { tooltip: safeText(tooltip) }),
  ...(icon === undefined ? {} : { icon }),
  ...(children === undefined ? {} : { children }),
});
const orNone = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? NONE : v);
const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? 'unknown' : v ? 'yes' : 'no');

// Past this many decimals a positional number stops being readable (the mirror's own test data uses 1000).
const MAX_POSITIONAL_DECIMALS = 40;

/** `raw` smallest units (an integer, possibly negative) shown in whole tokens, exactly: string arithmetic only. */
export function applyDecimals(raw: string, decimals: string): string {
  const d = Number(decimals);
  if (d === 0) return raw;
  if (d > MAX_POSITIONAL_DECIMALS) return `${raw} × 10^-${decimals}`;
  const sign = raw.startsWith('-') ? '-' : '';
  const padded = raw.slice(sign.length).padStart(d + 1, '0');
  const whole = padded.slice(0, -d);
  const fraction = padded.slice(-d).replace(/0+$/, '');
  return `${sign}${fraction ? `${whole}.${fraction}` : whole}`;
}

/** What a value that cannot stand for what its field means is shown as: its raw form and why. */
const invalid = (raw: string, why: string) => `${raw} (invalid value: ${why})`;

function overview(t: Token): TokenItem[] {
  const nft = t.type === 'NON_FUNGIBLE_UNIQUE';
  const supply = (label: string, raw: string) =>
    item(
      label,
      nft ? raw : applyDecimals(raw, t.decimals),
      'symbol-number',
      nft ? `${raw} serials` : `${raw} in smallest units (decimals ${t.decimals})`,
    );
  const maxSupply =
    t.supply_type === 'INFINITE'
      ? item('Max supply', 'unlimited', 'symbol-number', `supply type INFINITE (raw max_supply ${t.max_supply})`)
      : supply('Max supply', t.max_supply);
  return [
    item('Type', nft ? 'Non-fungible (NFT)' : 'Fungible', 'symbol-class', t.type),
    item('Decimals', t.decimals, 'symbol-number'),
    item('Supply type', t.supply_type, 'symbol-enum'),
    supply('Initial supply', t.initial_supply),
    supply('Total supply', t.total_supply),
    maxSupply,
    item('Treasury', orNone(t.treasury_account_id), 'account'),
    item('Memo', orNone(t.memo), 'note'),
    item('Pause status', t.pause_status ?? 'unknown', 'debug-pause'),
    item('Deleted', yesNo(t.deleted), 'trash'),
    item('Freeze default', yesNo(t.freeze_default), 'lock'),
  ];
}

/** Every key a token can have, in the order the Keys group lists them. */
export const KEY_FIELDS: readonly (readonly [label: string, field: keyof Token])[] = [
  ['Admin', 'admin_key'],
  ['Supply', 'supply_key'],
  ['KYC', 'kyc_key'],
  ['Freeze', 'freeze_key'],
  ['Wipe', 'wipe_key'],
  ['Pause', 'pause_key'],
  ['Fee schedule', 'fee_schedule_key'],
  ['Metadata', 'metadata_key'],
];

/** `ED25519 302a…9f3c`: enough to tell keys apart at a glance; the full key goes in the tooltip. */
export function shortKey(key: TokenKey): string {
  const hex = key.key.length > 12 ? `${key.key.slice(0, 4)}…${key.key.slice(-4)}` : key.key || '(empty)';
  return `${key._type} ${hex}`;
}

function keys(t: Token): TokenItem[] {
  return KEY_FIELDS.map(([label, field]) => {
    const key = t[field] as TokenKey | null | undefined;
    return key ? item(label, shortKey(key), 'key', `${key._type} ${key.key}`) : item(label, NONE, 'circle-slash');
  });
}

const int = shownNumber;

/** An int64 the mirror sent exactly (the arithmetic below needs one). */
type Exact = Exclude<Int64, Approximate>;
const HBAR_DECIMALS = '8';

/** A fixed amount is tinybars when no token denominates it, else the denominating token's smallest units. */
function fixedAmount(amount: Int64, denominatingTokenId: string | null): string {
  if (isApproximate(amount)) return `${int(amount)} ${denominatingTokenId === null ? 'tinybars' : `units of ${denominatingTokenId}`}`;
  return denominatingTokenId === null ? `${applyDecimals(int(amount), HBAR_DECIMALS)} ℏ` : `${int(amount)} units of ${denominatingTokenId}`;
}

/** `n/d` as a percentage rounded half away from zero to two decimals, in integer arithmetic at any size. */
export function percentOf(numerator: Exact, denominator: Exact): string | undefined {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) return undefined;
  const negative = n < 0n !== d < 0n && n !== 0n;
  const abs = (v: bigint) => (v < 0n ? -v : v);
  const hundredths = (abs(n) * 20000n + abs(d)) / (2n * abs(d));
  return `${negative ? '-' : ''}${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}%`;
}

function fraction(a: { numerator: Int64; denominator: Int64 }): string {
  const { numerator: n, denominator: d } = a;
  const percent = isApproximate(n) || isApproximate(d) ? undefined : percentOf(n, d);
  return `${int(a.numerator)}/${int(a.denominator)}${percent === undefined ? '' : ` (${percent})`}`;
}

const collector = (f: { collector_account_id: string | null; all_collectors_are_exempt?: boolean }) => [
  item('Collector', orNone(f.collector_account_id), 'account'),
  item('All collectors exempt', yesNo(f.all_collectors_are_exempt), 'pass'),
];

const fixedFee = (f: FixedFee) =>
  item(
    'Fixed fee',
    fixedAmount(f.amount, f.denominating_token_id),
    'tag',
    `${int(f.amount)} ${f.denominating_token_id === null ? 'tinybars' : 'smallest units'}`,
    [item('Denomination', f.denominating_token_id ?? 'HBAR (tinybars)', 'symbol-constant'), ...collector(f)],
  );

const fractionalFee = (f: FractionalFee) =>
  item('Fractional fee', fraction(f.amount), 'tag', undefined, [
    item('Minimum', int(f.minimum), 'arrow-down'),
    item('Maximum', f.maximum === null ? 'no maximum' : int(f.maximum), 'arrow-up'),
    item(
      'Net of transfers',
      f.net_of_transfers ? 'yes (charged to the sender on top)' : 'no (taken from the amount received)',
      'arrow-swap',
    ),
    item('Denomination', orNone(f.denominating_token_id), 'symbol-constant'),
    ...collector(f),
  ]);

const royaltyFee = (f: RoyaltyFee) =>
  item('Royalty fee', fraction(f.amount), 'tag', undefined, [
    item(
      'Fallback fee',
      f.fallback_fee ? fixedAmount(f.fallback_fee.amount, f.fallback_fee.denominating_token_id) : NONE,
      f.fallback_fee ? 'tag' : 'circle-slash',
    ),
    ...collector(f),
  ]);

function fees(t: Token): TokenItem[] {
  const cf = t.custom_fees;
  const all = [
    ...cf.fixed_fees.map(fixedFee),
    ...(cf.fractional_fees ?? []).map(fractionalFee),
    ...(cf.royalty_fees ?? []).map(royaltyFee),
  ];
  return all.length ? all : [item('Fees', NONE, 'circle-slash')];
}

/** `seconds.nanos` → ISO 8601 UTC with all nine fraction digits, or undefined when out of Date's range. */
export function isoFromTimestamp(ts: string): string | undefined {
  const [seconds, nanos = ''] = ts.split('.');
  if (!/^\d+$/.test(seconds) || !/^\d{0,9}$/.test(nanos)) return undefined;
  const date = new Date(Number(seconds) * 1000);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999) return undefined;
  return `${date.toISOString().slice(0, 19)}.${nanos.padEnd(9, '0')}Z`;
}

const INT64_MAX = 2n ** 63n - 1n;

/**
 * Integer nanoseconds (the token's `expiry_timestamp`) → `seconds.nnnnnnnnn`; undefined outside 0…2^63-1, where it
 * is no point in time the network can hold (a negative one would read as 1970).
 */
export function timestampFromNanos(ns: Exact): string | undefined {
  const value = BigInt(ns);
  if (value < 0n || value > INT64_MAX) return undefined;
  const s = value.toString().padStart(10, '0');
  return `${BigInt(s.slice(0, -9))}.${s.slice(-9)}`;
}

function timeItem(label: string, ts: string | null | undefined, rawLabel = ts): TokenItem {
  if (ts === null || ts === undefined) return item(label, NONE, 'circle-slash');
  const iso = isoFromTimestamp(ts);
  return item(label, iso ? `${iso} (${rawLabel})` : `${rawLabel} (invalid timestamp)`, 'calendar', `raw ${rawLabel}`);
}

/**
 * An expiry sent inexactly (`1.706825707000718e18`): the time its digits carry, to the last one known
 * (`≈2024-02-01T22:15:07.000718Z` here, to the microsecond), beside the value as sent.
 */
function approximateExpiryItem(expiry: Approximate): TokenItem {
  const raw = `${expiry.approximate} ns`;
  const n = significantInteger(expiry.approximate);
  const ts = n && n.unitPower <= 9 ? timestampFromNanos(n.value) : undefined;
  const iso = ts && isoFromTimestamp(ts);
  if (!n || !iso) return item('Expiry', `≈${raw} (sent inexactly)`, 'calendar', `raw ${raw}`);
  const known = iso.slice(0, 29 - n.unitPower).replace(/\.$/, '');
  return item('Expiry', `≈${known}Z (sent inexactly as ${raw})`, 'calendar', `raw ${raw}; digits below 10^${n.unitPower} ns are unknown`);
}

function expiryItem(expiry: Int64 | null | undefined): TokenItem {
  if (expiry === null || expiry === undefined) return item('Expiry', NONE, 'circle-slash');
  if (isApproximate(expiry)) return approximateExpiryItem(expiry);
  const raw = `${int(expiry)} ns`;
  const ts = timestampFromNanos(expiry);
  return ts === undefined ? item('Expiry', `${raw} (invalid timestamp)`, 'calendar', `raw ${raw}`) : timeItem('Expiry', ts, raw);
}

function timestamps(t: Token): TokenItem[] {
  return [
    timeItem('Created', t.created_timestamp),
    timeItem('Modified', t.modified_timestamp),
    expiryItem(t.expiry_timestamp),
    timeItem('Fee schedule created', t.custom_fees.created_timestamp),
  ];
}

/** Decoded text when the bytes are valid UTF-8 without control characters (other than tab/newline). */
export function printableText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

function metadata(b64: string | undefined): TokenItem[] {
  if (!b64) return [item('Metadata', NONE, 'circle-slash')];
  const bytes = Buffer.from(b64, 'base64');
  const text = printableText(bytes);
  return [
    item('Base64', b64, 'file-binary', `${bytes.length} bytes`),
    ...(text === undefined ? [] : [item('Text', text, 'symbol-string')]),
  ];
}

const UNITS: [name: string, seconds: bigint][] = [
  ['day', 86400n],
  ['hour', 3600n],
  ['minute', 60n],
  ['second', 1n],
];

/** 7776000 → "90 days"; 6999999 → "81 days, 58 minutes, 39 seconds". */
export function humanDuration(seconds: Exact): string {
  let rest = BigInt(seconds);
  if (rest === 0n) return '0 seconds';
  const parts: string[] = [];
  for (const [name, size] of UNITS) {
    const n = rest / size;
    rest %= size;
    if (n > 0n) parts.push(`${n} ${name}${n === 1n ? '' : 's'}`);
  }
  return parts.join(', ');
}

function autoRenew(t: Token): TokenItem[] {
  const period = t.auto_renew_period;
  return [
    item('Account', orNone(t.auto_renew_account), 'account'),
    period === null || period === undefined
      ? item('Period', NONE, 'circle-slash')
      : isApproximate(period)
        ? item('Period', `${int(period)} seconds`, 'sync', `sent inexactly as ${period.approximate}`)
        : item(
            'Period',
            BigInt(period) < 0n ? invalid(`${int(period)} seconds`, 'negative') : humanDuration(period),
            'sync',
            `${int(period)} seconds`,
          ),
  ];
}
