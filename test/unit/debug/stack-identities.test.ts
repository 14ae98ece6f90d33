// The stack-identity tracker on hostile traces built in code (real traces: test/integration/debug/
// stack-identities.test.ts): recorded stacks that contradict the instructions (a DUP that shrinks the stack, a SWAP
// deeper than the stack, a POP of nothing, an op no EVM has, short words) never throw and never link two values the
// recording shows apart: where the simulation and the recording disagree, the items become new identities, and the
// identity on top always shows the recorded word.
import { strict as assert } from 'node:assert';
import { TraceDecoder } from '../../../src/core/trace/decoder';
import type { ColumnarTrace } from '../../../src/core/trace/trace';
import { StackIdentities } from '../../../src/debug/locals/stack-identities';
import { body, step } from '../../helpers/hostile-traces';

function decode(text: string): ColumnarTrace {
  const decoder = new TraceDecoder();
  decoder.write(Buffer.from(text));
  return decoder.finish();
}

const w = (n: number) => `0x${n.toString(16)}`;

/** Post-op steps (pc moves by each instruction's size): each `[op, stack after it]`. */
function trace(steps: Array<[string, number[]]>): ColumnarTrace {
  let pc = 0;
  return decode(
    body(
      steps.map(([op, stack]) => {
        pc += 1;
        return step({ pc, op, extra: `"stack":${JSON.stringify(stack.map(w))}` });
      }),
    ),
  );
}

function identities(t: ColumnarTrace): StackIdentities {
  return new StackIdentities(t.columns(), t.store(), true);
}

describe('stack identities on hostile traces', () => {
  it('a DUP whose recorded stack shrank gives new identities, showing what the trace records', () => {
    const t = trace([
      ['CALLVALUE', [7]],
      ['DUP1', [9]],
      ['DUP1', [9, 9]],
    ]);
    const ids = identities(t);
    assert.notEqual(ids.top[1], ids.top[0], 'the recording contradicts the copy: no link');
    assert.equal(ids.wordOf(ids.top[1]), '0x' + '9'.padStart(64, '0'));
    assert.equal(ids.top[2], ids.top[1], 'a DUP the recording agrees with copies');
  });

  it('a SWAP deeper than the stack, a POP of nothing and an unknown op do not throw, and keep the recorded words', () => {
    const t = trace([
      ['CALLER', [1]],
      ['SWAP5', [1]],
      ['POP', []],
      ['POP', []],
      ['NOTANOP', [2, 3]],
      ['SWAP1', [3, 2]],
      ['ADD', [5]],
    ]);
    const ids = identities(t);
    assert.equal(ids.top[2], -1);
    assert.equal(ids.top[3], -1);
    for (const s of [0, 1, 4, 5, 6]) {
      const stack = t.detail(s).stack!;
      assert.equal(ids.wordOf(ids.top[s]), '0x' + stack[stack.length - 1].slice(2).padStart(64, '0'), `step ${s}`);
    }
    assert.equal(ids.top[5], ids.second[4], 'SWAP1 over items the simulation had to invent still swaps them');
    assert.equal(ids.madeAt(ids.top[6]), 6);
  });

  it('words the trace shortens compare equal to the full words', () => {
    const t = trace([
      ['PUSH1', [1]],
      ['CALLVALUE', [1, 1]],
    ]);
    const ids = identities(t);
    assert.equal(ids.wordOf(ids.top[0]), ids.wordOf(ids.top[1]));
    assert.notEqual(ids.top[0], ids.top[1], 'equal words, two values');
  });
});
