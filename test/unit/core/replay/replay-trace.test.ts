// The replay's trace recorder: steps as ethereumjs reports them become a pre-op trace the project's decoder and
// Trace read (pc, stack, memory, storage as each step begins, storage updated by SSTORE), and a trace past the
// decoder's byte budget refuses the replay by name instead of growing without bound.
import { strict as assert } from 'node:assert';
import type { InterpreterStep } from '@ethereumjs/evm';
import { createAddressFromString } from '@ethereumjs/util';
import { ReplayRefused } from '../../../../src/core/replay/replay-input';
import { ReplayTraceRecorder, replayTraceOf } from '../../../../src/core/replay/replay-trace';

const ACCOUNT = '0x00000000000000000000000000000000000003e9';
const SLOT = `0x${'0'.repeat(63)}1`;

function step(pc: number, name: string, stack: bigint[], memory = new Uint8Array()): InterpreterStep {
  return {
    pc,
    depth: 0,
    gasLeft: 1000n - BigInt(pc),
    opcode: { name, fee: 3, dynamicFee: undefined },
    stack,
    memory,
    address: createAddressFromString(ACCOUNT),
  } as unknown as InterpreterStep;
}

describe('ReplayTraceRecorder (#31)', () => {
  it('records the steps pre-op, with memory and the storage the pre-state proves and the replay writes', () => {
    const recorder = new ReplayTraceRecorder(new Map([[ACCOUNT, { [SLOT]: '0x05' }]]));
    recorder.step(step(0, 'PUSH1', []));
    recorder.step(step(2, 'PUSH1', [7n]));
    recorder.step(step(4, 'SSTORE', [7n, 1n], new Uint8Array(32).fill(0xab)));
    recorder.step(step(5, 'STOP', []));
    const trace = replayTraceOf(recorder.finish({ address: ACCOUNT, failed: false, gasUsed: 21n, returnValue: '0x' }), 'tx');
    assert.equal(trace.length, 4);
    assert.equal(trace.summary.pcConvention, 'pre-op');
    assert.equal(trace.summary.failed, false);
    const sstore = trace.detail(2);
    assert.deepEqual(sstore.stack, [`0x${'0'.repeat(63)}7`, `0x${'0'.repeat(63)}1`]);
    assert.deepEqual(sstore.memory, [`0x${'ab'.repeat(32)}`]);
    assert.equal(sstore.storage?.[SLOT], `0x${'0'.repeat(63)}5`);
    assert.equal(trace.detail(3).storage?.[SLOT], `0x${'0'.repeat(63)}7`);
  });

  it("refuses the replay when its trace outgrows the decoder's byte budget", () => {
    const recorder = new ReplayTraceRecorder(new Map(), 64 * 1024);
    const big = new Uint8Array(32 * 1024).fill(1);
    assert.throws(
      () => {
        for (let pc = 0; pc < 10_000; pc++) recorder.step(step(pc, 'JUMPDEST', [BigInt(pc)], big));
        recorder.finish({ address: ACCOUNT, failed: false, gasUsed: 0n, returnValue: '0x' });
      },
      (err: unknown) => err instanceof ReplayRefused && err.kind === 'budget' && /trace is too large to hold/.test(err.message),
    );
  });
});
