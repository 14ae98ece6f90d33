// Source maps count UTF-8 bytes; editors count lines and UTF-16 code units. One table of line starts (in bytes) per
// file turns an offset into a position in O(log lines); only the bytes of that one line are decoded.

export interface Position {
  /** 0-based line. */
  line: number;
  /** 0-based column in UTF-16 code units, as VS Code counts. */
  character: number;
}

export class SourceText {
  private readonly bytes: Buffer;
  /** Byte offset where each line starts. A line ends at `\n`, `\r\n` or a lone `\r`, as in VS Code. */
  private readonly lineStarts: Int32Array;

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text, 'utf8');
    const starts = [0];
    const b = this.bytes;
    for (let i = 0; i < b.length; i++) {
      if (b[i] === 0x0a) starts.push(i + 1);
      else if (b[i] === 0x0d) {
        if (b[i + 1] === 0x0a) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = Int32Array.from(starts);
  }

  get byteLength(): number {
    return this.bytes.length;
  }

  /** Position of a byte offset; offsets past the end clamp to the end. */
  position(byteOffset: number): Position {
    const offset = Math.max(0, Math.min(byteOffset, this.bytes.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    const lineStart = this.lineStarts[lo];
    return { line: lo, character: this.bytes.toString('utf8', lineStart, offset).length };
  }
}
