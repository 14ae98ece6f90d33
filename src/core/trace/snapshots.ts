// Per-step lists kept only where they change (memory words, storage pairs): deltas and periodic full copies.
import { floorIndex, growInt32 } from './columns';

/**
 * A list of ints recorded for every step (memory as word ids, storage as key/value id pairs) but stored only at the
 * steps where it changes. A change is kept as a delta against the previous snapshot, and as a full copy whenever the
 * deltas since the last copy would cost more to replay than a copy: memory is re-sent whole on every step by the
 * server, yet changes on few of them, so this keeps storage proportional to the changes and reads O(list length).
 */
/** A finished log's arrays, to hand over from a worker. */
export interface SnapshotParts {
  count: number;
  firstStep: Int32Array<ArrayBuffer>;
  checkpoint: Int32Array<ArrayBuffer>;
  length: Int32Array<ArrayBuffer>;
  offset: Int32Array<ArrayBuffer>;
  data: Int32Array<ArrayBuffer>;
  hadItems: boolean;
}

export class SnapshotLog {
  /** The list of the step being decoded; `previous(j)` is the committed list to compare against. */
  next = new Int32Array(64);
  nextLen = 0;

  private cur = new Int32Array(64);
  private curLen = 0;
  private count = 0;
  private firstStep = new Int32Array(16);
  /** Index of the full copy a snapshot's deltas apply to (itself when it is a full copy). */
  private checkpoint = new Int32Array(16);
  private length = new Int32Array(16);
  /** data[offset[k], offset[k + 1]) is snapshot k: the list itself, or (position, value) pairs. */
  private offset = new Int32Array(17);
  private data = new Int32Array(1024);
  private deltaSinceCheckpoint = 0;
  /** Some step had a non-empty list; an all-empty part cannot be told from one the server left out. */
  hadItems = false;

  begin(): void {
    this.nextLen = 0;
  }

  previous(j: number): number {
    return j < this.curLen ? this.cur[j] : -1;
  }

  push(value: number): void {
    if (this.nextLen === this.next.length) this.next = growInt32(this.next, this.nextLen + 1);
    this.next[this.nextLen++] = value;
  }

  /** Records the `next` list as the state from `step` on; a no-op when nothing changed. */
  commit(step: number): void {
    const next = this.next;
    const n = this.nextLen;
    const cur = this.cur;
    const m = this.curLen;
    let changed = 0;
    for (let j = 0; j < n; j++) if (j >= m || next[j] !== cur[j]) changed++;
    if (changed === 0 && n === m && this.count > 0) return;

    if (n > 0) this.hadItems = true;
    const k = this.count;
    if (k + 1 > this.firstStep.length) {
      this.firstStep = growInt32(this.firstStep, k + 1);
      this.checkpoint = growInt32(this.checkpoint, k + 1);
      this.length = growInt32(this.length, k + 1);
    }
    if (k + 2 > this.offset.length) this.offset = growInt32(this.offset, k + 2);
    const start = this.offset[k];
    const full = k === 0 || this.deltaSinceCheckpoint + 2 * changed > Math.max(n, 64);
    const size = full ? n : 2 * changed;
    this.data = growInt32(this.data, start + size);
    const data = this.data;
    if (full) {
      data.set(next.subarray(0, n), start);
      this.checkpoint[k] = k;
      this.deltaSinceCheckpoint = 0;
    } else {
      let w = start;
      for (let j = 0; j < n; j++) {
        if (j >= m || next[j] !== cur[j]) {
          data[w++] = j;
          data[w++] = next[j];
        }
      }
      this.checkpoint[k] = this.checkpoint[k - 1];
      this.deltaSinceCheckpoint += size;
    }
    this.offset[k + 1] = start + size;
    this.firstStep[k] = step;
    this.length[k] = n;
    this.count = k + 1;
    // The decoded list becomes the committed one; the old array is reused as the next scratch.
    this.cur = next;
    this.curLen = n;
    this.next = cur.length >= next.length ? cur : new Int32Array(next.length);
    this.nextLen = 0;
  }

  /** Bytes held, for the decoder's memory budget. */
  get byteSize(): number {
    return (
      this.next.byteLength +
      this.cur.byteLength +
      this.firstStep.byteLength +
      this.checkpoint.byteLength +
      this.length.byteLength +
      this.offset.byteLength +
      this.data.byteLength
    );
  }

  /** The log as plain arrays, trimmed copies: nothing here is written once decoding ends (see TraceColumns.parts). */
  parts(): SnapshotParts {
    const n = this.count;
    return {
      count: n,
      firstStep: this.firstStep.slice(0, n),
      checkpoint: this.checkpoint.slice(0, n),
      length: this.length.slice(0, n),
      offset: this.offset.slice(0, n + 1),
      data: this.data.slice(0, this.offset[n]),
      hadItems: this.hadItems,
    };
  }

  static fromParts(parts: SnapshotParts): SnapshotLog {
    const log = new SnapshotLog();
    log.count = parts.count;
    log.firstStep = parts.firstStep;
    log.checkpoint = parts.checkpoint;
    log.length = parts.length;
    log.offset = parts.offset;
    log.data = parts.data;
    log.hadItems = parts.hadItems;
    return log;
  }

  /** The list in force at `step`, or an empty list before the first snapshot. */
  at(step: number): Int32Array {
    const k = floorIndex(this.firstStep, this.count, step);
    if (k < 0) return new Int32Array(0);
    const base = this.checkpoint[k];
    let longest = 0;
    for (let s = base; s <= k; s++) longest = Math.max(longest, this.length[s]);
    const out = new Int32Array(longest);
    out.set(this.data.subarray(this.offset[base], this.offset[base + 1]));
    for (let s = base + 1; s <= k; s++) {
      for (let p = this.offset[s]; p < this.offset[s + 1]; p += 2) out[this.data[p]] = this.data[p + 1];
    }
    return out.subarray(0, this.length[k]);
  }

  /** Whether the list changed at exactly `step` (the step's op wrote memory or storage). */
  changedAt(step: number): boolean {
    const k = floorIndex(this.firstStep, this.count, step);
    return k >= 0 && this.firstStep[k] === step;
  }

  /** Drops the last committed state if it was committed at `step` or later (used to remove a truncation marker). */
  truncate(steps: number): void {
    while (this.count > 0 && this.firstStep[this.count - 1] >= steps) this.count--;
  }
}
