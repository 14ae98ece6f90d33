// Which variables a comparing instruction reads: mapped exactly to a comparison (`i < n`, `v > 50`, `j == 0`), LT, GT,
// SLT, SGT, EQ and ISZERO take its operands as inputs in an order their semantics fix, and a literal operand must be
// the word it meets there, or the instruction is not computing that comparison from its operands.
import type { Comparison, Operand } from '../../core/locals/declarations';

/** How a comparing instruction reads: `<` for LT and SLT (top < second), `>` for GT and SGT, `==`, `0` for ISZERO. */
export type CompareKind = '<' | '>' | '==' | '0';

export const COMPARES: Record<string, CompareKind> = { LT: '<', SLT: '<', GT: '>', SGT: '>', EQ: '==', ISZERO: '0' };

/**
 * The operands an instruction of kind `by` mapped exactly to comparison `c` takes, top first, when its inputs `words`
 * (top first) fit: a literal operand must be the word it meets. Undefined when the instruction cannot be computing
 * `c` from its operands (the optimizer rewrote it, e.g. `x < 10` as `x > 9`, or compares something else there).
 */
export function operandsOf(c: Comparison, by: CompareKind, words: bigint[]): Operand[] | undefined {
  const { operator, left, right } = c;
  let order: Operand[];
  if (by === '<' || by === '>') {
    // a < b computes `<` and `>=`; a > b computes `>` and `<=`; each also with its operands the other way round.
    const forward = (by === '<') === (operator === '<' || operator === '>=');
    if (!['<', '>', '<=', '>='].includes(operator)) return undefined;
    order = forward ? [left, right] : [right, left];
  } else if (by === '==') {
    // Equality is symmetric: which input is which variable shows only against a literal on the other side.
    const literal = (o: Operand) => o !== undefined && 'literal' in o;
    if ((operator !== '==' && operator !== '!=') || literal(left) === literal(right)) return undefined;
    order = literalIs(right, words[1]) ? [left, right] : [right, left];
  } else {
    // ISZERO(x) decides `x == 0`, `x != 0`, `x > 0` and `0 < x` for unsigned x.
    const zero = (o: Operand) => o !== undefined && 'literal' in o && o.literal === 0n;
    const fits = operator === '==' || operator === '!=' ? true : (operator === '>' && zero(right)) || (operator === '<' && zero(left));
    if (!fits) return undefined;
    order = zero(right) ? [left] : zero(left) ? [right] : [];
    if (order.length === 0) return undefined;
  }
  return order.every((o, i) => o === undefined || !('literal' in o) || literalIs(o, words[i])) ? order : undefined;
}

function literalIs(o: Operand, word: bigint | undefined): boolean {
  return o !== undefined && 'literal' in o && word !== undefined && o.literal === word;
}
