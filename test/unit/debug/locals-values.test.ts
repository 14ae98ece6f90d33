import { strict as assert } from 'node:assert';
import { localValue, type LocalsData } from '../../../src/debug/locals/values';
import type { SlotVariable } from '../../../src/debug/locals/slots';

// Memory and stacks as a trace gives them, built in code: values the Locals scope must read, bound or refuse.
const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const memoryOf = (...words: Array<bigint | number>) => Buffer.from(words.map(word).join(''), 'hex');
const local = (type: string, slot = 0, size = 1): SlotVariable => ({
  decl: { id: 1, name: 'v', type, start: 0, length: 1 },
  role: 'local',
  slot,
  size,
  structs: new Map([
    [
      'C.P',
      [
        { id: 2, name: 'x', type: 'uint8', start: 0, length: 1 },
        { id: 3, name: 'tag', type: 'string', start: 0, length: 1 },
      ],
    ],
  ]),
});
const data = (stack: string[], memory?: Buffer, calldata?: Uint8Array): LocalsData => ({
  stack,
  memory,
  calldata,
  storage: null,
  layout: undefined,
});

describe('Locals values', () => {
  it('cuts small types to their width (solc leaves them uncleaned on the stack) and sign-extends ints', () => {
    const dirty = `0x${'ff'.repeat(31)}04`;
    assert.equal(localValue(local('uint8'), data([dirty])).value, '4');
    assert.equal(localValue(local('int8'), data([`0x${'00'.repeat(31)}ff`])).value, '-1');
    assert.equal(localValue(local('bool'), data(['0x02'])).value, 'true');
    assert.equal(localValue(local('bytes2'), data([`0xcafe${'00'.repeat(30)}`])).value, '0xcafe');
  });

  it('follows a memory struct with a string member, and calldata (offset, length) into the input', () => {
    // The struct at 0x80: x = 7 (dirty high bits), tag → 0xc0: "hi".
    const memory = Buffer.concat([Buffer.alloc(0x80), memoryOf((1n << 200n) | 7n, 0xc0), memoryOf(2), Buffer.from('hi'.padEnd(32, '\0'))]);
    const p = localValue(local('struct C.P memory'), data(['0x80'], memory));
    assert.equal(p.value, '(x: 7, tag: "hi")');
    assert.deepEqual(
      p.children?.map((c) => c.value),
      ['7', '"hi"'],
    );
    const input = Buffer.concat([Buffer.alloc(4), memoryOf(5, 6, 7)]);
    assert.equal(localValue(local('uint256[] calldata', 0, 2), data(['0x24', '0x2'], undefined, input)).value, '[6, 7]');
  });

  it('refuses hostile lengths and nesting without reading them, and says why', () => {
    const huge = localValue(local('uint256[] memory'), data(['0x0'], memoryOf(1n << 200n)));
    assert.equal(huge.value, `(unavailable: it claims ${1n << 200n} elements, more than memory holds)`);
    // 100 arrays of 100 pointers to the same array of 100: each level is in bounds, the whole is not.
    const nested = memoryOf(100, ...Array<number>(100).fill(0));
    assert.equal(localValue(local('uint256[][][] memory'), data(['0x0'], nested)).value, '(unavailable: too large to show)');
    // With 200 each level is paged: only the elements asked for are read, each within a budget of its own.
    const paged = localValue(local('uint256[][][] memory'), data(['0x0'], memoryOf(200, ...Array<number>(200).fill(0))));
    assert.equal(paged.value, 'uint256[][][], length 200');
    const inner = paged.elements?.at(199).elements?.at(5);
    assert.deepEqual([inner?.name, inner?.value, inner?.elements?.length], ['[5]', 'uint256[], length 200', 200]);
    assert.equal(inner?.elements?.at(0).value, '0');
    assert.match(localValue(local('uint256', 3), data(['0x1'])).value, /not on the stack here/);
    assert.match(
      localValue(local('mapping(uint256 => uint256) storage pointer'), data(['0x1'])).value,
      /unavailable: the trace was fetched without storage/,
    );
  });
});
