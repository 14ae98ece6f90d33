import { strict as assert } from 'node:assert';
import { stackItemHex, widthsAfter } from '../../../../../servers/mirror/evm/stack-widths';

describe('reference mirror stack item widths (Besu byte strings)', () => {
  it('PUSHn pushes n bytes, PUSH0 none, address ops 20, other results 32', () => {
    assert.deepEqual(widthsAfter([], 'PUSH1', 1), [1]);
    assert.deepEqual(widthsAfter([1], 'PUSH32', 2), [1, 32]);
    assert.deepEqual(widthsAfter([1], 'PUSH0', 2), [1, 0]);
    assert.deepEqual(widthsAfter([1], 'CALLER', 2), [1, 20]);
    assert.deepEqual(widthsAfter([1, 2, 20], 'ADD', 2), [1, 32]);
    assert.deepEqual(widthsAfter([1, 2, 20], 'MSTORE', 1), [1]);
    assert.deepEqual(widthsAfter([1, 2, 20], 'POP', 2), [1, 2]);
  });

  it('DUP copies and SWAP exchanges the widths of the items they move', () => {
    assert.deepEqual(widthsAfter([1, 2, 20], 'DUP3', 4), [1, 2, 20, 1]);
    assert.deepEqual(widthsAfter([1, 2, 20], 'SWAP2', 3), [20, 2, 1]);
  });

  it('falls back to 32-byte words when the stack does not fit the op', () => {
    assert.deepEqual(widthsAfter([1], 'MSTORE', 3), [32, 32, 32]);
    assert.deepEqual(widthsAfter([1, 2], 'DUP1', 5), [32, 32, 32, 32, 32]);
    assert.deepEqual(widthsAfter([], undefined, 2), [32, 32]);
  });

  it('prints items unpadded beyond their width', () => {
    assert.equal(stackItemHex(0x80n, 1), '0x80');
    assert.equal(stackItemHex(0x40n, 2), '0x0040');
    assert.equal(stackItemHex(0n, 0), '0x');
    assert.equal(stackItemHex(5n, 32), `0x${'0'.repeat(63)}5`);
  });
});
