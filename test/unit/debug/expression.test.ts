// The breakpoint-condition / Watch expression language, evaluated against an in-memory step.
import { strict as assert } from 'node:assert';
import { Expression, ExpressionError, formatValue, type EvalContext } from '../../../src/debug/expression';

const STACK = [5n, 0x10n, 0xffn]; // bottom first: stack[-1] is 0xff
const ctx: EvalContext = {
  scalar: (name) => ({ step: 12n, depth: 1n, pc: 0x2an, op: 'SSTORE', gas: 30000n, gasCost: 5000n })[name],
  stack: (i) => {
    const at = i < 0n ? STACK.length + Number(i) : Number(i);
    return STACK[at];
  },
  memory: (offset) => (offset === 0x40n ? 0x80n : 0n),
  storage: (slot) => (slot === 0n ? 7n : undefined),
};

const value = (text: string) => new Expression(text).evaluate(ctx);

describe('debugger expression language', () => {
  it('reads the step: scalars, stack from the top with negative indexes, memory words and storage slots', () => {
    assert.equal(value('depth'), 1n);
    assert.equal(value('pc'), 42n);
    assert.equal(value('op'), 'SSTORE');
    assert.equal(value('stack[-1]'), 0xffn);
    assert.equal(value('stack[0]'), 5n);
    assert.equal(value('stack[-3]'), 5n);
    assert.equal(value('memory[0x40]'), 0x80n);
    assert.equal(value('storage[0]'), 7n);
  });

  it('compares, combines and computes with 256-bit wrap-around like the EVM', () => {
    assert.equal(value('op == SSTORE && depth == 1'), 1n);
    assert.equal(value('op == "sstore"'), 1n, 'opcode names in any case');
    assert.equal(value('op != SLOAD || gas < 10'), 1n);
    assert.equal(value('!(depth == 1)'), 0n);
    assert.equal(value('stack[-1] & 0x0f'), 0x0fn);
    assert.equal(value('1 + 2 * 3'), 7n);
    assert.equal(value('(1 + 2) * 3'), 9n);
    assert.equal(value('0 - 1'), (1n << 256n) - 1n);
    assert.equal(value('5 / 0'), 0n, 'division by zero is zero');
    assert.equal(value('1 << 256'), 0n);
    assert.equal(value('gas - gasCost >= 25000'), 1n);
  });

  it('rejects what it cannot read, with a message that says where', () => {
    assert.throws(() => new Expression(''), ExpressionError);
    assert.throws(() => new Expression('depth =='), /ends too early: a value is missing after "==" at column 9/);
    assert.throws(() => new Expression('depth == 1 )'), /Unexpected "\)" at column 12/);
    assert.throws(() => new Expression('stack[-1'), /Expected "\]" at the end \(column 9\)/);
    assert.throws(() => new Expression('1 < 2 < 3'), /Unexpected "<" at column 7/, 'comparisons do not chain');
    assert.throws(() => new Expression('depth @ 2'), /Unexpected "@ 2" at column 7/);
    assert.throws(() => new Expression('1'.repeat(1001)), /longer than 1000/);
    assert.throws(() => value('storage[1]'), /storage\[1\] is not in the trace/);
    assert.throws(() => value('op + 1'), /needs a number, not "SSTORE"/);
    assert.throws(() => new Expression('amount'), /"amount" is not a name the debugger knows here/, 'an unknown name is no value');
    assert.throws(() => new Expression('op == sstore'), /"sstore" is not a name/, 'opcode names bare only in capitals');
    assert.throws(() => new Expression('op == FOO'), /"FOO" is not a name/);
  });

  it('names a syntax error as one, even around a name it does not know (#28 §3)', () => {
    // `by` may be a local the Debug Console knows; the expression is wrong whatever it is.
    assert.throws(() => new Expression('by +'), /ends too early: a value is missing after "\+" at column 5/);
    assert.throws(() => new Expression('by + + 1'), /ends too early|Unexpected/);
    assert.throws(() => new Expression('(by + 1'), /Expected "\)" at the end \(column 8\)/);
    assert.throws(() => new Expression('by 1'), /Unexpected "1" at column 4/);
    assert.throws(() => new Expression('by + 1'), /"by" is not a name the debugger knows here/, 'well formed: the name is the problem');
    assert.throws(() => new Expression('paid[0x99]'), /"paid" is not a name the debugger knows here/, 'indexed like Solidity');
    assert.throws(() => new Expression('paid[0x99'), /Expected "\]" at the end/);
  });

  it('formats numbers in hex and decimal, names as they are', () => {
    assert.equal(formatValue(255n), '0xff (255)');
    assert.equal(formatValue('SSTORE'), 'SSTORE');
  });
});
