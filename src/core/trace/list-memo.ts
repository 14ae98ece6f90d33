import { growInt32 } from './columns';

/**
 * The raw bytes of the last decoded list of one kind (stack or memory) and the word ids they decoded to. The
 * server re-sends the whole stack and memory with every step, and consecutive steps mostly repeat them byte for
 * byte, so a list that starts like the memo reuses those ids without scanning, validating or hashing them again.
 * A pure cache of bytes → ids: updating it from a step that is later retried is harmless.
 */
export class ListMemo {
  bytes = Buffer.alloc(1024);
  length = 0;
  /** Offset just past each item's closing quote, relative to the list's '['. */
  ends = new Int32Array(64);
  ids = new Int32Array(64);
  count = 0;

  private nextEnds = new Int32Array(64);
  private nextIds = new Int32Array(64);
  private nextCount = 0;

  /** Leading items whose bytes (through the closing quote) equal the first `sameBytes` bytes of the memo. */
  sharedItems(sameBytes: number): number {
    let k = 0;
    while (k < this.count && this.ends[k] <= sameBytes) k++;
    return k;
  }

  /** The id the memo's item `j` decoded to, or -1 (a cheap first guess for the item at the same position). */
  idAt(j: number): number {
    return j < this.count ? this.ids[j] : -1;
  }

  begin(): void {
    this.nextCount = 0;
  }

  get decoded(): number {
    return this.nextCount;
  }

  add(end: number, id: number): void {
    const n = this.nextCount;
    if (n === this.nextIds.length) {
      this.nextIds = growInt32(this.nextIds, n + 1);
      this.nextEnds = growInt32(this.nextEnds, n + 1);
    }
    this.nextEnds[n] = end;
    this.nextIds[n] = id;
    this.nextCount = n + 1;
  }

  /** The list just decoded from src[start, end) becomes the memo. */
  remember(src: Buffer, start: number, end: number): void {
    const length = end - start;
    if (length > this.bytes.length) this.bytes = Buffer.alloc(Math.max(length, this.bytes.length * 2));
    src.copy(this.bytes, 0, start, end);
    this.length = length;
    [this.ends, this.nextEnds] = [this.nextEnds, this.ends];
    [this.ids, this.nextIds] = [this.nextIds, this.ids];
    this.count = this.nextCount;
  }
}
