// The stdio adapter's reader of DAP frames (`Content-Length: N\r\n\r\n` + N bytes of JSON), in front of
// @vscode/debugadapter's ProtocolServer, whose own reader takes a negative length as a length (and is then out of step
// for good), re-concatenates its whole buffer on every chunk (a 64 MB request: quadratic), and shuts the adapter down
// on a body that is not JSON. Here a header is bounded and checked, a body's chunks are kept in a list and joined
// once, a body over the cap is dropped as it streams (its request refused by seq when its ends name one), and only a
// JSON object is passed on, re-framed. Every problem is reported and the stream carries on at the next header.
import { Transform, type TransformCallback } from 'node:stream';

/** The largest DAP message read: a request with 1,000 breakpoints, each with 1,000-character conditions, is ~3 MB. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** A header is one or two short lines; a longer run without the blank line is not a header. */
const MAX_HEADER_BYTES = 1024;
/** Of a body over the cap, its first and last bytes are kept to find the request's seq and command. */
const KEPT_ENDS = 256;
const SEPARATOR = Buffer.from('\r\n\r\n');

/** What the reader could not pass on: a message for the client, and the request it belonged to when known. */
export interface FramingProblem {
  message: string;
  request?: { seq: number; command: string };
}

const MB = (n: number) => `${n / (1024 * 1024)} MB`;

export class DapFraming extends Transform {
  /** Header bytes not yet ended by a blank line (at most MAX_HEADER_BYTES + 3). */
  private header = Buffer.alloc(0);
  /** The body being read: its chunks are kept in a list and joined once, or (over the cap) only its two ends. */
  private body: { length: number; received: number; chunks: Buffer[]; head?: Buffer; tail?: Buffer } | undefined;
  /** Inside a run of bytes that are not a header: reported once, not once per kilobyte. */
  private skipping = false;

  constructor(private readonly report: (problem: FramingProblem) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = chunk;
    while (data.length > 0) data = this.body ? this.readBody(data) : this.readHeader(data);
    done();
  }

  private problem(problem: FramingProblem): void {
    if (!this.skipping) this.report(problem);
    this.skipping = true;
  }

  private readHeader(data: Buffer): Buffer {
    const room = MAX_HEADER_BYTES + SEPARATOR.length - this.header.length;
    const joined = Buffer.concat([this.header, data.subarray(0, room)]);
    const end = joined.indexOf(SEPARATOR);
    if (end >= 0) {
      const consumed = end + SEPARATOR.length - this.header.length;
      this.header = Buffer.alloc(0);
      this.startBody(joined.toString('latin1', 0, end));
      return data.subarray(consumed);
    }
    if (data.length < room) {
      this.header = joined;
      return data.subarray(data.length);
    }
    // Not a header: skipped, keeping the last bytes in case a blank line starts among them.
    this.problem({ message: `Skipped bytes that are not a DAP header (no blank line within ${MAX_HEADER_BYTES} bytes).` });
    this.header = Buffer.from(joined.subarray(joined.length - (SEPARATOR.length - 1)));
    return data.subarray(room);
  }

  /** The header's Content-Length: the last one in it, so that a frame after skipped bytes is still found. */
  private startBody(header: string): void {
    const fields = [...header.matchAll(/Content-Length:[ \t]*([^\r\n]*)/gi)];
    const value = fields.at(-1)?.[1].trim();
    if (value === undefined || !/^\d{1,15}$/.test(value)) {
      this.problem({
        message:
          value === undefined
            ? 'Skipped a DAP header without Content-Length.'
            : `Skipped a DAP header with Content-Length "${value.slice(0, 40)}" (not a byte count).`,
      });
      return;
    }
    this.skipping = false;
    const length = Number(value);
    if (length > 0)
      this.body = {
        length,
        received: 0,
        chunks: [],
        ...(length > MAX_MESSAGE_BYTES ? { head: Buffer.alloc(0), tail: Buffer.alloc(0) } : {}),
      };
  }

  private readBody(data: Buffer): Buffer {
    const body = this.body!;
    const part = data.subarray(0, body.length - body.received);
    body.received += part.length;
    if (body.head && body.tail) {
      if (body.head.length < KEPT_ENDS) body.head = Buffer.concat([body.head, part.subarray(0, KEPT_ENDS - body.head.length)]);
      body.tail =
        part.length >= KEPT_ENDS
          ? Buffer.from(part.subarray(part.length - KEPT_ENDS))
          : Buffer.concat([body.tail, part]).subarray(-KEPT_ENDS);
    } else body.chunks.push(part);
    if (body.received === body.length) {
      this.body = undefined;
      if (body.head && body.tail) this.refuseOversized(body.length, body.head, body.tail);
      else this.pass(Buffer.concat(body.chunks, body.length));
    }
    return data.subarray(part.length);
  }

  private pass(json: Buffer): void {
    let message: unknown;
    try {
      message = JSON.parse(json.toString('utf8'));
    } catch (err) {
      this.report({ message: `Skipped a DAP message that is not JSON (${err instanceof Error ? err.message : String(err)}).` });
      return;
    }
    if (
      typeof message !== 'object' ||
      message === null ||
      Array.isArray(message) ||
      typeof (message as { type?: unknown }).type !== 'string'
    ) {
      this.report({ message: 'Skipped a DAP message that is not an object with a "type".' });
      return;
    }
    this.push(Buffer.concat([Buffer.from(`Content-Length: ${json.length}\r\n\r\n`), json]));
  }

  /** The request a dropped body held, when its ends say (clients write seq and command first or last). */
  private refuseOversized(length: number, head: Buffer, tail: Buffer): void {
    const text = `${head.toString('utf8')} … ${tail.toString('utf8')}`;
    const seq = [...text.matchAll(/"seq"\s*:\s*(\d{1,15})\s*[,}]/g)].at(-1);
    const command = /"command"\s*:\s*"([A-Za-z]{1,64})"/.exec(text);
    this.report({
      message: `A DAP message of ${length} bytes was refused: messages are at most ${MB(MAX_MESSAGE_BYTES)}.`,
      request: seq && command ? { seq: Number(seq[1]), command: command[1] } : undefined,
    });
  }
}
