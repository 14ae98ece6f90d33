import { strict as assert } from 'node:assert';
import { parseToken, type Token } from '../../../src/core/token';
import {
  applyDecimals,
  describeToken,
  humanDuration,
  isoFromTimestamp,
  percentOf,
  printableText,
  shortKey,
  timestampFromNanos,
  tokenTitle,
  type TokenItem,
  type TokenSection,
} from '../../../src/core/token-view';
import { tokenSpecCases } from '../../helpers/mirror-data';

const base = (file: string) => tokenSpecCases().find((c) => c.file === file)!.body as Record<string, unknown>;
const token = (file: string, changes: Record<string, unknown> = {}): Token => parseToken({ ...base(file), ...changes });
const section = (sections: TokenSection[], id: TokenSection['id']) => sections.find((s) => s.id === id)!;
const find = (items: TokenItem[], label: string) => items.find((i) => i.label === label)!;

const ED_KEY = '302a300506032b6570032100' + 'ab'.repeat(14) + '9f3c';

describe('token view', () => {
  it('titles a token "SYMBOL 0.0.x — name", with the timestamp after the id for a past state', () => {
    assert.equal(tokenTitle(token('no-params.json')), 'ORIGINALRDKSE 0.0.1135 — Token name');
    assert.equal(tokenTitle(token('no-params.json'), 'lte:1700000000.5'), 'ORIGINALRDKSE 0.0.1135 @ lte:1700000000.5 — Token name');
  });

  it('has the six sections in order', () => {
    assert.deepEqual(
      describeToken(token('custom-fees.json')).map((s) => [s.id, s.label]),
      [
        ['overview', 'Overview'],
        ['keys', 'Keys'],
        ['fees', 'Custom fees'],
        ['timestamps', 'Timestamps'],
        ['metadata', 'Metadata'],
        ['autoRenew', 'Auto-renew'],
      ],
    );
  });

  describe('overview', () => {
    const fungible = token('custom-fees.json', {
      decimals: '2',
      total_supply: '1000005',
      supply_type: 'FINITE',
      max_supply: '9223372036854775807',
    });
    const items = section(describeToken(fungible), 'overview').items;

    it('applies decimals to supplies and keeps the raw value in the tooltip', () => {
      assert.equal(find(items, 'Total supply').value, '10000.05');
      assert.equal(find(items, 'Total supply').tooltip, '1000005 in smallest units (decimals 2)');
      assert.equal(find(items, 'Max supply').value, '92233720368547758.07');
    });

    it('shows every overview field', () => {
      assert.deepEqual(
        items.map((i) => [i.label, i.value]),
        [
          ['Type', 'Fungible'],
          ['Decimals', '2'],
          ['Supply type', 'FINITE'],
          ['Initial supply', '10000'],
          ['Total supply', '10000.05'],
          ['Max supply', '92233720368547758.07'],
          ['Treasury', '0.0.98'],
          ['Memo', 'token.0.0.1135'],
          ['Pause status', 'UNPAUSED'],
          ['Deleted', 'no'],
          ['Freeze default', 'no'],
        ],
      );
    });

    it('calls an INFINITE max supply unlimited', () => {
      assert.equal(find(section(describeToken(token('no-params.json')), 'overview').items, 'Max supply').value, 'unlimited');
    });

    it('counts NFT supplies as serials without decimals', () => {
      const nft = section(describeToken(token('nft-custom-fees.json')), 'overview').items;
      assert.equal(find(nft, 'Type').value, 'Non-fungible (NFT)');
      assert.equal(find(nft, 'Total supply').value, '1000000');
      assert.equal(find(nft, 'Total supply').tooltip, '1000000 serials');
    });

    it('says unknown for a null deleted flag', () => {
      assert.equal(find(section(describeToken(token('no-params.json')), 'overview').items, 'Deleted').value, 'unknown');
    });
  });

  describe('applyDecimals', () => {
    const table: [string, string, string][] = [
      ['1000000', '0', '1000000'],
      ['1000000', '2', '10000'],
      ['1', '8', '0.00000001'],
      ['123456789', '3', '123456.789'],
      ['9223372036854775807', '18', '9.223372036854775807'],
      ['0', '6', '0'],
      ['1000000', '1000', '1000000 × 10^-1000'],
    ];
    for (const [raw, decimals, expected] of table)
      it(`${raw} with ${decimals} decimals → ${expected}`, () => assert.equal(applyDecimals(raw, decimals), expected));
  });

  describe('keys', () => {
    it('shows type and a shortened key, the full key in the tooltip, none when null', () => {
      const keys = section(describeToken(token('custom-fees.json', { admin_key: { _type: 'ED25519', key: ED_KEY } })), 'keys').items;
      assert.deepEqual(
        keys.map((k) => k.label),
        ['Admin', 'Supply', 'KYC', 'Freeze', 'Wipe', 'Pause', 'Fee schedule', 'Metadata'],
      );
      assert.deepEqual(find(keys, 'Admin'), { label: 'Admin', value: 'ED25519 302a…9f3c', tooltip: `ED25519 ${ED_KEY}`, icon: 'key' });
      assert.deepEqual(find(keys, 'Supply'), { label: 'Supply', value: 'none', icon: 'circle-slash' });
    });
    it('marks an empty ProtobufEncoded key', () =>
      assert.equal(shortKey({ _type: 'ProtobufEncoded', key: '' }), 'ProtobufEncoded (empty)'));
  });

  describe('custom fees', () => {
    it('describes fixed fees in HBAR or token units, and fractional fees', () => {
      const fees = section(describeToken(token('custom-fees.json')), 'fees').items;
      assert.deepEqual(
        fees.map((f) => [f.label, f.value]),
        [
          ['Fixed fee', '12 units of 0.0.1137'],
          ['Fixed fee', '0.00000013 ℏ'],
          ['Fractional fee', '11/17 (64.71%)'],
          ['Fractional fee', '9/13 (69.23%)'],
          ['Fractional fee', '41/131 (31.30%)'],
        ],
      );
      assert.deepEqual(
        fees[1].children!.map((c) => [c.label, c.value]),
        [
          ['Denomination', 'HBAR (tinybars)'],
          ['Collector', '0.0.8905'],
          ['All collectors exempt', 'yes'],
        ],
      );
      assert.equal(find(fees[3].children!, 'Maximum').value, 'no maximum');
      assert.equal(find(fees[2].children!, 'Minimum').value, '79');
    });

    it('describes royalty fees with their fallback', () => {
      const fees = section(describeToken(token('nft-custom-fees.json')), 'fees').items.filter((f) => f.label === 'Royalty fee');
      assert.deepEqual(
        fees.map((f) => find(f.children!, 'Fallback fee').value),
        ['none', '1300 units of 0.0.1137', '0.00000008 ℏ'],
      );
    });

    it('says none when there are no fees', () => {
      assert.deepEqual(
        section(describeToken(token('no-params.json')), 'fees').items.map((i) => i.value),
        ['none'],
      );
    });
  });

  describe('timestamps', () => {
    it('shows ISO UTC and raw; expiry is nanoseconds', () => {
      const items = section(describeToken(token('custom-fees.json')), 'timestamps').items;
      assert.deepEqual(
        items.map((i) => [i.label, i.value]),
        [
          ['Created', '2009-02-13T23:31:30.000000002Z (1234567890.000000002)'],
          ['Modified', '2009-02-13T23:31:30.000000002Z (1234567890.000000002)'],
          ['Expiry', '2009-02-13T23:31:30.000010001Z (1234567890000010001 ns)'],
          ['Fee schedule created', '2009-02-13T23:31:39.999999007Z (1234567899.999999007)'],
        ],
      );
    });
    it('converts nanoseconds exactly', () => {
      assert.equal(timestampFromNanos(1241567889000000002n), '1241567889.000000002');
      assert.equal(timestampFromNanos(5), '0.000000005');
    });
    it('pads a short fraction and gives up outside the Date range', () => {
      assert.equal(isoFromTimestamp('1.5'), '1970-01-01T00:00:01.500000000Z');
      assert.equal(isoFromTimestamp('9999999999999'), undefined);
    });
  });

  describe('metadata', () => {
    it('shows base64 and the decoded text when printable', () => {
      const items = section(
        describeToken(token('no-params.json', { metadata: Buffer.from('ipfs://bafy').toString('base64') })),
        'metadata',
      ).items;
      assert.deepEqual(
        items.map((i) => [i.label, i.value]),
        [
          ['Base64', 'aXBmczovL2JhZnk='],
          ['Text', 'ipfs://bafy'],
        ],
      );
    });
    it('shows only base64 for binary metadata', () => {
      const items = section(describeToken(token('no-params.json')), 'metadata').items;
      assert.deepEqual(
        items.map((i) => [i.label, i.value]),
        [['Base64', 'AQE=']],
      );
    });
    it('says none for empty metadata', () => {
      assert.deepEqual(
        section(describeToken(token('custom-fees.json')), 'metadata').items.map((i) => i.value),
        ['none'],
      );
    });
    it('rejects invalid UTF-8 and control characters as text', () => {
      assert.equal(printableText(new Uint8Array([0xff, 0xfe])), undefined);
      assert.equal(printableText(new Uint8Array([0x41, 0x1b])), undefined);
      assert.equal(printableText(new TextEncoder().encode('héllo\nwörld')), 'héllo\nwörld');
    });
  });

  describe('auto-renew', () => {
    it('shows account and a human period', () => {
      const items = section(
        describeToken(token('no-params.json', { auto_renew_account: '0.0.98', auto_renew_period: 7776000 })),
        'autoRenew',
      ).items;
      assert.deepEqual(
        items.map((i) => [i.label, i.value, i.tooltip]),
        [
          ['Account', '0.0.98', undefined],
          ['Period', '90 days', '7776000 seconds'],
        ],
      );
    });
    const table: [number, string][] = [
      [7776000, '90 days'],
      [6999999, '81 days, 26 minutes, 39 seconds'],
      [3601, '1 hour, 1 second'],
      [0, '0 seconds'],
    ];
    for (const [s, text] of table) it(`${s} s → ${text}`, () => assert.equal(humanDuration(s), text));
  });
});

describe('token view: hostile numbers and text', () => {
  const values = (t: Token, id: TokenSection['id']) => section(describeToken(t), id).items.map((i) => [i.label, i.value]);
  const fractional = (numerator: bigint | number, denominator: bigint | number) =>
    token('custom-fees.json', {
      custom_fees: {
        ...(base('custom-fees.json').custom_fees as object),
        fixed_fees: [],
        fractional_fees: [
          {
            amount: { numerator, denominator },
            collector_account_id: null,
            denominating_token_id: null,
            maximum: null,
            minimum: 0,
            net_of_transfers: false,
          },
        ],
      },
    });

  it('shows a negative or beyond-int64 expiry as its raw value, marked invalid (never as 1970)', () => {
    assert.deepEqual(values(token('custom-fees.json', { expiry_timestamp: -5 }), 'timestamps')[2], ['Expiry', '-5 ns (invalid timestamp)']);
    const huge = 10n ** 40n;
    assert.deepEqual(values(token('custom-fees.json', { expiry_timestamp: huge }), 'timestamps')[2], [
      'Expiry',
      `${huge} ns (invalid timestamp)`,
    ]);
    assert.equal(timestampFromNanos(-1), undefined);
    assert.equal(timestampFromNanos(2n ** 63n), undefined);
    assert.equal(timestampFromNanos(2n ** 63n - 1n), '9223372036.854775807');
    assert.equal(isoFromTimestamp('-5.000000001'), undefined);
  });

  it('computes fee percentages exactly at any size (no Infinity, NaN or rounding of the operands)', () => {
    const big = 10n ** 999n;
    assert.equal(values(fractional(big, 3n * 10n ** 998n), 'fees')[0][1], `${big}/${3n * 10n ** 998n} (333.33%)`);
    assert.equal(values(fractional(2n ** 60n + 1n, 2n ** 61n), 'fees')[0][1], `${2n ** 60n + 1n}/${2n ** 61n} (50.00%)`);
    assert.equal(values(fractional(1, 0), 'fees')[0][1], '1/0');
    assert.equal(percentOf(-1, 3), '-33.33%');
    assert.equal(percentOf(2, 3), '66.67%');
  });

  it('shows negative amounts and periods exactly, a negative period marked invalid', () => {
    const t = token('custom-fees.json', {
      auto_renew_period: -5,
      custom_fees: {
        ...(base('custom-fees.json').custom_fees as object),
        fixed_fees: [{ amount: -13, collector_account_id: null, denominating_token_id: null }],
        fractional_fees: [],
      },
    });
    assert.deepEqual(values(t, 'fees')[0], ['Fixed fee', '-0.00000013 ℏ']);
    assert.deepEqual(values(t, 'autoRenew')[1], ['Period', '-5 seconds (invalid value: negative)']);
    assert.equal(applyDecimals('-1500', '3'), '-1.5');
  });

  it('escapes control characters in the mirror text it shows (title, name, memo)', () => {
    const t = token('no-params.json', { name: 'n\x1b]0;x\x07', symbol: 'S\u202e', memo: 'a\nb\x1b[2J' });
    assert.equal(tokenTitle(t), 'S\\u202e 0.0.1135 — n\\x1b]0;x\\x07');
    assert.equal(find(section(describeToken(t), 'overview').items, 'Memo').value, 'a\\x0ab\\x1b[2J');
  });
});
