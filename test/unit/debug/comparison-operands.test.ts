// Which variables a comparing instruction reads, by its semantics: the order its inputs take, and the literal check
// that refuses an instruction the optimizer rewrote (`x < 10` computed as `x > 9`).
import { strict as assert } from 'node:assert';
import type { Comparison, Operand } from '../../../src/core/locals/declarations';
import { operandsOf } from '../../../src/debug/locals/comparison-operands';

const i: Operand = { decl: 1 };
const n: Operand = { decl: 2 };
const lit = (value: bigint): Operand => ({ literal: value });
const cmp = (left: Operand, operator: Comparison['operator'], right: Operand): Comparison => ({
  start: 0,
  length: 5,
  operator,
  left,
  right,
});

describe('comparison operands', () => {
  it('LT and GT take `<`, `>`, `<=` and `>=` operands in the order their semantics fix', () => {
    assert.deepEqual(operandsOf(cmp(i, '<', n), '<', []), [i, n]);
    assert.deepEqual(operandsOf(cmp(i, '<', n), '>', []), [n, i]);
    assert.deepEqual(operandsOf(cmp(i, '>=', n), '<', []), [i, n], 'i >= n is !(i < n)');
    assert.deepEqual(operandsOf(cmp(i, '<=', n), '>', []), [i, n], 'i <= n is !(i > n)');
    assert.equal(operandsOf(cmp(i, '==', n), '<', []), undefined, 'LT computes no equality');
  });

  it('a literal operand must be the word it meets, or the instruction computes something else', () => {
    assert.deepEqual(operandsOf(cmp(i, '>', lit(50n)), '>', [7n, 50n]), [i, lit(50n)]);
    assert.equal(operandsOf(cmp(i, '<', lit(10n)), '>', [9n, 7n]), undefined, 'x < 10 as 9 > x: not the literal');
    assert.equal(operandsOf(cmp(i, '>', lit(50n)), '>', [50n, 7n]), undefined);
  });

  it('EQ is read only against a literal; ISZERO only where it decides a comparison with zero', () => {
    assert.equal(operandsOf(cmp(i, '==', n), '==', [3n, 3n]), undefined, 'which input is which is unknowable');
    assert.deepEqual(operandsOf(cmp(i, '==', lit(5n)), '==', [9n, 5n]), [i, lit(5n)]);
    assert.deepEqual(operandsOf(cmp(lit(5n), '!=', i), '==', [9n, 5n]), [i, lit(5n)]);
    assert.deepEqual(operandsOf(cmp(i, '==', lit(0n)), '0', [4n]), [i]);
    assert.deepEqual(operandsOf(cmp(i, '>', lit(0n)), '0', [4n]), [i]);
    assert.deepEqual(operandsOf(cmp(lit(0n), '<', i), '0', [4n]), [i]);
    assert.equal(operandsOf(cmp(i, '>=', lit(0n)), '0', [4n]), undefined);
    assert.equal(operandsOf(cmp(i, '==', n), '0', [4n]), undefined, 'no zero to compare with');
  });
});
