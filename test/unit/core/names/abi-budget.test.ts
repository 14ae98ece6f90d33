import { strict as assert } from 'node:assert';
import { MAX_ABI_NESTING, MAX_ENTRY_PARAMETERS, parameterCount } from '../../../../src/core/names/registry';

const uint = { name: 'x', type: 'uint256' };
const tuple = (components: unknown[]) => ({ name: 't', type: 'tuple', components });

/** A parameter whose tuples nest `levels` deep (1: a plain uint256). */
function nestedParam(levels: number): unknown {
  let p: unknown = uint;
  for (let i = 1; i < levels; i++) p = tuple([p]);
  return p;
}

describe('ABI entry budgets', () => {
  it('counts inputs, outputs and nested components', () => {
    assert.equal(parameterCount({ inputs: [uint, tuple([uint, uint])], outputs: [uint] }), 5);
    assert.equal(parameterCount({ type: 'event' }), 0);
  });

  it('allows MAX_ABI_NESTING levels and refuses one more, without recursing', () => {
    assert.equal(parameterCount({ inputs: [nestedParam(MAX_ABI_NESTING)] }), MAX_ABI_NESTING);
    assert.equal(parameterCount({ inputs: [nestedParam(MAX_ABI_NESTING + 1)] }), Infinity);
    assert.equal(parameterCount({ inputs: [nestedParam(100_000)] }), Infinity);
  });

  it('bounds the parameters of the whole entry, not each array: a budget of what is left is honoured too', () => {
    const tens = Array.from({ length: 10 }, () => uint);
    const wide = { inputs: Array.from({ length: 10 }, () => tuple(Array.from({ length: 10 }, () => tuple(tens)))) };
    assert.equal(parameterCount(wide), 1110);
    assert.equal(parameterCount(wide, 1000), Infinity);
    assert.equal(parameterCount({ inputs: Array.from({ length: MAX_ENTRY_PARAMETERS + 1 }, () => uint) }), Infinity);
  });
});
