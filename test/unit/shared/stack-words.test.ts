// Stack items as the mirror's tracer holds them (0x and 0–64 hex digits) read as 256-bit words.
import { strict as assert } from 'node:assert';
import { stackWord, stackWordValue } from '../../../src/shared/stack-words';

describe('stack items as words', () => {
  it('takes the empty item, a PUSH1 byte, a PUSH2 label and a full word as the words they stand for', () => {
    assert.equal(stackWordValue('0x'), 0n);
    assert.equal(stackWordValue('0x80'), 128n);
    assert.equal(stackWordValue('0x00a4'), 164n);
    assert.equal(stackWordValue('0x' + 'f'.repeat(64)), 2n ** 256n - 1n);
    assert.equal(stackWord('0x'), '0x' + '0'.repeat(64));
    assert.equal(stackWord('0x80'), '0x' + '0'.repeat(62) + '80');
    assert.equal(stackWord('0x' + 'f'.repeat(64)), '0x' + 'f'.repeat(64));
  });
});
