// The columnar store's building blocks against plain-array models: snapshot logs (memory, storage) and the
// prefix-sharing stack log, over long generated sequences of the edits real traces make.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ByteInterner } from '../../../../src/core/trace/interner';
import { SnapshotLog } from '../../../../src/core/trace/snapshots';
import { StackLog } from '../../../../src/core/trace/stacks';

/** Fixed, so a run is reproducible and a failure is the code's, not the dice's; change it to explore. */
const FUZZ_SEED = 20261125;

/** A list, then each next one derived from it the way ops change stacks and memory: push, pop, overwrite, repeat. */
const listSequence = fc
  .tuple(
    fc.array(fc.nat({ max: 50 }), { maxLength: 40 }),
    fc.array(
      fc.oneof(
        fc.constant({ kind: 'same' as const }),
        fc.record({ kind: fc.constant('push' as const), values: fc.array(fc.nat({ max: 50 }), { minLength: 1, maxLength: 4 }) }),
        fc.record({ kind: fc.constant('pop' as const), count: fc.integer({ min: 1, max: 7 }) }),
        fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.nat({ max: 50 }) }),
        fc.constant({ kind: 'clear' as const }),
      ),
      { minLength: 60, maxLength: 400, size: 'max' },
    ),
  )
  .map(([first, edits]) => {
    const lists = [first];
    for (const edit of edits) {
      const next = [...lists[lists.length - 1]];
      if (edit.kind === 'push') next.push(...edit.values);
      else if (edit.kind === 'pop') next.splice(Math.max(0, next.length - edit.count));
      else if (edit.kind === 'set' && next.length > 0) next[edit.at % next.length] = edit.value;
      else if (edit.kind === 'clear') next.length = 0;
      lists.push(next);
    }
    return lists;
  });

describe('trace store building blocks', () => {
  it('SnapshotLog returns the list in force at every step and flags exactly the changes', () => {
    fc.assert(
      fc.property(listSequence, (lists) => {
        const built = new SnapshotLog();
        lists.forEach((list, step) => {
          built.begin();
          for (const v of list) built.push(v);
          built.commit(step);
        });
        // Read back as the host reads it: from the parts handed over.
        const log = SnapshotLog.fromParts(built.parts());
        lists.forEach((list, step) => {
          assert.deepEqual(Array.from(log.at(step)), list, `step ${step}`);
          if (step > 0) assert.equal(log.changedAt(step), list.join() !== lists[step - 1].join(), `change at ${step}`);
        });
        assert.equal(
          log.hadItems,
          lists.some((l) => l.length > 0),
        );
      }),
      { numRuns: 150, seed: FUZZ_SEED },
    );
  });

  it('StackLog shares prefixes and returns every stack, with peek from the top', () => {
    fc.assert(
      fc.property(listSequence, (lists) => {
        const built = new StackLog();
        lists.forEach((list, step) => {
          built.begin();
          list.forEach((v) => built.push(v));
          built.commit(step);
        });
        const log = StackLog.fromParts(built.parts(lists.length));
        lists.forEach((list, step) => {
          assert.deepEqual(Array.from(log.at(step)), list, `step ${step}`);
          assert.equal(log.peek(step, 0), list.length > 0 ? list[list.length - 1] : -1);
          assert.equal(log.peek(step, list.length), -1);
        });
      }),
      { numRuns: 150, seed: FUZZ_SEED },
    );
  });

  it('ByteInterner gives one id per distinct byte string, across table growth', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 70 }), { minLength: 500, maxLength: 3000, size: 'max' }), (words) => {
        const interner = new ByteInterner();
        const ids = new Map<string, number>();
        for (const word of words) {
          const bytes = Buffer.from(word);
          const key = bytes.toString('hex');
          const id = interner.internBytes(bytes);
          if (ids.has(key)) assert.equal(id, ids.get(key));
          else {
            assert.equal(id, ids.size);
            ids.set(key, id);
          }
        }
        for (const [key, id] of ids) assert.equal(Buffer.from(interner.text(id), 'latin1').toString('hex'), key);
        assert.equal(interner.count, ids.size);
      }),
      { numRuns: 40, seed: FUZZ_SEED },
    );
  });
});
