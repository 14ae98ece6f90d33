// The equivalence check names the first place a replay differs from the transaction: a call's callee, input, value,
// result or output; a log; a storage slot's final value (an unwritten slot still holds its known value before).
import { strict as assert } from 'node:assert';
import type { ReplayObservation } from '../../../../src/core/replay/engine';
import { compareBehaviour, type RecordedBehaviour } from '../../../../src/core/replay/equivalence';

const A = `0x${'0'.repeat(37)}3e9`;
const B = `0x${'0'.repeat(37)}3ea`;
const SLOT = `0x${'0'.repeat(63)}1`;
const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

function recorded(): RecordedBehaviour {
  return {
    calls: [
      { depth: 0, to: A, input: '0x12345678', value: 0n, resultData: '0x', resultType: 'OUTPUT' },
      { depth: 1, to: B, input: '0xabcdef01', value: 10_000_000_000n, resultData: word(5), resultType: 'OUTPUT' },
    ],
    logs: [{ address: A, topics: [word(1)], data: word(2) }],
    writes: { [A]: { [SLOT]: word(7) } },
    before: { [A]: { [SLOT]: word(3) } },
  };
}

function replayed(): ReplayObservation {
  return {
    calls: [
      { depth: 0, operation: 'CALL', to: A, input: '0x12345678', value: 0n, output: '0x', resultType: 'OUTPUT' },
      { depth: 1, operation: 'CALL', to: B, input: '0xabcdef01', value: 10_000_000_000n, output: word(5), resultType: 'OUTPUT' },
    ],
    logs: [{ address: A, topics: [word(1)], data: word(2) }],
    storage: { [A]: { [SLOT]: word(7) } },
    output: '0x',
    failed: false,
    steps: 100,
  };
}

describe('Replay equivalence (#31)', () => {
  it('accepts the same calls, logs and writes', () => {
    assert.deepEqual(compareBehaviour(recorded(), replayed()), { equal: true });
  });

  it('names the call whose callee, value or output differs', () => {
    const callee = replayed();
    callee.calls[1]!.to = A;
    assert.deepEqual(compareBehaviour(recorded(), callee), {
      equal: false,
      place: `call #1 (to ${B})`,
      detail: `callee ${A}, the transaction's ${B}`,
    });
    const value = replayed();
    value.calls[1]!.value = 0n;
    assert.match((compareBehaviour(recorded(), value) as { detail: string }).detail, /value 0 weibars, the transaction's 10000000000/);
    const output = replayed();
    output.calls[1]!.output = word(6);
    assert.match((compareBehaviour(recorded(), output) as { detail: string }).detail, /^output 0x0+6, the transaction's 0x0+5$/);
  });

  it('names a call the replay adds or leaves out', () => {
    const fewer = replayed();
    fewer.calls.pop();
    assert.equal((compareBehaviour(recorded(), fewer) as { place: string }).place, `call #1 (to ${B})`);
  });

  it('compares an ERROR by its kind only (its data is the node’s text)', () => {
    const want = recorded();
    want.calls[1] = { ...want.calls[1]!, resultType: 'ERROR', resultData: '0x494e56414c4944' };
    const got = replayed();
    got.calls[1] = { ...got.calls[1]!, resultType: 'ERROR', output: '0x' };
    assert.deepEqual(compareBehaviour(want, got), { equal: true });
  });

  it('names the log whose data differs', () => {
    const got = replayed();
    got.logs[0]!.data = word(9);
    assert.equal((compareBehaviour(recorded(), got) as { place: string }).place, 'log #0');
  });

  it('names the slot whose final value differs, and takes an unwritten slot at its value before', () => {
    const got = replayed();
    got.storage[A]![SLOT] = word(8);
    assert.deepEqual(compareBehaviour(recorded(), got), {
      equal: false,
      place: `storage slot ${SLOT} of ${A}`,
      detail: `the replay leaves it ${word(8)}, the transaction ${word(7)}`,
    });
    const unwritten = replayed();
    unwritten.storage = {};
    assert.equal(
      (compareBehaviour(recorded(), unwritten) as { detail: string }).detail,
      `the replay leaves it ${word(3)}, the transaction ${word(7)}`,
    );
    const rewrite = recorded();
    rewrite.writes = {};
    const same = replayed();
    same.storage[A]![SLOT] = word(3);
    assert.deepEqual(compareBehaviour(rewrite, same), { equal: true }, 'writing back the value before changes nothing');
  });

  it('refuses a write to a slot whose value before is unknown and the transaction did not write', () => {
    const got = replayed();
    got.storage[B] = { [SLOT]: word(1) };
    assert.match((compareBehaviour(recorded(), got) as { detail: string }).detail, /did not write it and its value before is not known/);
  });
});
