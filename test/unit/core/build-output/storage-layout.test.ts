import { strict as assert } from 'node:assert';
import { parseStorageLayout } from '../../../../src/core/build-output/storage-layout';

// The shape solc 0.8 writes (a packed slot, a string, a mapping and a struct), and what a hostile workspace may put there.
const LAYOUT = {
  storage: [
    { astId: 3, contract: 'contracts/W.sol:W', label: 'owner', offset: 0, slot: '0', type: 't_address' },
    { astId: 5, contract: 'contracts/W.sol:W', label: 'open', offset: 20, slot: '0', type: 't_bool' },
    { astId: 7, contract: 'contracts/W.sol:W', label: 'label', offset: 0, slot: '1', type: 't_string_storage' },
    { astId: 9, contract: 'contracts/W.sol:W', label: 'paid', offset: 0, slot: '2', type: 't_mapping(t_address,t_struct(P)1_storage)' },
  ],
  types: {
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
    t_string_storage: { encoding: 'bytes', label: 'string', numberOfBytes: '32' },
    't_mapping(t_address,t_struct(P)1_storage)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => struct W.P)',
      numberOfBytes: '32',
      value: 't_struct(P)1_storage',
    },
    't_struct(P)1_storage': {
      encoding: 'inplace',
      label: 'struct W.P',
      numberOfBytes: '64',
      members: [
        { astId: 1, contract: 'contracts/W.sol:W', label: 'to', offset: 0, slot: '0', type: 't_address' },
        { astId: 2, contract: 'contracts/W.sol:W', label: 'memo', offset: 0, slot: '1', type: 't_string_storage' },
      ],
    },
  },
};

describe('storageLayout', () => {
  it('reads variables with their slots (as bigints), offsets and types', () => {
    const layout = parseStorageLayout(LAYOUT)!;
    assert.deepEqual(
      layout.storage.map((v) => [v.label, v.slot, v.offset, v.type]),
      [
        ['owner', 0n, 0, 't_address'],
        ['open', 0n, 20, 't_bool'],
        ['label', 1n, 0, 't_string_storage'],
        ['paid', 2n, 0, 't_mapping(t_address,t_struct(P)1_storage)'],
      ],
    );
    assert.equal(layout.types.get('t_bool')?.numberOfBytes, 1);
    assert.deepEqual(
      layout.types.get('t_struct(P)1_storage')?.members?.map((m) => [m.label, m.slot]),
      [
        ['to', 0n],
        ['memo', 1n],
      ],
    );
    assert.equal(layout.types.get('t_mapping(t_address,t_struct(P)1_storage)')?.value, 't_struct(P)1_storage');
  });

  it('is absent for output without one, and drops entries that do not fit instead of guessing', () => {
    for (const raw of [undefined, null, 'layout', {}, { storage: 'x' }]) assert.equal(parseStorageLayout(raw), undefined);
    assert.deepEqual(parseStorageLayout({ storage: [], types: null }), { storage: [], types: new Map() });
    const hostile = parseStorageLayout({
      storage: [
        { label: 'ok', offset: 0, slot: '1', type: 't_bool' },
        { label: 'slot', offset: 0, slot: '-1', type: 't_bool' },
        { label: 'offset', offset: 32, slot: '2', type: 't_bool' },
        { label: 'type', offset: 0, slot: '3', type: 't_unknown' },
        { label: 'x'.repeat(10_000), offset: 0, slot: '4', type: 't_bool' },
        null,
      ],
      types: {
        t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
        t_bad: { encoding: 'eval', label: 'x', numberOfBytes: '1' },
      },
    })!;
    assert.deepEqual(
      hostile.storage.map((v) => v.label),
      ['ok'],
    );
    assert.deepEqual([...hostile.types.keys()], ['t_bool']);
  });
});
