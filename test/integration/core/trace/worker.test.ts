// The decoding worker: a body that exhausts its heap (every step carrying a 4 MB reason passes each per-item bound,
// not the total) ends that worker with a typed error naming its budget and the byte reached; this process goes on
// and decodes the next trace.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../../src/core/errors';
import { decodeTraceStream } from '../../../../src/core/trace/decode-stream';
import { WORKER_HEAP_MB } from '../../../../src/core/trace/limits';
import { body, ENVELOPE_HEAD, step } from '../../../unit/core/trace/hostile';

function* reasonsBomb(): Generator<Buffer> {
  yield Buffer.from(ENVELOPE_HEAD);
  const reason = `"reason":"0x${'ab'.repeat(2_000_000)}"`;
  for (let i = 0; i < 200; i++) yield Buffer.from((i ? ',' : '') + step({ op: 'REVERT', extra: reason }));
}

describe('trace decoding worker', function () {
  this.timeout(120_000);

  it(`ends with a typed error when the worker's ${WORKER_HEAP_MB} MB heap runs out, and the next decode works`, async () => {
    const before = process.memoryUsage().heapUsed;
    await assert.rejects(decodeTraceStream(reasonsBomb()), (err: unknown) => {
      assert.ok(err instanceof ApiError, String(err));
      assert.equal(err.kind, 'bad-response');
      assert.match(err.message, new RegExp(`^The trace decoder ran out of its ${WORKER_HEAP_MB} MB memory budget at byte \\d+\\.$`));
      return true;
    });
    assert.ok(process.memoryUsage().heapUsed - before < 64 * 1024 * 1024, 'the reasons never reached this thread');
    const trace = await decodeTraceStream([Buffer.from(body([step({ op: 'PUSH1' }), step({ op: 'STOP' })]))]);
    assert.deepEqual([trace.length, trace.row(1).op], [2, 'STOP']);
  });

  it('hands back the columns intact: every field of every step, as the in-thread decoder reads them', async () => {
    const steps = Array.from({ length: 5000 }, (_, i) =>
      step({ pc: i, op: i % 7 ? 'ADD' : 'CALL', gas: 9e15 + i, gas_cost: i % 5, depth: i % 7 === 1 ? 1 : 0, extra: `"stack":["0x${i.toString(16)}","0x2"],"memory":["0x${'0'.repeat(63)}${i % 3}"],"storage":{"0x1":"0x${i % 4}"}${i % 1000 === 999 ? ',"reason":"0xdead"' : ''}` }),
    );
    const trace = await decodeTraceStream([Buffer.from(body(steps))]);
    assert.equal(trace.length, steps.length);
    for (const i of [0, 1, 7, 8, 999, 4998, 4999]) {
      const d = trace.detail(i);
      assert.deepEqual([d.pc, d.op, d.gas, d.gasCost, d.depth], [i, i % 7 ? 'ADD' : 'CALL', 9e15 + i, i % 5, i % 7 === 1 ? 1 : 0]);
      assert.deepEqual(d.stack, [`0x${i.toString(16)}`, '0x2']);
      assert.deepEqual(d.memory, [`0x${'0'.repeat(63)}${i % 3}`]);
      assert.deepEqual(d.storage, { '0x1': `0x${i % 4}` });
      assert.equal(d.reason, i % 1000 === 999 ? '0xdead' : null);
    }
    assert.equal(trace.frameCount(), 1 + Math.floor((steps.length + 5) / 7));
  });
});
