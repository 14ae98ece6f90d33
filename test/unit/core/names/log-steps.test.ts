// A LOG step's topics and data from a step's stack and memory, on hand-built steps (the reference-mirror traces are
// in the integration tier): both pc conventions, memory past its end, and inputs that cannot hold a log.
import { strict as assert } from 'node:assert';
import { logAtStep } from '../../../../src/core/names/log-steps';
import type { PcConvention, StepDetail, StepRow } from '../../../../src/shared/trace-model';

interface FakeStep {
  op: string;
  frame?: number;
  stack: string[] | null;
  memory: string[] | null;
}

function fakeTrace(steps: FakeStep[], pcConvention: PcConvention) {
  const row = (i: number): StepRow => ({
    step: i,
    pc: i,
    instructionPc: i,
    op: steps[i].op,
    depth: 0,
    gas: 0,
    gasCost: 0,
    frame: steps[i].frame ?? 0,
  });
  return {
    length: steps.length,
    summary: { pcConvention } as never,
    row,
    detail: (i: number): StepDetail => ({ ...row(i), stack: steps[i].stack, memory: steps[i].memory, storage: null, reason: null }),
  };
}

const word = (hexByte: string) => `0x${hexByte.repeat(32)}`;
const TOPIC = `0x${'ab'.repeat(32)}`;

describe('names: the log of a LOG step', () => {
  // LOG1 with data at offset 0x1e, 4 bytes: the last two bytes of word 0 and the first two of word 1.
  const args = ['0x5', TOPIC, '0x4', '0x1e'];
  const memory = [word('11'), word('22')];

  it('post-op: reads the arguments from the step before; pre-op: from the LOG step itself', () => {
    const post = fakeTrace(
      [
        { op: 'PUSH1', stack: args, memory },
        { op: 'LOG1', stack: ['0x5'], memory },
      ],
      'post-op',
    );
    assert.deepEqual(logAtStep(post, 1), { topics: [TOPIC], data: '0x11112222' });
    const pre = fakeTrace(
      [
        { op: 'PUSH1', stack: [], memory: [] },
        { op: 'LOG1', stack: args, memory },
      ],
      'pre-op',
    );
    assert.deepEqual(logAtStep(pre, 1), { topics: [TOPIC], data: '0x11112222' });
  });

  it('bytes past the end of memory read as zero; no memory means no data; PUSH0 is a zero', () => {
    const trace = fakeTrace([{ op: 'LOG0', stack: ['0x4', '0x3e'], memory }], 'pre-op');
    assert.deepEqual(logAtStep(trace, 0), { topics: [], data: '0x22220000' });
    const empty = fakeTrace([{ op: 'LOG0', stack: ['0x', '0x'], memory: null }], 'pre-op');
    assert.deepEqual(logAtStep(empty, 0), { topics: [], data: null });
  });

  it('null for other ops, a short or missing stack, the first post-op step, another frame, or a step out of range', () => {
    assert.equal(logAtStep(fakeTrace([{ op: 'ADD', stack: args, memory }], 'pre-op'), 0), null);
    assert.equal(logAtStep(fakeTrace([{ op: 'LOG2', stack: args.slice(1), memory }], 'pre-op'), 0), null);
    assert.equal(logAtStep(fakeTrace([{ op: 'LOG1', stack: null, memory }], 'pre-op'), 0), null);
    assert.equal(logAtStep(fakeTrace([{ op: 'LOG1', stack: args, memory }], 'post-op'), 0), null);
    const across = fakeTrace(
      [
        { op: 'RETURN', frame: 1, stack: args, memory },
        { op: 'LOG1', stack: [], memory },
      ],
      'post-op',
    );
    assert.equal(logAtStep(across, 1), null);
    assert.equal(logAtStep(across, 7), null);
  });

  it('a size beyond 1 MiB reads no data rather than building a huge string', () => {
    const huge = fakeTrace([{ op: 'LOG0', stack: [`0x${(1 << 21).toString(16)}`, '0x0'], memory }], 'pre-op');
    assert.deepEqual(logAtStep(huge, 0), { topics: [], data: null });
  });
});
