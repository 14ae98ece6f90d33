// The scanner's shortcut for lists the server re-sends on every step (stack, memory): bytes already decoded are
// matched, not scanned again.
import { growInt32 } from './columns';

/**
 * Where the last decoded list of one kind (stack or memory) sits in the input, and the word ids it decoded to. The
 * server re-sends the whole stack and memory with every step, and consecutive steps mostly repeat them byte for
 * byte, so a list that starts like the memo reuses those ids without scanning, validating or hashing them again.
 * It points into the scanner's buffer instead of copying each list, and takes a copy only when that buffer is about
 * to be refilled. It is a pure cache of bytes → ids, so updating it from a step that is later retried is harmless.
 */
export class ListMemo {
  src: Buffer = Buffer.alloc(0);
  view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  start = 0;
  length = 0;
  /** Offset just past each item's closing quote, relative to the list's '['. */
  ends = new Int32Array(64);
  ids = new Int32Array(64);
  count = 0;

  private nextEnds = new Int32Array(64);
  private nextIds = new Int32Array(64);
  private nextCount = 0;

  /**
   * @param wholeFirst compare the whole list natively before looking for a shared prefix: worth it for memory,
   * which usually repeats entirely, not for stacks, which usually change at the top.
   */
  constructor(readonly wholeFirst: boolean) {}

  /** Leading items whose bytes (through the closing quote) lie within the first `sameBytes` bytes shared with the memo. */
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

  private own = Buffer.alloc(0);

  /** Copies the remembered bytes out of `buffer` before it is overwritten. */
  detach(buffer: Buffer): void {
    if (this.src !== buffer) return;
    if (this.own.length < this.length + 4) {
      this.own = Buffer.alloc(Math.max(this.length + 4, this.own.length * 2, 256));
    }
    buffer.copy(this.own, 0, this.start, this.start + this.length);
    this.src = this.own;
    this.view = new DataView(this.own.buffer, this.own.byteOffset, this.own.length);
    this.start = 0;
  }

  /** The list just decoded from src[start, end) becomes the memo. */
  remember(src: Buffer, view: DataView<ArrayBufferLike>, start: number, end: number): void {
    this.src = src;
    this.view = view;
    this.start = start;
    this.length = end - start;
    const ends = this.ends;
    const ids = this.ids;
    this.ends = this.nextEnds;
    this.ids = this.nextIds;
    this.nextEnds = ends;
    this.nextIds = ids;
    this.count = this.nextCount;
  }
}
