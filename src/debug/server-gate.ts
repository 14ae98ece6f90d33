// The server mode's first check on every connection, before any byte reaches the DAP reader: each message must start
// with a DAP header and nothing else, one `Content-Length: N` line and a blank line. A browser can reach a loopback
// port (`fetch(…, {mode: 'no-cors', method: 'POST', body})`), but what it sends starts with a request line
// (`POST / HTTP/1.1`) and carries headers of its own (Host, Origin, User-Agent…): such a connection is ended at its
// first line, with nothing read as a message and nothing run. Bodies pass through unchanged; DapFraming bounds them.
import { Transform, type TransformCallback } from 'node:stream';

const SEPARATOR = Buffer.from('\r\n\r\n');
const NAME = 'content-length:';
const VALUE = /^ ?\d{0,15}$/;

/** `text` (the bytes so far) can still become `Content-Length: N`: a request line fails at its first letter. */
function couldBeHeader(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower.length <= NAME.length) return NAME.startsWith(lower);
  return lower.startsWith(NAME) && VALUE.test(lower.slice(NAME.length));
}

export class DapHeaderGate extends Transform {
  private header = Buffer.alloc(0);
  /** Body bytes still to pass before the next header. */
  private bodyLeft = 0;
  private refused = false;

  /** `refuse` is called once, with why, when the connection is to be ended. */
  constructor(private readonly refuse: (why: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = chunk;
    while (data.length > 0 && !this.refused) {
      if (this.bodyLeft > 0) {
        const part = data.subarray(0, this.bodyLeft);
        this.bodyLeft -= part.length;
        this.push(part);
        data = data.subarray(part.length);
      } else data = this.readHeader(data);
    }
    done();
  }

  private readHeader(data: Buffer): Buffer {
    const joined = Buffer.concat([this.header, data]);
    const end = joined.indexOf(SEPARATOR);
    // Checked as the bytes arrive (a partial blank line at the end aside), so nothing waits for a header's end.
    const line = end >= 0 ? joined.toString('latin1', 0, end) : joined.toString('latin1').replace(/\r(\n\r?)?$/, '');
    if (!couldBeHeader(line) || (end >= 0 && !/\d$/.test(line)))
      return this.stop(line.toLowerCase().startsWith(NAME) ? 'a header other than one Content-Length' : 'not a DAP header');
    if (end < 0) {
      this.header = joined;
      return Buffer.alloc(0);
    }
    this.header = Buffer.alloc(0);
    this.bodyLeft = Number(line.slice(NAME.length));
    this.push(joined.subarray(0, end + SEPARATOR.length));
    return joined.subarray(end + SEPARATOR.length);
  }

  private stop(why: string): Buffer {
    this.refused = true;
    this.refuse(why);
    return Buffer.alloc(0);
  }
}
