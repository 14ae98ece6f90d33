// The decoder's bounds (src/core/trace/limits.ts), each with a hostile body generated here: every one is refused
// with ApiError('bad-response') naming the byte offset (and the step where there is one), long before it could cost
// more than a few MB; bodies at the bound still decode, with every number exact. The bounds that take tens of MB to
// reach (a 32 MB unit or string, 32 MB of reasons) are tested in test/integration/core/trace/limits-large.test.ts.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../../src/core/errors';
import { TraceDecoder } from '../../../../src/core/trace/decoder';
import {
  MAX_CALL_DEPTH,
  MAX_FRAMES,
  MAX_GAS,
  MAX_MEMORY_WORDS,
  MAX_SKIPPED_NESTING,
  MAX_STACK_ITEMS,
  MAX_STORAGE_ENTRIES,
  MAX_WHITESPACE_RUN,
  memoryExpansionGas,
  HEDERA_MAX_TRANSACTION_GAS,
} from '../../../../src/core/trace/limits';
import { body, depthBomb, ENVELOPE_HEAD, ENVELOPE_TAIL, repeated, step, words } from '../../../helpers/hostile-traces';
import { decode, decodes, refused } from '../../../helpers/trace-decoding';

describe('trace limits', function () {
  this.timeout(60_000);

  describe('call depth', () => {
    it('refuses a step that jumps more than one frame deeper (a 257-byte depth bomb)', () => {
      for (const depth of [2, 10_000_000, 100_000_000]) {
        const text = depthBomb(depth);
        const { error } = refused(
          text,
          new RegExp(`step 1: "depth" (jumps from 0 to ${depth}|must be an integer from 0 to ${MAX_CALL_DEPTH})`),
        );
        assert.match(error.message, new RegExp(`at byte ${text.lastIndexOf(String(depth))}:`));
      }
      assert.ok(depthBomb().length < 300, `${depthBomb().length} bytes`);
    });

    it(`accepts depth up to ${MAX_CALL_DEPTH}, one frame at a time, and refuses one more`, () => {
      const deepest = Array.from({ length: MAX_CALL_DEPTH + 1 }, (_, d) => step({ op: 'CALL', depth: d }));
      const trace = decodes(body(deepest));
      assert.equal(trace.summary.maxDepth, MAX_CALL_DEPTH);
      assert.equal(trace.frameCount(), MAX_CALL_DEPTH + 1);
      refused(
        body([...deepest, step({ depth: MAX_CALL_DEPTH + 1 })]),
        new RegExp(`step ${MAX_CALL_DEPTH + 1}: "depth" must be an integer from 0 to ${MAX_CALL_DEPTH}, not ${MAX_CALL_DEPTH + 1}`),
      );
    });

    it(`refuses frame ${MAX_FRAMES + 1}, more calls than 15M gas pays for`, () => {
      // `calls` CALL/STOP pairs (each opens a frame), written as a few large chunks of one repeated block rather than
      // a 16 MB string of 300,000 steps: the decoder reads the same bytes, the test spends its time in the decoder.
      const PER_BLOCK = 10_000;
      const pair = `${step({ op: 'CALL' })},${step({ op: 'STOP', depth: 1 })}`;
      const block = Buffer.from(`,${pair}`.repeat(PER_BLOCK));
      function* calls(count: number): Generator<Buffer> {
        yield Buffer.from(ENVELOPE_HEAD + pair);
        for (let left = count - 1; left > 0; left -= PER_BLOCK)
          yield left >= PER_BLOCK ? block : block.subarray(0, left * (pair.length + 1));
        yield Buffer.from(ENVELOPE_TAIL);
      }
      refused(calls(MAX_FRAMES + 1), new RegExp(`step ${2 * MAX_FRAMES - 1} opens frame ${MAX_FRAMES + 1}`));
      // The top-level frame and MAX_FRAMES - 1 calls: every frame the bound allows.
      const { trace, error } = decode(calls(MAX_FRAMES - 1));
      assert.ok(trace, error?.message);
      assert.equal(trace.frameCount(), MAX_FRAMES);
      assert.equal(trace.length, 2 * (MAX_FRAMES - 1));
    });
  });

  describe('sizes', () => {
    it(`refuses an unknown field nested deeper than ${MAX_SKIPPED_NESTING} levels, at once (1e8 '[')`, () => {
      const { fed } = refused(
        repeated('{"junk":', '[', 100_000_000),
        new RegExp(`an unknown field nests deeper than ${MAX_SKIPPED_NESTING} levels`),
      );
      assert.ok(fed < 2 << 20, `refused after ${fed} bytes`);
      refused(repeated(ENVELOPE_HEAD + '{"x":', '[', 10_000_000), /nests deeper/);
    });

    it(`refuses more than ${MAX_WHITESPACE_RUN} bytes of whitespace in a row, between or inside steps`, () => {
      const between = refused(
        repeated(ENVELOPE_HEAD + step() + ',', ' ', 2_000_000_000, '', 64 * 1024),
        /more than 65536 bytes of whitespace in a row/,
      );
      assert.ok(between.fed < 1 << 20, `refused after ${between.fed} bytes`);
      const inside = refused(
        repeated(ENVELOPE_HEAD + '{"pc":', ' ', 2_000_000_000, '', 64 * 1024),
        /more than 65536 bytes of whitespace in a row/,
      );
      assert.ok(inside.fed < 1 << 20, `refused after ${inside.fed} bytes`);
      // Pretty-printing is fine.
      assert.equal(decodes(JSON.stringify(JSON.parse(body([step(), step()])), null, 8)).length, 2);
    });

    it('refuses an op name longer than any opcode; accepts the largest reason a real step can carry', () => {
      refused(body([step({ op: 'A'.repeat(33) })]), /step 0: "op" is longer than 32 bytes/);
      // All of memory, in hex (the refusals of longer strings: test/integration/core/trace/limits-large.test.ts).
      const full = `0x${'ab'.repeat(32 * 1000)}`;
      assert.equal(decodes(body([step({ op: 'REVERT', extra: `"reason":"${full}"` })])).detail(0).reason, full);
    });

    it('refuses a stack, memory or storage item wider than 32 bytes, as soon as it is', () => {
      refused(body([step({ extra: `"stack":${words(1, 65)}` })]), /step 0: "stack" item 0 has more than 64 hex digits/);
      refused(body([step({ extra: `"memory":["0x00",${words(1, 66).slice(1)}` })]), /step 0: "memory" item 1 has more than 64 hex digits/);
      refused(body([step({ extra: `"storage":{"0x1":"0x${'1'.repeat(65)}"}` })]), /step 0: "storage" item 0 has more than 64 hex digits/);
      const { fed } = refused(
        repeated(ENVELOPE_HEAD + '{"pc":0,"stack":["0x', 'f', 200_000_000),
        /"stack" item 0 has more than 64 hex digits/,
      );
      assert.ok(fed < 2 << 20, `refused after ${fed} bytes`);
      const widest = `0x${'f'.repeat(64)}`;
      assert.deepEqual(decodes(body([step({ extra: `"stack":["${widest}"]` })])).detail(0).stack, [widest]);
    });

    it(`accepts ${MAX_STACK_ITEMS} stack items and refuses ${MAX_STACK_ITEMS + 1}`, () => {
      assert.equal(decodes(body([step({ extra: `"stack":${words(MAX_STACK_ITEMS, 4)}` })])).detail(0).stack?.length, MAX_STACK_ITEMS);
      refused(body([step({ extra: `"stack":${words(MAX_STACK_ITEMS + 1, 4)}` })]), /step 0: "stack" has more than 1024 items/);
      // Also when the list repeats the previous step's and then grows.
      refused(
        body([step({ extra: `"stack":${words(MAX_STACK_ITEMS, 4)}` }), step({ extra: `"stack":${words(MAX_STACK_ITEMS + 1, 4)}` })]),
        /step 1: "stack" has more than 1024 items/,
      );
    });

    it(`bounds memory by what 15M gas pays for: ${MAX_MEMORY_WORDS} words`, () => {
      assert.ok(
        memoryExpansionGas(MAX_MEMORY_WORDS) <= HEDERA_MAX_TRANSACTION_GAS &&
          memoryExpansionGas(MAX_MEMORY_WORDS + 1) > HEDERA_MAX_TRANSACTION_GAS,
      );
      assert.equal(MAX_MEMORY_WORDS, 86_870);
      assert.equal(decodes(body([step({ extra: `"memory":${words(MAX_MEMORY_WORDS)}` })])).detail(0).memory?.length, MAX_MEMORY_WORDS);
      refused(
        body([step({ extra: `"memory":${words(MAX_MEMORY_WORDS + 1)}` })]),
        new RegExp(`step 0: "memory" has more than ${MAX_MEMORY_WORDS} items`),
      );
    });

    it(`refuses more than ${MAX_STORAGE_ENTRIES} storage entries in a step`, () => {
      const entries = (n: number) => `"storage":{${Array.from({ length: n }, (_, i) => `"0x${i.toString(16)}":"0x1"`).join(',')}}`;
      assert.equal(
        Object.keys(decodes(body([step({ extra: entries(MAX_STORAGE_ENTRIES) })])).detail(0).storage ?? {}).length,
        MAX_STORAGE_ENTRIES,
      );
      refused(
        body([step({ extra: entries(MAX_STORAGE_ENTRIES + 1) })]),
        new RegExp(`step 0: "storage" has more than ${MAX_STORAGE_ENTRIES} entries`),
      );
    });
  });

  it('refuses a trace whose decoded columns outgrow the budget, between two chunks', () => {
    const decoder = new TraceDecoder(8 * 1024 * 1024);
    const chunk = Buffer.from(`${step({ extra: '"stack":["0x1"]' })},`.repeat(10_000));
    decoder.write(Buffer.from(ENVELOPE_HEAD));
    let error: unknown;
    let steps = 0;
    try {
      for (let i = 0; i < 1000; i++) {
        decoder.write(chunk);
        steps = decoder.steps;
      }
    } catch (err) {
      error = err;
    }
    assert.ok(error instanceof ApiError && error.kind === 'too-large', String(error));
    assert.match(error.message, /^The trace is too large to hold: after \d+ bytes \(\d+ steps\) it needs more than the decoder's 8 MB\.$/);
    assert.ok(steps > 50_000 && steps < 1_000_000, `${steps} steps`);
  });

  describe('numbers', () => {
    it('keeps gas exact up to 2^53 − 1', () => {
      const trace = decodes(body([step({ gas: MAX_GAS, gas_cost: MAX_GAS - 1 }), step({ gas: '9.007199254740991e15', gas_cost: '12.0' })]));
      assert.deepEqual(
        [trace.row(0).gas, trace.row(0).gasCost, trace.row(1).gas, trace.row(1).gasCost],
        [MAX_GAS, MAX_GAS - 1, MAX_GAS, 12],
      );
    });

    for (const [what, value] of [
      ['2^53', '9007199254740992'],
      ['2^64', '18446744073709551616'],
      ['a 1000-digit number', '9'.repeat(1000)],
      ['1e400', '1e400'],
      ['2^64 as 1.8446744073709552e19', '1.8446744073709552e19'],
    ]) {
      it(`refuses gas and gas_cost of ${what} rather than rounding it`, () => {
        refused(
          body([step({ gas: value })]),
          new RegExp(`step 0: "gas" must be an integer from 0 to ${MAX_GAS}, not ${value.slice(0, 20)}`),
        );
        refused(body([step({ gas_cost: value })]), /step 0: "gas_cost" must be an integer from 0/);
      });
    }

    it('refuses numbers that are not exact integers, negative gas, and a pc or envelope gas beyond their bounds', () => {
      refused(body([step({ gas: '1.0000000000000001' })]), /step 0: "gas" must be an integer, not 1.0000000000000001/);
      refused(body([step({ gas_cost: -1 })]), /step 0: "gas_cost" must be an integer from 0/);
      refused(body([step({ pc: 2 ** 31 })]), /step 0: "pc" must be an integer from 0 to 2147483647/);
      for (const gas of ['18446744073709551616', '1'.repeat(1000), '-1', '1.5']) {
        refused(
          ENVELOPE_HEAD.replace('"gas":21000', `"gas":${gas}`) + step() + ENVELOPE_TAIL,
          /"gas" must be an integer from 0 to 9007199254740991/,
        );
      }
    });
  });
});
