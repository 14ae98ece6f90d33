// The decoding worker: one thread stays warm from one body to the next; a body past the bounds ends in the decoder's
// typed error and the next decode works in a fresh thread; a worker that dies as a defect would make it die (heap
// exhausted, an exception, an exit) becomes a typed error naming what happened; the columns cross back intact.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../../src/core/errors';
import { closeDecoder, DecoderWorker, decodeTraceStream, warmDecoder, warmDecoderThreadId } from '../../../../src/core/trace/decode-stream';
import { MAX_REASONS_TOTAL_BYTES, WORKER_HEAP_MB } from '../../../../src/core/trace/limits';
import { body, depthBomb, reasonsBomb, step } from '../../../helpers/hostile-traces';
import { startReference } from '../../helpers/reference-mirror';
import { TraceDecoder } from '../../../../src/core/trace/decoder';

const badResponse = (pattern: RegExp) => (err: unknown) => {
  assert.ok(err instanceof ApiError, String(err));
  assert.equal(err.kind, 'bad-response');
  assert.match(err.message, pattern);
  return true;
};

/** A worker running `code` in place of the decoder, fed one chunk and the end. */
async function runFake(code: string): Promise<unknown> {
  const worker = new DecoderWorker(undefined, { code, eval: true });
  try {
    await worker.write(Buffer.from('{}'));
    return await worker.end();
  } finally {
    await worker.terminate();
  }
}

describe('trace decoding worker', function () {
  this.timeout(120_000);

  const small = () => [Buffer.from(body([step({ op: 'PUSH1' }), step({ op: 'STOP' })]))];

  it('decodes a second body in the same warm thread', async () => {
    await decodeTraceStream(small());
    const first = warmDecoderThreadId();
    assert.ok(first !== undefined, 'a worker is kept after a body decoded');
    // Between the two, the worker rehearses a synthetic body (warm-up.ts): none of it shows in the second.
    let progress: [number, number] = [0, 0];
    const trace = await decodeTraceStream(small(), { onProgress: (bytes, steps) => (progress = [bytes, steps]) });
    assert.deepEqual([trace.length, trace.row(0).op, trace.row(1).op], [2, 'PUSH1', 'STOP']);
    assert.deepEqual(progress, [small()[0].length, 2]);
    assert.equal(warmDecoderThreadId(), first);
  });

  it('stops the warm-up of a fresh worker for the first body: the body, and its bounds, are its own', async () => {
    for (const wait of [0, 50, 400]) {
      await closeDecoder();
      warmDecoder();
      const thread = warmDecoderThreadId();
      // Mid warm-up (or just after it): the synthetic body's steps and bytes never show in the real body's result,
      // progress or bounds.
      await new Promise((resolve) => setTimeout(resolve, wait));
      let progress = 0;
      const trace = await decodeTraceStream(small(), { onProgress: (bytes) => (progress = bytes) });
      assert.deepEqual([trace.length, trace.row(0).op, trace.row(1).op, progress], [2, 'PUSH1', 'STOP', small()[0].length]);
      assert.equal(warmDecoderThreadId(), thread, 'the warming thread is the one that decoded it');
      await closeDecoder();
      warmDecoder();
      await new Promise((resolve) => setTimeout(resolve, wait));
      await assert.rejects(decodeTraceStream([Buffer.from(depthBomb())]), badResponse(/"depth" must be an integer/));
    }
  });

  it('replaces the warm thread after a hostile body, and the next body decodes in a fresh one', async () => {
    await decodeTraceStream(small());
    const before = warmDecoderThreadId();
    await assert.rejects(decodeTraceStream([Buffer.from(depthBomb())]), badResponse(/"depth" must be an integer/));
    assert.equal(warmDecoderThreadId(), undefined, 'the thread that read the hostile body is not kept');
    const trace = await decodeTraceStream(small());
    assert.deepEqual([trace.length, trace.row(1).op], [2, 'STOP']);
    const after = warmDecoderThreadId();
    assert.ok(after !== undefined && after !== before, `a fresh thread (${after}) replaced ${before}`);
  });

  it('replaces the warm thread after a body cancelled mid-way', async () => {
    await decodeTraceStream(small());
    const before = warmDecoderThreadId();
    const controller = new AbortController();
    async function* halfThenCancel(): AsyncGenerator<Buffer> {
      yield Buffer.from(body([step({ op: 'PUSH1' })]).slice(0, 40));
      controller.abort();
      yield Buffer.from('x');
    }
    await assert.rejects(decodeTraceStream(halfThenCancel(), { signal: controller.signal }), /cancelled/);
    assert.equal(warmDecoderThreadId(), undefined);
    await decodeTraceStream(small());
    assert.notEqual(warmDecoderThreadId(), before);
  });

  it('refuses a body past the bounds in the worker, and the next decode works', async () => {
    const before = process.memoryUsage().heapUsed;
    await assert.rejects(
      decodeTraceStream(reasonsBomb()),
      badResponse(new RegExp(`the reasons of the trace take more than ${MAX_REASONS_TOTAL_BYTES / 1024 / 1024} MB together`)),
    );
    assert.ok(process.memoryUsage().heapUsed - before < 64 * 1024 * 1024, 'the reasons never reached this thread');
    const trace = await decodeTraceStream([Buffer.from(body([step({ op: 'PUSH1' }), step({ op: 'STOP' })]))]);
    assert.deepEqual([trace.length, trace.row(1).op], [2, 'STOP']);
  });

  it(`maps a worker that runs out of its ${WORKER_HEAP_MB} MB heap, throws or exits to a typed error`, async () => {
    const onMessage = (body: string) => `require('node:worker_threads').parentPort.on('message', () => { ${body} });`;
    await assert.rejects(
      runFake(onMessage('const a = []; for (;;) a.push(new Array(1e5).fill(0.5));')),
      badResponse(new RegExp(`^The trace decoder ran out of its ${WORKER_HEAP_MB} MB memory budget at byte 0\\.$`)),
    );
    await assert.rejects(runFake(onMessage("throw new Error('a defect');")), badResponse(/^The trace decoder failed at byte 0: a defect$/));
    await assert.rejects(
      runFake(onMessage('process.exit(3);')),
      badResponse(/^The trace decoder stopped unexpectedly \(exit code 3\) at byte 0\.$/),
    );
  });

  it('decodes a body twice its in-flight window and more, in small chunks, with progress up to its last byte', async () => {
    // The reference mirror's 20k-step loop (~9 MB, stack only): the host stops writing 4 MB ahead of the worker and
    // waits for a progress report, which comes once per MiB or 100 ms; it must never wait for one that is not coming.
    const ref = await startReference('long');
    let text: string;
    try {
      text = await ref.body('long-loop', { stack: true, memory: false, storage: false });
    } finally {
      await ref.close();
    }
    const whole = Buffer.from(text);
    assert.ok(whole.length > 8 * 1024 * 1024, `${whole.length} bytes`);
    const chunks = Array.from({ length: Math.ceil(whole.length / 16384) }, (_, i) => whole.subarray(i * 16384, (i + 1) * 16384));
    const seen: [number, number][] = [];
    const trace = await decodeTraceStream(chunks, { onProgress: (bytes, steps) => seen.push([bytes, steps]) });
    const inThread = new TraceDecoder();
    inThread.write(whole);
    assert.equal(trace.length, inThread.finish().length);
    assert.deepEqual(seen.at(-1), [whole.length, trace.length]);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i][0] > seen[i - 1][0], 'bytes only grow');
  });

  it('hands back the columns intact: every field of every step, as the in-thread decoder reads them', async () => {
    const steps = Array.from({ length: 5000 }, (_, i) =>
      step({
        pc: i,
        op: i % 7 ? 'ADD' : 'CALL',
        gas: 9e15 + i,
        gas_cost: i % 5,
        depth: i % 7 === 1 ? 1 : 0,
        extra: `"stack":["0x${i.toString(16)}","0x2"],"memory":["0x${'0'.repeat(63)}${i % 3}"],"storage":{"0x1":"0x${i % 4}"}${i % 1000 === 999 ? ',"reason":"0xdead"' : ''}`,
      }),
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
