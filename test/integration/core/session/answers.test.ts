// The host's answers to the stepper webview, checked against real reference-mirror traces (solc + @ethereumjs/vm)
// with brute-force oracles: row pages, the comparison step, changed bytes and slots, the overview.
import { strict as assert } from 'node:assert';
import type { Trace } from '../../../../src/shared/trace-model';
import { changedByteRanges, MAX_PAGE, overview, previousStepInFrame, rowPage, stepView } from '../../../../src/core/session/answers';
import { OVERVIEW_FLAG } from '../../../../src/shared/trace-protocol';
import { storageWord } from '../../../../src/core/trace/storage-accesses';
import { CASE_NAMES, startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

/** The last earlier step of the same frame, found by scanning back; null at a frame's first step. */
function previousByScan(t: Trace, s: number): number | null {
  const frame = t.row(s).frame;
  if (t.frame(frame).entryStep === s) return null;
  for (let i = s - 1; i >= 0; i--) if (t.row(i).frame === frame) return i;
  return null;
}

/** Bytes that differ, one by one, treating missing memory as zeros. */
function changedByScan(before: string[], after: string[]): number[] {
  const bytes = (words: string[]) => words.map((w) => w.slice(2)).join('');
  const a = bytes(after);
  const b = bytes(before).padEnd(a.length, '0');
  const out: number[] = [];
  for (let i = 0; i < a.length / 2; i++) if (a.slice(2 * i, 2 * i + 2) !== b.slice(2 * i, 2 * i + 2)) out.push(i);
  return out;
}

const expand = (ranges: Array<[number, number]>) => ranges.flatMap(([from, to]) => Array.from({ length: to - from }, (_, i) => from + i));

describe('stepper host answers (real reference traces)', () => {
  let ref: ReferenceMirror;
  before(async function () {
    this.timeout(120_000);
    ref = await startReference('post-op');
  });
  after(() => ref?.close());

  it('serves row pages column by column, clamped to the trace', async () => {
    const t = await ref.fetch('nested-call');
    const page = rowPage(t, 100, 50);
    assert.equal(page.start, 100);
    assert.equal(page.pc.length, 50);
    for (let i = 0; i < 50; i++) {
      const r = t.row(100 + i);
      assert.deepEqual(
        [page.pc[i], page.op[i], page.depth[i], page.gas[i], page.gasCost[i], page.frame[i]],
        [r.pc, r.op, r.depth, r.gas, r.gasCost, r.frame],
      );
    }
    assert.equal(rowPage(t, t.length - 3, 256).op.length, 3);
    assert.equal(rowPage(t, t.length, 10).op.length, 0);
    assert.equal(rowPage(t, -5, 10).op.length, 0);
    assert.equal(rowPage(t, 0, MAX_PAGE * 10).op.length, Math.min(t.length, MAX_PAGE));
  });

  it('compares each step with the previous step of its own frame (the CALL after a return)', async () => {
    for (const name of ['nested-call', 'create', 'delegatecall', 'revert-error'] as const) {
      const t = await ref.fetch(name);
      for (let s = 0; s < t.length; s++) assert.equal(previousStepInFrame(t, s), previousByScan(t, s), `${name} step ${s}`);
    }
  });

  it('marks exactly the memory bytes that differ from that step', async () => {
    const t = await ref.fetch('nested-call');
    let checked = 0;
    for (let s = 0; s < t.length; s++) {
      const view = stepView(t, s, { start: 0, count: 8 });
      const prev = previousStepInFrame(t, s);
      const expected = prev === null ? [] : changedByScan(t.detail(prev).memory ?? [], t.detail(s).memory ?? []);
      assert.deepEqual(expand(view.changedBytes), expected, `step ${s}`);
      checked += expected.length;
    }
    assert.ok(checked > 0, 'the case writes memory somewhere');
  });

  it('merges changed bytes into ranges, across word boundaries and into grown memory', () => {
    const zero = '0x' + '0'.repeat(64);
    const lastByte = '0x' + '0'.repeat(62) + 'ff';
    const firstByte = '0x' + 'ab' + '0'.repeat(62);
    assert.deepEqual(changedByteRanges([zero, zero], [lastByte, firstByte]), [[31, 33]]);
    assert.deepEqual(changedByteRanges([zero], [zero, zero]), []);
    assert.deepEqual(changedByteRanges([], [firstByte]), [[0, 1]]);
    assert.deepEqual(changedByteRanges([lastByte], [lastByte]), []);
  });

  it('describes a step: stack top first, a memory window, slots with their changes and frame-start values', async () => {
    const t = await ref.fetch('storage');
    let changedSeen = 0;
    for (let s = 0; s < t.length; s++) {
      const d = t.detail(s);
      const view = stepView(t, s, { start: 1, count: 2 });
      assert.deepEqual(view.stack, [...(d.stack ?? [])].reverse());
      assert.equal(view.memoryWords, d.memory?.length);
      assert.deepEqual(view.memory?.words, (d.memory ?? []).slice(1, 3));
      assert.deepEqual(view.frames, t.frameStack(s));
      const prev = previousStepInFrame(t, s);
      // Store is the only contract of the case, so the mirror's transaction-wide map (kept by the recorder from the
      // EVM's events, a separate implementation) is exactly its slots.
      const slots = Object.fromEntries(Object.entries(d.storage ?? {}).map(([k, v]) => [storageWord(k), storageWord(v)]));
      assert.deepEqual(Object.fromEntries((view.storage ?? []).map((e) => [e.slot, e.value])), slots, `step ${s}`);
      const entryView = stepView(t, view.frames[view.frames.length - 1].entryStep, { start: 0, count: 0 }).storage ?? [];
      const prevView = prev === null ? null : (stepView(t, prev, { start: 0, count: 0 }).storage ?? []);
      for (const e of view.storage ?? []) {
        const before = prevView?.find((p) => p.slot === e.slot)?.value;
        const start = entryView.find((p) => p.slot === e.slot)?.value;
        assert.equal(e.changed, prev !== null && before !== e.value, `step ${s} slot ${e.slot}`);
        assert.equal(e.atFrameStart, start !== undefined && start !== e.value ? start : null);
        assert.equal(e.newInFrame, start === undefined);
        if (e.changed) changedSeen++;
      }
    }
    assert.ok(changedSeen > 0, 'the storage case changes a slot');
  });

  it('says a part was not fetched rather than showing it empty; storage needs only the stack', async () => {
    const t = await ref.fetch('storage', { stack: true, memory: false, storage: false });
    const view = stepView(t, t.length - 1, { start: 0, count: 8 });
    assert.equal(view.memoryWords, null);
    assert.equal(view.memory, null);
    assert.ok(view.stack);
    assert.ok(view.storage && view.storage.filter((e) => e.written).length === 2, 'the count and the mapping entry, from the trace');
    const bare = await ref.fetch('storage', { stack: false, memory: false, storage: false });
    assert.equal(stepView(bare, 1, { start: 0, count: 8 }).storage, null);
  });

  it('squeezes the whole trace into overview buckets with depth, gas and op flags', async () => {
    for (const name of CASE_NAMES) {
      const t = await ref.fetch(name);
      const o = overview(t, 37);
      assert.equal(o.length, t.length);
      assert.ok(o.depth.length <= 37 && o.depth.length * o.stepsPerBucket >= t.length);
      for (let b = 0; b < o.depth.length; b++) {
        const steps = Array.from({ length: Math.min(o.stepsPerBucket, t.length - b * o.stepsPerBucket) }, (_, i) =>
          t.row(b * o.stepsPerBucket + i),
        );
        assert.equal(o.depth[b], Math.max(...steps.map((r) => r.depth)), `${name} bucket ${b}`);
        assert.equal(
          Boolean(o.flags[b] & OVERVIEW_FLAG.sstore),
          steps.some((r) => r.op === 'SSTORE'),
        );
        assert.ok(o.gas[b] >= 0 && o.gas[b] <= 1);
      }
      assert.equal(o.maxDepth, t.summary.maxDepth);
    }
    const reverted = overview(await ref.fetch('revert-error'), 10);
    assert.ok(reverted.flags.some((f) => f & OVERVIEW_FLAG.revert));
  });
});
