import { strict as assert } from 'node:assert';
import { parseTimestampFilter, parseTokenId, parseTransactionIdOrHash } from '../../../src/core/ids';

const HASH = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

describe('ids', () => {
  describe('parseTokenId', () => {
    const accepted: [string, string][] = [
      // the mirror's own spec-test inputs (no-params.json, timestamp.json)
      ['0.0.1135', '0.0.1135'],
      ['0.1135', '0.0.1135'],
      ['1135', '0.0.1135'],
      ['000000000000000000000000000000000000046F', '0.0.1135'],
      ['0x000000000000000000000000000000000000046F', '0.0.1135'],
      ['0X000000000000000000000000000000000000046f', '0.0.1135'],
      ['0.0.000000000000000000000000000000000000046F', '0.0.1135'],
      ['  0.0.1135\n', '0.0.1135'],
      ['0.0.0001135', '0.0.1135'],
      ['1023.65535.274877906943', '1023.65535.274877906943'],
      ['0x000003ff000000000000ffff0000003fffffffff', '1023.65535.274877906943'],
      ['1.2.0000000100000000000000020000000000000003', '1.2.3'],
      ['0', '0.0.0'],
      // a bare integer is the mirror's encoded id: shard<<54 | realm<<38 | num
      [String((1n << 54n) | (2n << 38n) | 3n), '1.2.3'],
    ];
    for (const [input, expected] of accepted) {
      it(`accepts ${JSON.stringify(input)} as ${expected}`, () => assert.deepEqual(parseTokenId(input), { ok: true, value: expected }));
    }

    const rejected: [string, RegExp][] = [
      // the mirror's spec-test rejects (invalid-id.json)
      ['abc', /Expected a token id like 0\.0\.1234, 1234 or a long-zero EVM address/],
      ['0.0.0x000000000000000000000000000000000000046F', /Expected a token id/],
      ['06bd279138d5918402fc8ad500526cb2ee0eb985', /not a long-zero token address/],
      ['', /Expected a token id/],
      ['0.0.-1', /Expected a token id/],
      ['0.0.1.2', /Expected a token id/],
      ['1024.0.1', /out of range \(shard ≤ 1023, realm ≤ 65535, num ≤ 274877906943\)/],
      ['0.65536.1', /out of range/],
      ['0.0.274877906944', /out of range/],
      ['0.0.1234567890123', /Expected a token id/],
      ['0x00000000000000000000000000000000000046F', /Expected a token id/],
      ['0.1.000000000000000000000000000000000000046F', /belongs to 0\.0\.1135, not to shard\.realm 0\.1/],
      [String(1n << 64n), /Expected a token id/],
    ];
    for (const [input, message] of rejected) {
      it(`rejects ${JSON.stringify(input)}`, () => {
        const r = parseTokenId(input);
        assert.equal(r.ok, false);
        assert.match(r.ok ? '' : r.message, message);
      });
    }
  });

  describe('parseTimestampFilter', () => {
    const accepted: [string, { op: string; timestamp: string; query: string }][] = [
      ['1234567890', { op: 'eq', timestamp: '1234567890', query: '1234567890' }],
      ['1234567890.000000001', { op: 'eq', timestamp: '1234567890.000000001', query: '1234567890.000000001' }],
      ['eq:1234567890.5', { op: 'eq', timestamp: '1234567890.5', query: '1234567890.5' }],
      ['lt:1234567899.999999007', { op: 'lt', timestamp: '1234567899.999999007', query: 'lt:1234567899.999999007' }],
      [' lte:1 ', { op: 'lte', timestamp: '1', query: 'lte:1' }],
    ];
    for (const [input, expected] of accepted) {
      it(`accepts ${JSON.stringify(input)}`, () => assert.deepEqual(parseTimestampFilter(input), { ok: true, value: expected }));
    }
    // the operators and values the mirror's invalid-param-values.json spec test rejects, and format bounds
    for (const input of ['-1', 'gt:1', 'gte:1', 'ne:1', '12345678901', '1.1234567890', '1.', 'LT:1', 'lt:', '', '2024-01-01']) {
      it(`rejects ${JSON.stringify(input)}`, () => {
        const r = parseTimestampFilter(input);
        assert.equal(r.ok, false);
        assert.match(r.ok ? '' : r.message, /Expected a timestamp like 1234567890\.000000001, optionally prefixed with eq:, lt: or lte:/);
      });
    }
  });

  describe('parseTransactionIdOrHash', () => {
    const accepted: [string, { kind: string; value: string }][] = [
      ['0.0.1234-1234567890-000000001', { kind: 'id', value: '0.0.1234-1234567890-000000001' }],
      ['0.0.1234-1234567890-1', { kind: 'id', value: '0.0.1234-1234567890-000000001' }],
      ['0.0.1234@1234567890.000000001', { kind: 'id', value: '0.0.1234-1234567890-000000001' }],
      ['0.0.1234@1234567890.5', { kind: 'id', value: '0.0.1234-1234567890-000000005' }],
      [' 0.0.1003-1770751193-736000057 ', { kind: 'id', value: '0.0.1003-1770751193-736000057' }],
      ['0.0.1-1234567890123456789-0', { kind: 'id', value: '0.0.1-1234567890123456789-000000000' }],
      [HASH, { kind: 'hash', value: '0x' + HASH }],
      ['0x' + HASH, { kind: 'hash', value: '0x' + HASH }],
      ['0X' + HASH.toUpperCase(), { kind: 'hash', value: '0x' + HASH }],
      // 48-byte Hedera hash: the importer stores its first 32 bytes
      [HASH + 'aabbccddeeff00112233445566778899', { kind: 'hash', value: '0x' + HASH }],
    ];
    for (const [input, expected] of accepted) {
      it(`accepts ${JSON.stringify(input)}`, () => assert.deepEqual(parseTransactionIdOrHash(input), { ok: true, value: expected }));
    }
    // the web3 controller test's rejects (callInvalidTransactionIdOrHash) and a few of our own
    const rejected = [
      ' ',
      '0x',
      '0xghijklmno',
      'a'.repeat(39),
      'a'.repeat(41),
      '00000000001239847e',
      '0.0.1234-1234567890',
      '0.0.1234-0-1234567890',
      '0.0.1234-1-123456789-',
      'a'.repeat(63),
      'a'.repeat(80),
      '0.0.1234@1234567890.000000001?scheduled',
      '0.0.1234-12345678901234567890-1',
    ];
    for (const input of rejected) {
      it(`rejects ${JSON.stringify(input)}`, () => {
        const r = parseTransactionIdOrHash(input);
        assert.equal(r.ok, false);
        assert.match(r.ok ? '' : r.message, /Expected a transaction id like 0\.0\.1234-1234567890-000000001/);
      });
    }
    it('rejects a payer beyond the entity limits', () => {
      const r = parseTransactionIdOrHash('1024.0.1-1-1');
      assert.match(r.ok ? '' : r.message, /out of range/);
    });
  });
});
