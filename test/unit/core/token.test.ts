import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseErrorBody } from '../../../src/core/error-body';
import { ApiError } from '../../../src/core/errors';
import { parseJson, stringifyJson } from '../../../src/core/json';
import { parseToken, type Token } from '../../../src/core/token';
import { CAPTURED_TOKENS, minifyJson, TOKEN_SPECS, tokenSpecCases } from '../../helpers/mirror-data';

const cases = tokenSpecCases();
const fileText = (file: string) => minifyJson(readFileSync(join(TOKEN_SPECS, file), 'utf8'));
const fixtureToken = (file: string) => cases.find((c) => c.file === file)!.body;

describe('token schema', () => {
  it('covers every spec file', () => {
    assert.deepEqual(new Set(cases.map((c) => c.file)).size, 9);
  });

  for (const c of cases.filter((c) => c.status === 200)) {
    describe(`${c.file} ${c.url}`, () => {
      it('parses', () => {
        const token = parseToken(c.body);
        assert.equal(token.token_id, '0.0.1135');
      });
      it('re-serialises to the recorded JSON, digit for digit', () => {
        assert.ok(fileText(c.file).includes(`"responseJson":${stringifyJson(c.body)}`));
      });
    });
  }

  for (const c of cases.filter((c) => c.status !== 200)) {
    it(`recognises the ${c.status} of ${c.file} (${c.url}) as an error body, not a token`, () => {
      assert.throws(() => parseToken(c.body), ApiError);
      const messages = parseErrorBody(stringifyJson(c.body));
      assert.ok(messages.length > 0);
      assert.match(messages[0].message, /^(Invalid parameter: (tokenid|timestamp)|Not found)$/);
    });
  }

  it('keeps expiry_timestamp exact (1234567890000010001 ns)', () => {
    const token = parseToken(fixtureToken('custom-fees.json'));
    assert.equal(token.expiry_timestamp, 1234567890000010001n);
  });

  it('keeps int64 values past 2^53 exact; a number sent inexactly is kept as sent, marked approximate, not refused', () => {
    const body = (expiry: string) =>
      parseJson(
        stringifyJson(fixtureToken('custom-fees.json')).replace('"expiry_timestamp":1234567890000010001', `"expiry_timestamp":${expiry}`),
      );
    assert.equal(parseToken(body('123456789012345678901234567890')).expiry_timestamp, 123456789012345678901234567890n);
    for (const lossy of ['1e20', '1.706825707000718e18', '1234567890000010001.5', '1e400']) {
      const parsed = body(lossy);
      assert.deepEqual(parseToken(parsed).expiry_timestamp, { approximate: lossy }, lossy);
      assert.match(stringifyJson(parsed), new RegExp(`"expiry_timestamp":${lossy.replace(/\./g, '\\.')},`), 'the text as sent survives');
    }
    assert.deepEqual(
      parseToken(parseJson(stringifyJson(fixtureToken('custom-fees.json')).replace('"amount":13', '"amount":1.5'))).custom_fees
        .fixed_fees[1].amount,
      { approximate: '1.5' },
    );
  });

  describe('real bodies recorded by hashgraph/hedera-forking (test/data/mirror/tokens/hedera-forking)', () => {
    const recorded = (name: string) => readFileSync(join(CAPTURED_TOKENS, `${name}.json`), 'utf8');
    for (const [name, id, expiry] of [
      ['USDC', '0.0.429274', { approximate: '1.706825707000718e18' }],
      ['MFCT', '0.0.4730999', { approximate: '1.732158479e18' }],
      ['CTCF', '0.0.5206169', 1741061978000000000n],
      ['CFNFTFF', '0.0.5308378', 1742724250000000000n],
    ] as const) {
      it(`${name} (${id}) parses whole, its expiry ${typeof expiry === 'bigint' ? 'exact' : 'kept as sent'}`, () => {
        const token = parseToken(parseJson(recorded(name)));
        assert.equal(token.token_id, id);
        assert.deepEqual(token.expiry_timestamp, expiry);
        assert.equal(stringifyJson(parseJson(recorded(name))), minifyJson(recorded(name)));
      });
    }
  });

  it('reads fixed and fractional fees with their exact values', () => {
    const fees = parseToken(fixtureToken('custom-fees.json')).custom_fees;
    assert.deepEqual(fees.fixed_fees[1], {
      all_collectors_are_exempt: true,
      amount: 13,
      collector_account_id: '0.0.8905',
      denominating_token_id: null,
    });
    assert.deepEqual(fees.fractional_fees?.[0], {
      all_collectors_are_exempt: false,
      amount: { numerator: 11, denominator: 17 },
      collector_account_id: '0.0.8901',
      denominating_token_id: '0.0.1135',
      maximum: 987,
      minimum: 79,
      net_of_transfers: false,
    });
    assert.equal(fees.royalty_fees, undefined);
  });

  it('reads royalty fees with and without a fallback fee', () => {
    const token: Token = parseToken(fixtureToken('nft-custom-fees.json'));
    assert.equal(token.type, 'NON_FUNGIBLE_UNIQUE');
    assert.equal(token.custom_fees.royalty_fees?.[0].fallback_fee, null);
    assert.deepEqual(token.custom_fees.royalty_fees?.[1].fallback_fee, { amount: 1300, denominating_token_id: '0.0.1137' });
  });

  it('reads keys as null or {_type, key}', () => {
    const token = parseToken(fixtureToken('custom-fees.json'));
    assert.equal(token.admin_key, null);
    assert.deepEqual(token.fee_schedule_key, { _type: 'ProtobufEncoded', key: '7b2231222c2232222c2233227d' });
  });

  it('keeps fields it does not know', () => {
    const raw = parseJson(stringifyJson({ ...(fixtureToken('no-params.json') as object), new_field: { x: 1 } }));
    assert.deepEqual((parseToken(raw) as Record<string, unknown>).new_field, { x: 1 });
  });

  const broken: [string, (t: Record<string, unknown>) => void, RegExp][] = [
    ['a missing name', (t) => delete t.name, /field name:/],
    ['a number for decimals', (t) => (t.decimals = 2), /field decimals:/],
    ['an unknown type', (t) => (t.type = 'SEMI_FUNGIBLE'), /field type:/],
    ['a bad key', (t) => (t.admin_key = { _type: 'ED25519' }), /field admin_key\.key:/],
    [
      'text as a fee amount',
      (t) =>
        ((t.custom_fees as { fixed_fees: unknown[] }).fixed_fees = [
          { amount: 'lots', collector_account_id: null, denominating_token_id: null },
        ]),
      /field custom_fees\.fixed_fees\[0\]\.amount: expected a number/,
    ],
    ['a malformed timestamp', (t) => (t.created_timestamp = '2024-01-01T00:00:00Z'), /field created_timestamp: expected a timestamp/],
  ];
  for (const [what, mutate, message] of broken) {
    it(`rejects ${what} as a bad response naming the field`, () => {
      const raw = parseJson(stringifyJson(fixtureToken('custom-fees.json'))) as Record<string, unknown>;
      mutate(raw);
      assert.throws(
        () => parseToken(raw, 'http://mirror/api/v1/tokens/0.0.1135'),
        (err: unknown) =>
          err instanceof ApiError &&
          err.kind === 'bad-response' &&
          message.test(err.message) &&
          err.url === 'http://mirror/api/v1/tokens/0.0.1135',
      );
    });
  }

  it('rejects a body that is not an object', () => {
    assert.throws(() => parseToken([]), /invalid token: field \(body\)/);
  });
});
