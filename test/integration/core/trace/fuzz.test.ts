// Property-based fuzzing of the trace scanner on REAL traces (the reference mirror's EVM): truncations, byte flips
// and insertions of hostile runs (deep nesting, long digits, hex, whitespace) at random places only ever decode or
// raise the decoder's typed error, and never grow memory past the bound. Seeded and bounded: reproducible and quick.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ApiError } from '../../../../src/core/errors';
import { TraceDecoder } from '../../../../src/core/trace/decoder';
import { startReference, type CaseName, type ReferenceMirror } from '../../helpers/reference-mirror';

const FUZZ_SEED = 8_2026;
const MEMORY_BOUND = 256 * 1024 * 1024;
const CASES: CaseName[] = ['create', 'nested-call', 'storage', 'revert-error'];

/** Decodes in chunks cut at `cuts`; the typed error or undefined. Any other error fails the property. */
function outcome(bytes: Buffer, cuts: number[]): ApiError | undefined {
  const decoder = new TraceDecoder();
  const points = [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort((a, b) => a - b);
  let from = 0;
  try {
    for (const to of [...points, bytes.length]) {
      decoder.write(bytes.subarray(from, to));
      from = to;
    }
    decoder.finish();
    return undefined;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}

const hostileRun = fc.oneof(
  fc.nat({ max: 5000 }).map((n) => '['.repeat(n)),
  fc.nat({ max: 5000 }).map((n) => '{"a":'.repeat(n)),
  fc.nat({ max: 2000 }).map((n) => '9'.repeat(n)),
  fc.nat({ max: 5000 }).map((n) => 'f'.repeat(n)),
  fc.nat({ max: 200_000 }).map((n) => ' '.repeat(n)),
  fc.constantFrom('"depth":100000', '"depth":-1', '"gas":18446744073709551616', '1e400', '\\u0000', '"', ',', '}', ']', 'null', '\u00ff'),
);

describe('trace scanner fuzzing on real traces', function () {
  this.timeout(300_000);
  let m: ReferenceMirror;
  const bodies: Buffer[] = [];

  before(async () => {
    m = await startReference('post-op');
    for (const name of CASES) bodies.push(Buffer.from(await m.body(name)));
  });
  after(() => m.close());

  const baseline = () => {
    const u = process.memoryUsage();
    return u.heapUsed + u.arrayBuffers;
  };

  it('decodes or raises the typed error for any truncation, flip or insertion, within the memory bound', () => {
    const start = baseline();
    fc.assert(
      fc.property(
        fc.nat({ max: CASES.length - 1 }),
        fc.array(
          fc.record({
            at: fc.double({ min: 0, max: 1, noNaN: true }),
            edit: fc.oneof(
              fc.record({ kind: fc.constant('flip' as const), byte: fc.integer({ min: 0, max: 255 }) }),
              fc.record({ kind: fc.constant('insert' as const), text: hostileRun }),
              fc.record({ kind: fc.constant('truncate' as const) }),
            ),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.array(fc.nat(), { maxLength: 6 }),
        (which, edits, cuts) => {
          let bytes = bodies[which];
          for (const { at, edit } of edits) {
            const i = Math.min(Math.floor(at * bytes.length), bytes.length - 1);
            if (edit.kind === 'flip') bytes = Buffer.concat([bytes.subarray(0, i), Buffer.of(edit.byte), bytes.subarray(i + 1)]);
            else if (edit.kind === 'insert') bytes = Buffer.concat([bytes.subarray(0, i), Buffer.from(edit.text), bytes.subarray(i)]);
            else bytes = bytes.subarray(0, i);
          }
          const err = outcome(
            bytes,
            cuts.map((c) => c % (bytes.length + 1)),
          );
          if (err) assert.equal(err.kind, 'bad-response', err.message);
          assert.ok(baseline() - start < MEMORY_BOUND, `memory grew by ${((baseline() - start) / 1e6).toFixed(0)} MB`);
        },
      ),
      { numRuns: 300, seed: FUZZ_SEED },
    );
  });

  it('refuses an envelope value skipValue passes but JSON.parse does not (the intermittent failure: "gas":0123)', () => {
    const text = bodies[0].toString();
    for (const [from, to] of [
      [/"gas":(\d)/, '"gas":0$1'],
      [/"address":"0x/, '"address":"\\q'],
    ] as const) {
      const err = outcome(Buffer.from(text.replace(from, to)), []);
      assert.ok(err, String(from));
      assert.match(err.message, /is not valid JSON/);
    }
  });
});
