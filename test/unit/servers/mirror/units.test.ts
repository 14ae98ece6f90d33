// Pure building blocks of the reference mirror, checked against independent oracles where one exists.

import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { acceptsGzip } from '../../../../servers/mirror/respond';
import { byteaFromPgParameter, byteaFromText, byteaFromValue } from '../../../../servers/mirror/rest/bytea';
import { entityKey, parseTokenIdParam } from '../../../../servers/mirror/rest/entity-id';
import { parseRestQuery } from '../../../../servers/mirror/rest/query';
import { encodeKey } from '../../../../servers/mirror/rest/token-format';
import { formatInstant } from '../../../../servers/mirror/web3/java-instant';
import { TokenBucket } from '../../../../servers/mirror/web3/token-bucket';

const hex = (bytes: Uint8Array | null) => (bytes === null ? null : Buffer.from(bytes).toString('hex'));

describe('reference mirror building blocks', () => {
  describe('formatInstant (java.time.Instant#toString)', () => {
    it('prints fractions in groups of three digits and years past 9999 with a sign', () => {
      const cases: Array<[bigint, number, string]> = [
        [1234567890n, 1, '2009-02-13T23:31:30.000000001Z'],
        [1234567890n, 0, '2009-02-13T23:31:30Z'],
        [1234567890n, 500_000_000, '2009-02-13T23:31:30.500Z'],
        [0n, 1000, '1970-01-01T00:00:00.000001Z'],
        [951782400n, 0, '2000-02-29T00:00:00Z'],
        [253402300799n, 0, '9999-12-31T23:59:59Z'],
        [253402300800n, 0, '+10000-01-01T00:00:00Z'],
        [31556889864403199n, 999_999_999, '+1000000000-12-31T23:59:59.999999999Z'],
      ];
      for (const [seconds, nanos, expected] of cases) assert.equal(formatInstant(seconds, nanos), expected);
    });

    it('agrees with Date#toISOString on whole milliseconds', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 253402300799999 }), (ms) => {
          const iso = new Date(ms).toISOString();
          const expected = ms % 1000 === 0 ? iso.replace('.000Z', 'Z') : iso;
          assert.equal(formatInstant(BigInt(Math.floor(ms / 1000)), (ms % 1000) * 1_000_000), expected);
        }),
      );
    });
  });

  describe('bytea conversions of the spec-test harness', () => {
    it('reads Postgres escape and hex input', () => {
      assert.equal(hex(byteaFromText('2\\000')), '3200');
      assert.equal(hex(byteaFromText('\\x1220AB')), '1220ab');
      assert.equal(hex(byteaFromText('a\\\\b')), '615c62');
      assert.equal(hex(byteaFromText('é')), 'c3a9');
      assert.throws(() => byteaFromText('bad\\escape'));
      assert.throws(() => byteaFromText('\\x123'));
    });

    it('sends arrays as Postgres array literals and other values as text', () => {
      assert.equal(hex(byteaFromPgParameter([1, 2, 3])), Buffer.from('{"1","2","3"}').toString('hex'));
      assert.equal(hex(byteaFromPgParameter(['a', null])), Buffer.from('{"a",NULL}').toString('hex'));
      // The escaped quote of the array literal is not valid bytea escape input, so Postgres refuses it too.
      assert.throws(() => byteaFromPgParameter(['a"b']));
      assert.equal(byteaFromPgParameter(null), null);
    });

    it('decodes metadata as hex, else base64, and arrays as bytes', () => {
      assert.equal(hex(byteaFromValue('0x0102')), '0102');
      assert.equal(hex(byteaFromValue('AQE=')), '0101');
      assert.equal(hex(byteaFromValue([1, 1])), '0101');
      assert.equal(hex(byteaFromValue([])), '');
    });
  });

  describe('token id path parameter', () => {
    it('accepts the forms of the spec tests and their limits', () => {
      const accepted: Array<[string, string]> = [
        ['0.0.1135', '0.0.1135'],
        ['0.1135', '0.0.1135'],
        ['1135', '0.0.1135'],
        ['000000000000000000000000000000000000046F', '0.0.1135'],
        ['0x000000000000000000000000000000000000046f', '0.0.1135'],
        ['0.0.000000000000000000000000000000000000046F', '0.0.1135'],
        ['1023.65535.274877906943', '1023.65535.274877906943'],
        ['0001.00002.000000000003', '1.2.3'],
      ];
      for (const [input, expected] of accepted) {
        const parsed = parseTokenIdParam(input);
        assert.ok(parsed, input);
        assert.equal(entityKey(parsed), expected, input);
      }
    });

    it('rejects what the REST module rejects', () => {
      for (const input of [
        'abc',
        '0.0.0x000000000000000000000000000000000000046F',
        '06bd279138d5918402fc8ad500526cb2ee0eb985',
        '0.0.274877906944',
        '1024.0.1',
        '0.65536.1',
        '-5',
        '1.2.3.4',
        '1.0.000000000000000000000000000000000000046F',
        '0x0000000000000000000000000000004000000000',
        '',
      ]) {
        assert.equal(parseTokenIdParam(input), undefined, input);
      }
    });
  });

  it('encodes keys like utils.encodeKey', () => {
    const key32 = 'ab'.repeat(32);
    const key33 = `02${'cd'.repeat(32)}`;
    const cases: Array<[string, unknown]> = [
      [`1220${key32}`, { _type: 'ED25519', key: key32 }],
      [`32240a221220${key32}`, { _type: 'ED25519', key: key32 }],
      [`2a28080112240a221220${key32}`, { _type: 'ED25519', key: key32 }],
      [`3a21${key33}`, { _type: 'ECDSA_SECP256K1', key: key33 }],
      [`32250a233a21${key33}`, { _type: 'ECDSA_SECP256K1', key: key33 }],
      ['3200', null],
      ['', { _type: 'ProtobufEncoded', key: '' }],
      ['0a0b', { _type: 'ProtobufEncoded', key: '0a0b' }],
    ];
    for (const [keyHex, expected] of cases) assert.deepEqual(encodeKey(Buffer.from(keyHex, 'hex')), expected, keyHex);
    assert.equal(encodeKey(null), null);
  });

  it('parses queries like qs with lower-cased, merged keys in JS object order', () => {
    const query = parseRestQuery('timestamp=1&5=a&TIMESTAMP=lt%3A2&toString=x&__PROTO__=y&a+b=c%20d&&flag&bad=%E0%A4%A');
    assert.deepEqual(Object.keys(query), ['5', 'timestamp', 'a b', 'flag', 'bad']);
    assert.deepEqual(query, { 5: 'a', timestamp: ['1', 'lt:2'], 'a b': 'c d', flag: '', bad: '%E0%A4%A' });
  });

  it('accepts gzip only with a non-zero quality', () => {
    const cases: Array<[string | undefined, boolean]> = [
      ['gzip', true],
      ['GZip, deflate', true],
      ['br;q=1.0, gzip;q=0.5', true],
      ['*', true],
      ['gzip;q=0', false],
      ['identity', false],
      ['x-gzip-ish', false],
      [undefined, false],
    ];
    for (const [header, expected] of cases) assert.equal(acceptsGzip(header), expected, String(header));
  });

  it('refills the rate-limit bucket continuously up to its capacity', () => {
    let now = 0;
    const bucket = new TokenBucket(2, () => now);
    assert.deepEqual([bucket.tryConsume(), bucket.tryConsume(), bucket.tryConsume()], [true, true, false]);
    now = 499;
    assert.equal(bucket.tryConsume(), false);
    now = 500;
    assert.equal(bucket.tryConsume(), true);
    now = 60_000;
    assert.deepEqual([bucket.tryConsume(), bucket.tryConsume(), bucket.tryConsume()], [true, true, false]);
    const unlimited = new TokenBucket(Infinity, () => now);
    assert.ok(Array.from({ length: 1000 }, () => unlimited.tryConsume()).every(Boolean));
  });
});
