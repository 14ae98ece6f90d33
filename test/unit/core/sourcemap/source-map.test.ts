import { strict as assert } from 'node:assert';
import { decodeSourceMap } from '../../../../src/core/sourcemap/source-map';

const rows = (text: string) => {
  const m = decodeSourceMap(text);
  return Array.from({ length: m.count }, (_, i) => [m.start[i], m.length[i], m.file[i]]);
};

describe('source map decoding', () => {
  it('reads the documentation example in full and compressed form alike', () => {
    const full = rows('1:2:1;1:9:1;2:1:2;2:1:2;2:1:2');
    assert.deepEqual(full, [
      [1, 2, 1],
      [1, 9, 1],
      [2, 1, 2],
      [2, 1, 2],
      [2, 1, 2],
    ]);
    assert.deepEqual(rows('1:2:1;:9;2:1:2;;'), full);
  });

  const table: Array<{ name: string; map: string; want: number[][] }> = [
    { name: 'no map at all', map: '', want: [] },
    {
      name: 'an entry with only jump and modifier depth inherits s, l and f',
      map: '5:3:0:i:0;::::1',
      want: [
        [5, 3, 0],
        [5, 3, 0],
      ],
    },
    {
      name: 'file -1 (compiler routines) is kept, and later entries inherit it',
      map: '10:4:0;-1:-1:-1:-;;7',
      want: [
        [10, 4, 0],
        [-1, -1, -1],
        [-1, -1, -1],
        [7, -1, -1],
      ],
    },
    {
      name: 'a generated source index beyond the user sources is kept as is',
      map: '0:10:0;40:2:12:o',
      want: [
        [0, 10, 0],
        [40, 2, 12],
      ],
    },
    {
      name: 'before any value the source is -1 and offsets 0',
      map: ';;',
      want: [
        [0, 0, -1],
        [0, 0, -1],
        [0, 0, -1],
      ],
    },
  ];
  for (const { name, map, want } of table) it(name, () => assert.deepEqual(rows(map), want));

  it('decodes a real solc map: one entry per instruction', () => {
    // Foundry fixture map shape (optimism op-chain-ops testdata), including a generated source (2) and -1 entries.
    const m = decodeSourceMap('258:165:0:-:0;;;;315:106;;;:::i;:::-;;;160:25:2;;;148:2;133:18;315:106:0;;;;;;;;-1:-1:-1;;165:99:1:o');
    assert.equal(m.count, 27);
    const at = (i: number) => [m.start[i], m.length[i], m.file[i]];
    assert.deepEqual(at(4), [315, 106, 0]);
    assert.deepEqual(at(11), [160, 25, 2]);
    assert.deepEqual(at(14), [148, 2, 2]);
    assert.deepEqual(at(24), [-1, -1, -1]);
    assert.deepEqual(at(25), [-1, -1, -1]);
    assert.deepEqual(at(26), [165, 99, 1]);
  });

  it('names the entry and field of a malformed map', () => {
    assert.throws(() => decodeSourceMap('1:2:0;x:3'), /entry 1: start "x" is not an integer/);
    assert.throws(() => decodeSourceMap('1:2:0;;1:2:z'), /entry 2: source index "z"/);
  });
});
