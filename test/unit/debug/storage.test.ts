import { strict as assert } from 'node:assert';
import { keccak256, numberToHex, stringToHex, hexToBigInt, type Hex } from 'viem';
import { parseStorageLayout } from '../../../src/core/build-output/storage-layout';
import { namedStorage, storageWords } from '../../../src/debug/storage';

// Layout entries as solc writes them; slot contents as a trace's storage map has them.
const v = (label: string, slot: number, offset: number, type: string) => ({ label, slot: String(slot), offset, type });
const LAYOUT = parseStorageLayout({
  storage: [
    v('small', 0, 0, 't_int8'),
    v('tag', 0, 1, 't_bytes4'),
    v('flag', 0, 5, 't_bool'),
    v('note', 1, 0, 't_string_storage'),
    v('data', 2, 0, 't_bytes_storage'),
    v('pair', 3, 0, 't_array(t_uint128)2_storage'),
  ],
  types: {
    t_int8: { encoding: 'inplace', label: 'int8', numberOfBytes: '1' },
    t_bytes4: { encoding: 'inplace', label: 'bytes4', numberOfBytes: '4' },
    t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
    t_uint128: { encoding: 'inplace', label: 'uint128', numberOfBytes: '16' },
    t_string_storage: { encoding: 'bytes', label: 'string', numberOfBytes: '32' },
    t_bytes_storage: { encoding: 'bytes', label: 'bytes', numberOfBytes: '32' },
    't_array(t_uint128)2_storage': { encoding: 'inplace', label: 'uint128[2]', numberOfBytes: '32', base: 't_uint128' },
  },
})!;

const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`;
const dataSlot = (slot: number) => hexToBigInt(keccak256(numberToHex(slot, { size: 32 })));

describe('Storage scope by storageLayout', () => {
  it('cuts packed value types out of one slot: a negative int8, a bytes4 and a bool', () => {
    const words = storageWords({ [word('0')]: word('01deadbeef' + 'ff') });
    assert.deepEqual(
      namedStorage(LAYOUT, words).map((x) => [x.name, x.value]),
      [
        ['small', '-1'],
        ['tag', '0xdeadbeef'],
        ['flag', 'true'],
      ],
    );
  });

  it('reads a long string from its data slots and says when they are not all in the trace', () => {
    const text = 'a string longer than thirty-one bytes, in two slots';
    const hex = stringToHex(text).slice(2).padEnd(128, '0');
    const head = numberToHex(BigInt(text.length * 2 + 1)).slice(2);
    const full = storageWords({
      [word('1')]: word(head),
      [numberToHex(dataSlot(1))]: `0x${hex.slice(0, 64)}`,
      [numberToHex(dataSlot(1) + 1n)]: `0x${hex.slice(64)}`,
    });
    assert.deepEqual(namedStorage(LAYOUT, full), [{ name: 'note', type: 'string', value: JSON.stringify(text) }]);
    const partial = storageWords({ [word('1')]: word(head), [numberToHex(dataSlot(1))]: `0x${hex.slice(0, 64)}` });
    assert.match(namedStorage(LAYOUT, partial)[0].value, /not all in the trace/);
  });

  it('shows short bytes inline, a fixed array of two packed elements, and unexplained slots raw', () => {
    const short = `0xcafe${'0'.repeat(58)}04` as Hex;
    const words = storageWords({ [word('2')]: short, [word('3')]: word(`${'0'.repeat(31)}7${'0'.repeat(31)}5`), [word('99')]: word('1') });
    assert.deepEqual(namedStorage(LAYOUT, words), [
      { name: 'data', type: 'bytes', value: '0xcafe' },
      {
        name: 'pair',
        type: 'uint128[2]',
        value: 'uint128[2]',
        children: [
          { name: '[0]', type: 'uint128', value: '5' },
          { name: '[1]', type: 'uint128', value: '7' },
        ],
      },
      { name: 'storage[0x99]', value: word('1') },
    ]);
  });

  it('names an enum value and an enum mapping key by member when the sources define the enum, by number otherwise', () => {
    const layout = parseStorageLayout({
      storage: [v('last', 0, 0, 't_enum(Status)1'), v('count', 1, 0, 't_mapping(t_enum(Status)1,t_uint256)')],
      types: {
        't_enum(Status)1': { encoding: 'inplace', label: 'enum Orders.Status', numberOfBytes: '1' },
        't_mapping(t_enum(Status)1,t_uint256)': {
          encoding: 'mapping',
          label: 'mapping(enum Orders.Status => uint256)',
          numberOfBytes: '32',
          key: 't_enum(Status)1',
          value: 't_uint256',
        },
        t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
      },
    })!;
    const entry = hexToBigInt(keccak256(`0x${word('1').slice(2)}${word('1').slice(2)}`));
    const words = storageWords({ [word('0')]: word('1'), [numberToHex(entry)]: word('3') });
    const keys = () => [{ key: word('1') as Hex, slot: entry }];
    const members = new Map([['Orders.Status', ['Open', 'Filled', 'Cancelled']]]);
    const shown = (enums?: Map<string, string[]>) =>
      namedStorage(layout, words, keys, enums).map((x) => [x.name, x.value, x.children?.map((c) => [c.name, c.value])]);
    assert.deepEqual(shown(members), [
      ['last', 'Filled (1)', undefined],
      ['count', 'mapping(enum Orders.Status => uint256), 1 entry in the trace', [['[Filled (1)]', '3']]],
    ]);
    assert.deepEqual(shown(), [
      ['last', '1', undefined],
      ['count', 'mapping(enum Orders.Status => uint256), 1 entry in the trace', [['[1]', '3']]],
    ]);
  });

  it('ends on a hostile layout whose struct holds itself (directly and through a fixed array), with a bounded answer', () => {
    const loop = parseStorageLayout({
      storage: [v('knot', 0, 0, 't_struct(Knot)')],
      types: {
        't_struct(Knot)': {
          encoding: 'inplace',
          label: 'struct Knot',
          numberOfBytes: '64',
          members: [v('self', 0, 0, 't_struct(Knot)'), v('many', 1, 0, 't_array(Knot)1024')],
        },
        't_array(Knot)1024': { encoding: 'inplace', label: 'struct Knot[1024]', numberOfBytes: '32', base: 't_struct(Knot)' },
      },
    })!;
    const count = (xs: readonly { children?: readonly unknown[] }[]): number =>
      xs.reduce((n, x) => n + 1 + count((x.children ?? []) as { children?: readonly unknown[] }[]), 0);
    const shown = namedStorage(loop, storageWords({ [word('0')]: word('1'), [word('1')]: word('2') }));
    assert.ok(shown.length > 0);
    assert.ok(count(shown) <= 2048, `${count(shown)} variables shown`);
  });
});
