// The jump field of solc's compressed source maps, which the debugger tracks internal calls with.
import { strict as assert } from 'node:assert';
import { decodeJumpField, JUMP_IN, JUMP_NONE, JUMP_OUT } from '../../../../src/core/sourcemap/jump-kinds';

describe('source map jump field', () => {
  it('reads i and o per entry, repeating the previous value where the field is empty', () => {
    const map = '0:10:0:-:0;;12:3::i;;:::o;1:2;5:5:0:-';
    assert.deepEqual([...decodeJumpField(map)], [JUMP_NONE, JUMP_NONE, JUMP_IN, JUMP_IN, JUMP_OUT, JUMP_OUT, JUMP_NONE]);
  });

  it('reads an empty map as no entries', () => {
    assert.equal(decodeJumpField('').length, 0);
  });
});
