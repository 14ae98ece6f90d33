// The root dataset: a small sample network for `npm start`, the tree view and the e2e tests. Its tokens are the
// spec fixtures' token 0.0.1135 renumbered, so each keeps data the real server is known to answer for (the two a
// user is told to try with readable names), plus a token with markup in its text and one with every key type.

import { entityKey, parseSetupEntityId, type EntityId } from './rest/entity-id';
import type { Setup } from './rest/token-store';

export const SAMPLE = {
  /** FUNGIBLE_COMMON with fixed + fractional fees and history (timestamp.json). */
  fungible: '0.0.5001',
  /** NON_FUNGIBLE_UNIQUE with fixed + royalty fees and fallback fees (nft-custom-fees.json). */
  nft: '0.0.5002',
  /** Memo, name and symbol are HTML markup, to prove UIs render text (no-params.json). */
  markup: '0.0.5003',
  /** ED25519, ECDSA_SECP256K1, ProtobufEncoded and null keys (custom-fees.json). */
  keys: '0.0.5004',
} as const;

/** The spec file each sample token was renumbered from (its token 0.0.1135). */
export const SAMPLE_SOURCES: Readonly<Record<keyof typeof SAMPLE, string>> = {
  fungible: 'timestamp',
  nft: 'nft-custom-fees',
  markup: 'no-params',
  keys: 'custom-fees',
};

const FIXTURE_TOKEN = '0.0.1135';

export const SAMPLE_MARKUP = {
  memo: '<img src=x onerror=alert(1)>',
  name: '<script>alert("name")</script><b>Bold</b> & Co',
  symbol: '<i>MARKUP</i>',
} as const;

/**
 * What a user reads in the tree for the two tokens `npm start` suggests: the fixtures' shared "Token name" and
 * 1000 decimals (an edge case, `1000000 × 10^-1000`) stay in the fixtures' own tests, not in the sample.
 */
export const SAMPLE_READABLE = {
  // The symbol stays the fixture's: it is what tells its history rows apart (OLDSYMBOL before, ORIGINALRDKSE now).
  fungible: { name: 'Sample Dollar', decimals: '2' },
  nft: { name: 'Sample Collectibles', symbol: 'SCOL' },
} as const;

// Public keys from RFC 8032's Ed25519 test vectors and the secp256k1 generator point (compressed).
const ED25519_A = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const ED25519_B = '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c';
const ECDSA_G = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';

/**
 * Protobuf `Key` bytes for the keys token. Token key columns take Postgres bytea text, hence the `\x` prefix;
 * the entity (admin) key is plain hex.
 */
const SAMPLE_KEYS = {
  admin_key: `1220${ED25519_A}`,
  kyc_key: `\\x3a21${ECDSA_G}`,
  supply_key: `\\x32240a221220${ED25519_B}`,
  wipe_key: `\\x2a28080112240a221220${ED25519_A}`,
  freeze_key: `\\x3248${['0a221220' + ED25519_A, '0a221220' + ED25519_B].join('')}`,
  metadata_key: '\\x3200',
} as const;

type Row = Record<string, unknown>;

function sameId(value: unknown, id: string): boolean {
  const parsed = parseSetupEntityId(value);
  return parsed !== null && entityKey(parsed) === id;
}

/** The entity, token and fee rows of `from` in a spec setup, moved to `to`. */
function renumbered(setup: Setup | undefined, from: string, to: string): { entities: Row[]; tokens: Row[] } {
  if (!setup) throw new Error(`Sample data needs a spec setup that has token ${from}`);
  const target = parseSetupEntityId(to) as EntityId;
  const entities = (setup.entities ?? [])
    .map((row) => row as Row)
    .filter((row) => sameId(`${row.shard ?? 0}.${row.realm ?? 0}.${row.num}`, from))
    .map((row) => ({ ...row, shard: target.shard, realm: target.realm, num: target.num }));
  const tokens = (setup.tokens ?? [])
    .map((row) => row as Row)
    .filter((row) => sameId(row.token_id, from))
    .map((row) => ({
      ...row,
      token_id: to,
      ...(Array.isArray(row.custom_fees) && {
        custom_fees: row.custom_fees.map((fee: Row) => ({ ...fee, entity_id: to })),
      }),
    }));
  return { entities, tokens };
}

/** Builds the root dataset from the spec setups (keyed by spec file name). */
export function sampleSetup(specs: ReadonlyMap<string, Setup>): Setup {
  const part = (key: keyof typeof SAMPLE) => renumbered(specs.get(SAMPLE_SOURCES[key]), FIXTURE_TOKEN, SAMPLE[key]);
  const fungible = part('fungible');
  const nft = part('nft');
  const markup = part('markup');
  const keys = part('keys');
  const { admin_key: adminKey, ...tokenKeys } = SAMPLE_KEYS;
  return {
    entities: [
      ...fungible.entities,
      ...nft.entities,
      ...markup.entities.map((row) => ({ ...row, memo: SAMPLE_MARKUP.memo })),
      ...keys.entities.map((row) => ({ ...row, key: adminKey })),
    ],
    tokens: [
      ...fungible.tokens.map((row) => ({ ...row, ...SAMPLE_READABLE.fungible })),
      ...nft.tokens.map((row) => ({ ...row, ...SAMPLE_READABLE.nft })),
      ...markup.tokens.map((row) => ({ ...row, name: SAMPLE_MARKUP.name, symbol: SAMPLE_MARKUP.symbol })),
      ...keys.tokens.map((row) => ({ ...row, ...tokenKeys })),
    ],
  };
}
