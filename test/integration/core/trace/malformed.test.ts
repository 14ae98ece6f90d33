// Streaming robustness: any chunking of a real body decodes identically; cut-off, corrupted, mistyped and foreign
// bodies (generated, many) end in a ApiError('bad-response') naming the step and field, never a crash or a hang.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { ApiError } from '../../../../src/core/errors';
import { closeDecoder, decodeTraceStream } from '../../../../src/core/trace/decode-stream';
import { TraceDecoder } from '../../../../src/core/trace/decoder';
import { MAX_SKIPPED_NESTING } from '../../../../src/core/trace/limits';
import type { ColumnarTrace } from '../../../../src/core/trace/trace';
import { OPCODES_DATA } from '../../../helpers/mirror-data';
import { startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

/** Fixed, so a run is reproducible and a failure is the code's, not the dice's; change it to explore. */
const FUZZ_SEED = 20261125;

/** Decodes `bytes` fed in pieces cut at `cuts` (any order, duplicates allowed). */
function decodeChunks(bytes: Buffer, cuts: number[] = []): ColumnarTrace {
  const points = [...new Set(cuts.map((c) => Math.min(Math.max(c, 0), bytes.length)))].sort((a, b) => a - b);
  const decoder = new TraceDecoder();
  let from = 0;
  for (const to of [...points, bytes.length]) {
    decoder.write(bytes.subarray(from, to));
    from = to;
  }
  return decoder.finish();
}

const decodeText = (text: string): ColumnarTrace => decodeChunks(Buffer.from(text));

/** Runs `decode`; returns the ApiError it threw (failing on any other error), or undefined when it decoded. */
function failureOf(decode: () => unknown): ApiError | undefined {
  try {
    decode();
    return undefined;
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected a ApiError, got ${err instanceof Error ? err.stack : String(err)}`);
    return err;
  }
}

function badResponse(decode: () => unknown, message?: RegExp): ApiError {
  const err = failureOf(decode);
  assert.ok(err, 'expected the body to be rejected');
  assert.equal(err.kind, 'bad-response', err.message);
  if (message) assert.match(err.message, message);
  return err;
}

/** Every step and the summary, as plain data, to compare two decodes of the same body. */
function snapshot(trace: ColumnarTrace): unknown {
  return { summary: trace.summary, steps: Array.from({ length: trace.length }, (_, i) => trace.detail(i)) };
}

const ENDLESS_STEPS = Buffer.from('{"pc":1,"op":"JUMPDEST","gas":9,"gas_cost":1,"depth":0},'.repeat(1024));

describe('trace decoder robustness', function () {
  this.timeout(120_000);
  let m: ReferenceMirror;
  let small: Buffer;
  let large: Buffer;

  before(async () => {
    m = await startReference('post-op');
    small = Buffer.from(await m.body('revert-error', { stack: true, memory: false, storage: false }));
    large = Buffer.from(await m.body('create'));
  });
  after(() => m.close());

  describe('chunking', () => {
    it('gives the same trace for any chunk boundaries', () => {
      const whole = snapshot(decodeChunks(large));
      fc.assert(
        fc.property(fc.array(fc.nat({ max: large.length }), { maxLength: 60 }), (cuts) => {
          assert.deepEqual(snapshot(decodeChunks(large, cuts)), whole);
        }),
        { numRuns: 25, seed: FUZZ_SEED },
      );
    });

    it('decodes a body fed one byte at a time', () => {
      const cuts = Array.from({ length: small.length }, (_, i) => i);
      assert.deepEqual(snapshot(decodeChunks(small, cuts)), snapshot(decodeChunks(small)));
    });

    it('accepts pretty-printed JSON, escaped keys and unknown fields nested up to the limit', () => {
      const body = JSON.parse(small.toString()) as { opcodes: Record<string, unknown>[] } & Record<string, unknown>;
      body.opcodes[0] = { ...body.opcodes[0], future_field: { nested: [[[1, 2, { x: null }]], 'y\\"z'], n: -1.5e3 } };
      body.opcodes[1] = { ...body.opcodes[1], extra: true };
      const deep = '['.repeat(MAX_SKIPPED_NESTING) + ']'.repeat(MAX_SKIPPED_NESTING);
      const text = JSON.stringify({ note: 'ignored', ...body }, null, 2)
        .replace('"pc":', '"p\\u0063":')
        .replace('"note": "ignored"', `"note": ${deep}`);
      assert.deepEqual(snapshot(decodeText(text)), snapshot(decodeChunks(small)));
    });

    it('accepts the stack without 0x prefixes (as in the relay test mock)', () => {
      const body = JSON.parse(small.toString()) as { opcodes: { stack: string[] }[] };
      for (const step of body.opcodes) step.stack = step.stack.map((item) => item.slice(2));
      const text = JSON.stringify(body);
      assert.notEqual(text, small.toString());
      assert.deepEqual(snapshot(decodeText(text)), snapshot(decodeChunks(small)));
    });
  });

  describe('cut-off and corrupted bodies', () => {
    it('rejects every strict prefix of a body', () => {
      fc.assert(
        fc.property(fc.nat({ max: small.length - 1 }), fc.array(fc.nat({ max: small.length }), { maxLength: 5 }), (length, cuts) => {
          badResponse(() => decodeChunks(small.subarray(0, length), cuts));
        }),
        { numRuns: 300, seed: FUZZ_SEED },
      );
      badResponse(() => decodeChunks(small.subarray(0, small.length - 1)), /cut off/);
      badResponse(() => decodeText(''), /cut off/);
    });

    it('never fails other than with a ApiError on corrupted bytes', () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              at: fc.nat({ max: small.length - 1 }),
              byte: fc.integer({ min: 0, max: 255 }),
              kind: fc.constantFrom('set', 'insert', 'delete'),
            }),
            {
              minLength: 1,
              maxLength: 4,
            },
          ),
          fc.array(fc.nat({ max: small.length }), { maxLength: 4 }),
          (edits, cuts) => {
            let bytes = Buffer.from(small);
            for (const { at, byte, kind } of edits) {
              const i = Math.min(at, bytes.length - 1);
              if (kind === 'set') bytes[i] = byte;
              else if (kind === 'insert') bytes = Buffer.concat([bytes.subarray(0, i), Buffer.of(byte), bytes.subarray(i)]);
              else bytes = Buffer.concat([bytes.subarray(0, i), bytes.subarray(i + 1)]);
            }
            const err = failureOf(() => decodeChunks(bytes, cuts));
            if (err) assert.equal(err.kind, 'bad-response', err.message);
          },
        ),
        { numRuns: 400, seed: FUZZ_SEED },
      );
    });

    it('rejects arbitrary bytes and arbitrary JSON', () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
          badResponse(() => decodeChunks(Buffer.from(bytes)));
        }),
        { numRuns: 300, seed: FUZZ_SEED },
      );
      fc.assert(
        fc.property(fc.json(), (json) => {
          badResponse(() => decodeText(json));
        }),
        { numRuns: 300, seed: FUZZ_SEED },
      );
    });
  });

  describe('mistyped steps', () => {
    const wrong: Record<string, string[]> = {
      pc: ['"12"', 'true', 'null', '[]', '{}', '1.5', '-3'],
      gas: ['"12"', 'false', 'null', '[1]', '2.25'],
      gas_cost: ['"3"', 'null', '{"a":1}', '1e-3'],
      depth: ['"0"', 'null', '-1', '0.5'],
      op: ['1', 'null', '[]', '{}', 'true'],
      stack: ['"0x1"', '1', '{}', '["xyz"]', '[1]', '[null]', 'true'],
      memory: ['"0x"', '2', '{}', '["0xzz"]', '[[]]'],
      storage: ['[]', '"x"', '{"0x1":2}', '{"zz":"0x1"}', '1'],
      reason: ['1', '[]', '{}', 'false'],
    };

    it('names the step index and the field', () => {
      const body = JSON.parse(small.toString()) as { opcodes: Record<string, unknown>[] };
      fc.assert(
        fc.property(
          fc.nat({ max: body.opcodes.length - 1 }),
          fc.constantFrom(...Object.keys(wrong)).chain((field) => fc.tuple(fc.constant(field), fc.constantFrom(...wrong[field]))),
          (step, [field, value]) => {
            const marker = '"__wrong__"';
            const copy = structuredClone(body);
            copy.opcodes[step] = { ...copy.opcodes[step], [field]: '__wrong__' };
            const text = JSON.stringify(copy).replace(marker, value);
            badResponse(() => decodeText(text), new RegExp(`step ${step}: "${field}"`));
          },
        ),
        { numRuns: 200, seed: FUZZ_SEED },
      );
    });

    it('names a missing required field', () => {
      const body = JSON.parse(small.toString()) as { opcodes: Record<string, unknown>[] };
      for (const field of ['pc', 'op', 'gas', 'gas_cost', 'depth']) {
        const copy = structuredClone(body);
        delete copy.opcodes[7][field];
        badResponse(() => decodeText(JSON.stringify(copy)), new RegExp(`step 7 has no "${field}"`));
      }
      const copy = structuredClone(body);
      delete copy.opcodes[3].stack;
      delete copy.opcodes[3].reason;
      assert.equal(decodeText(JSON.stringify(copy)).detail(3).reason, null);
    });
  });

  describe('envelope', () => {
    const envelope = (patch: Record<string, unknown>, drop?: string): string => {
      const body = { ...(JSON.parse(small.toString()) as Record<string, unknown>), ...patch };
      if (drop) delete body[drop];
      return JSON.stringify(body);
    };

    for (const [what, text, message] of [
      ['address missing', () => envelope({}, 'address'), /"address"/],
      ['address not hex', () => envelope({ address: 'nope' }), /"address" must be 0x-prefixed hex/],
      ['contract_id malformed', () => envelope({ contract_id: 12 }), /"contract_id"/],
      ['failed as a string', () => envelope({ failed: 'false' }), /"failed"/],
      ['gas fractional', () => envelope({ gas: 1.5 }), /"gas"/],
      ['return_value missing', () => envelope({}, 'return_value'), /"return_value"/],
      ['opcodes missing', () => envelope({}, 'opcodes'), /"opcodes" is missing/],
      ['opcodes an object', () => envelope({ opcodes: {} }), /"opcodes" must be an array/],
      ['opcodes twice', () => small.toString().replace('"opcodes":[', '"opcodes":[],"opcodes":['), /"opcodes" appears twice/],
      ['an array', () => '[]', /expected a JSON object/],
      ['trailing data', () => small.toString() + '{}', /expected the end of the response/],
    ] as const) {
      it(`rejects ${what}`, () => {
        badResponse(() => decodeText(text()), message);
      });
    }

    it('keeps a null contract_id', () => {
      assert.equal(decodeText(envelope({ contract_id: null })).summary.contractId, null);
    });

    it('rejects the relay test mock, which lacks the required address (it is not server output)', () => {
      const mock = readFileSync(join(OPCODES_DATA, 'relay-test-mock-opcodes-response.json'), 'utf8');
      badResponse(() => decodeText(mock), /"address"/);
      const completed = { address: `0x${'0'.repeat(40)}`, contract_id: null, ...(JSON.parse(mock) as object) };
      const trace = decodeText(JSON.stringify(completed));
      assert.equal(trace.length, 3);
      assert.equal(trace.detail(1).reason, `0x4e487b71${'12'.padStart(64, '0')}`);
      assert.equal(trace.detail(0).stack?.[0], '0x000000000000000000000000000000000000000000000000000000004700d305');
    });

    it('rejects an error body served with status 200', () => {
      const body = readFileSync(join(OPCODES_DATA, 'derived-500-internal-error.json'), 'utf8');
      badResponse(() => decodeText(body), /"opcodes" is missing/);
    });
  });

  describe('cancellation', () => {
    it('stops reading and rejects with a cancelled error', async () => {
      const controller = new AbortController();
      let served = 0;
      const source = new Readable({
        read() {
          served++;
          // Endless steps: only cancellation can end this body.
          this.push(served === 1 ? Buffer.from('{"opcodes":[') : ENDLESS_STEPS);
        },
      });
      const decoding = decodeTraceStream(source, {
        signal: controller.signal,
        onProgress: (bytes) => {
          if (bytes > 1_000_000) controller.abort();
        },
      });
      await assert.rejects(decoding, (err: unknown) => err instanceof ApiError && err.kind === 'cancelled');
      assert.ok(source.destroyed, 'the source stream is destroyed');
      // The worker is at most its in-flight window (4 MB) behind the reading.
      assert.ok(served * ENDLESS_STEPS.length < 12_000_000, `stopped soon after the abort (${served} chunks read)`);
    });

    it('rejects at once when already cancelled', async () => {
      await assert.rejects(decodeTraceStream(Readable.from([small]), { signal: AbortSignal.abort() }), /cancelled/);
    });

    it('reports progress as bytes and steps: from the first chunk, then now and then, and the whole body at the end', async () => {
      // A fresh worker: its first body's first chunk comes moments after the thread started, and is reported at once.
      await closeDecoder();
      const seen: [number, number][] = [];
      const chunks = Array.from({ length: Math.ceil(large.length / 65536) }, (_, i) => large.subarray(i * 65536, (i + 1) * 65536));
      const trace = await decodeTraceStream(Readable.from(chunks), { onProgress: (bytes, steps) => seen.push([bytes, steps]) });
      assert.equal(seen[0][0], chunks[0].length, 'the first chunk is reported at once');
      assert.deepEqual(seen.at(-1), [large.length, trace.length]);
      for (let i = 1; i < seen.length; i++) assert.ok(seen[i][0] > seen[i - 1][0] && seen[i][1] >= seen[i - 1][1]);
    });
  });

  describe('a body that ends in an error', () => {
    const cut = () => new ApiError('truncated', 'The server closed the connection after 2.0 MB of 8.0 MB.');
    /** `body`, then at once the transport's error. */
    async function* endingInError(body: Buffer): AsyncIterable<Uint8Array> {
      yield new Uint8Array(body);
      throw cut();
    }
    const whitespace = Buffer.alloc(256 * 1024, 0x20);

    it("gets the decoder's verdict on the bytes that arrived, even when the close comes before it", async () => {
      // The close is thrown the moment the bytes are handed over, long before the decoder has read them; the other
      // order (the verdict first) ends the same way, as the next write throws it.
      await assert.rejects(decodeTraceStream(endingInError(whitespace)), /more than 65536 bytes of whitespace in a row/);
    });

    it("gets the transport's error when what arrived was a valid opening", async () => {
      await assert.rejects(
        decodeTraceStream(endingInError(Buffer.concat([Buffer.from('{"opcodes":['), ENDLESS_STEPS]))),
        (err: unknown) => err instanceof ApiError && err.kind === 'truncated' && /after 2\.0 MB of 8\.0 MB/.test(err.message),
      );
    });
  });
});
