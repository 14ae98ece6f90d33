// The stdio adapter's frame reader: valid messages come out whole and in order however the bytes are split, with bad
// frames (negative, missing or oversized lengths, garbage, bodies that are not JSON objects) skipped and reported.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { DapFraming, MAX_MESSAGE_BYTES, type FramingProblem } from '../../../src/debug/framing';

const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** Feeds `bytes` cut at `cuts`; resolves with the bodies passed on and the problems reported. */
async function read(bytes: Buffer, cuts: number[] = []): Promise<{ bodies: string[]; problems: FramingProblem[] }> {
  const problems: FramingProblem[] = [];
  const reader = new DapFraming((p) => problems.push(p));
  const out: Buffer[] = [];
  reader.on('data', (chunk: Buffer) => out.push(chunk));
  const ends = [...new Set([0, ...cuts.map((c) => c % (bytes.length + 1)), bytes.length])].sort((a, b) => a - b);
  for (let i = 1; i < ends.length; i++) reader.write(bytes.subarray(ends[i - 1], ends[i]));
  await new Promise<void>((resolve) => reader.end(resolve));
  const bodies = out.map((b) => b.toString('utf8').replace(/^Content-Length: \d+\r\n\r\n/, ''));
  return { bodies, problems };
}

describe('DAP framing reader', () => {
  it('passes every valid message whole, in order, however the stream is cut, and skips the bad frames between them', async () => {
    const message = fc
      .record({
        seq: fc.nat(),
        type: fc.constant('request'),
        command: fc.string({ maxLength: 12 }),
        arguments: fc.anything({ maxDepth: 2 }),
      })
      .map((m) => JSON.stringify(m));
    const bad = fc.constantFrom(
      'Content-Length: -5\r\n\r\n',
      'Content-Length: abc\r\n\r\n',
      'hello\r\n\r\n',
      frame('null'),
      frame('[1]'),
      frame('{"seq":'),
      frame('5'),
      'X: 1\r\n\r\n',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(message, fc.option(bad)), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        async (items, cuts) => {
          const bytes = Buffer.from(items.map(([m, b]) => frame(m) + (b ?? '')).join(''));
          const { bodies, problems } = await read(bytes, cuts);
          assert.deepEqual(
            bodies,
            items.map(([m]) => m),
          );
          assert.equal(
            problems.length > 0,
            items.some(([, b]) => b !== null),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('drops a body over the cap as it streams, refusing its request by seq and command, and reads on', async () => {
    const pad = ' '.repeat(MAX_MESSAGE_BYTES);
    const big = `{"command":"evaluate","arguments":{"expression":"step","pad":"${pad}"},"type":"request","seq":7}`;
    const { bodies, problems } = await read(
      Buffer.from(frame(big) + frame('{"seq":8,"type":"request","command":"threads"}')),
      [100, 70_000, 5_000_000],
    );
    assert.deepEqual(bodies, ['{"seq":8,"type":"request","command":"threads"}']);
    assert.deepEqual(problems, [
      {
        message: `A DAP message of ${Buffer.byteLength(big)} bytes was refused: messages are at most 16 MB.`,
        request: { seq: 7, command: 'evaluate' },
      },
    ]);
  });

  it('reports a run of bytes without a header once, and finds the next frame after it', async () => {
    const { bodies, problems } = await read(
      Buffer.from('x'.repeat(100_000) + frame('{"seq":1,"type":"request","command":"threads"}')),
      [3, 4096],
    );
    assert.deepEqual(bodies, ['{"seq":1,"type":"request","command":"threads"}']);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /not a DAP header/);
  });
});
