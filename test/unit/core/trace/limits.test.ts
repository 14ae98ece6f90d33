// The decoder's bounds (src/core/trace/limits.ts), each with a hostile body generated here: every one is refused
// with ApiError('bad-response') naming the byte offset (and the step where there is one), long before it could cost
// more than a few MB; bodies at the bound still decode, with every number exact.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../../src/core/errors';
import { TraceDecoder } from '../../../../src/core/trace/decoder';
import {
  MAX_CALL_DEPTH,
  MAX_DATA_HEX_CHARS,
  MAX_FRAMES,
  MAX_GAS,
  MAX_MEMORY_WORDS,
  MAX_REASONS_TOTAL_BYTES,
  MAX_SKIPPED_NESTING,
  MAX_STACK_ITEMS,
  MAX_STORAGE_ENTRIES,
  MAX_UNIT_BYTES,
  MAX_WHITESPACE_RUN,
  memoryExpansionGas,
  HEDERA_MAX_TRANSACTION_GAS,
} from '../../../../src/core/trace/limits';
import type { ColumnarTrace } from '../../../../src/core/trace/trace';
import { body, depthBomb, ENVELOPE_HEAD, ENVELOPE_TAIL, reasonsBomb, repeated, step, words } from '../../../helpers/hostile-traces';

/** Feeds the chunks; returns the decoded trace, or the error with how many bytes had been fed when it was thrown. */
function decode(chunks: Iterable<Uint8Array> | string): { trace?: ColumnarTrace; error?: ApiError; fed: number } {
  const decoder = new TraceDecoder();
  let fed = 0;
  try {
    for (const chunk of typeof chunks === 'string' ? [Buffer.from(chunks)] : chunks) {
      fed += chunk.length;
      decoder.write(chunk);
    }
    return { trace: decoder.finish(), fed };
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected an ApiError, got ${err instanceof Error ? err.stack : String(err)}`);
    return { error: err, fed };
  }
}

function refused(chunks: Iterable<Uint8Array> | string, message: RegExp): { error: ApiError; fed: number } {
  const { error, fed } = decode(chunks);
  assert.ok(error, 'expected the body to be refused');
  assert.equal(error.kind, 'bad-response');
  assert.match(error.message, /^Malformed trace response at byte \d+: /);
  assert.match(error.message, message);
  return { error, fed };
}

function decodes(text: string): ColumnarTrace {
  const { trace, error } = decode(text);
  assert.ok(trace, error?.message);
  return trace;
}

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
      const steps: string[] = [];
      for (let i = 0; i <= MAX_FRAMES; i++) steps.push(step({ op: 'CALL' }), step({ op: 'STOP', depth: 1 }));
      refused(body(steps), new RegExp(`step ${2 * MAX_FRAMES - 1} opens frame ${MAX_FRAMES + 1}`));
      assert.equal(decodes(body(steps.slice(0, 2 * (MAX_FRAMES - 1)))).frameCount(), MAX_FRAMES);
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

    it(`refuses a step or top-level field larger than ${MAX_UNIT_BYTES / 1024 / 1024} MB, once it is`, () => {
      const { fed } = refused(
        repeated(ENVELOPE_HEAD + '{"pc":0,"future":"', 'x', 2_000_000_000, '', 1 << 20),
        new RegExp(`step 0 is larger than ${MAX_UNIT_BYTES / 1024 / 1024} MB`),
      );
      assert.ok(fed < MAX_UNIT_BYTES + (2 << 20), `refused after ${fed} bytes`);
    });

    it('refuses a huge string: reason, op name, envelope field', () => {
      const reason = refused(
        repeated(ENVELOPE_HEAD + '{"pc":0,"op":"REVERT","gas":1,"gas_cost":0,"depth":0,"reason":"0x', 'f', 200_000_000),
        new RegExp(`step 0: "reason" is longer than ${MAX_DATA_HEX_CHARS} bytes`),
      );
      assert.ok(reason.fed < MAX_DATA_HEX_CHARS + (2 << 20), `refused after ${reason.fed} bytes`);
      refused(body([step({ op: 'A'.repeat(33) })]), /step 0: "op" is longer than 32 bytes/);
      refused(repeated('{"return_value":"0x', '0', 200_000_000), /a top-level field is larger than 32 MB/);
      refused(repeated('{"junk":"', 'x', 200_000_000), /a top-level field is larger than 32 MB/);
      // The largest reason a real step can carry (all of memory, in hex) is accepted.
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

  it(`refuses reasons that take more than ${MAX_REASONS_TOTAL_BYTES / 1024 / 1024} MB together`, () => {
    refused(
      reasonsBomb(),
      new RegExp(`step 8: the reasons of the trace take more than ${MAX_REASONS_TOTAL_BYTES / 1024 / 1024} MB together`),
    );
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
