// Byte strings the trace repeats millions of times (stack and memory words, op names) held once, by dense id.
import { growInt32 } from './columns';

/**
 * Distinct byte strings (hex words, op names) stored once in one growing buffer, addressed by dense ids.
 * A trace repeats the same few thousand words millions of times, so holding each once is what keeps a
 * 1M-step trace small; interning straight from the input bytes avoids creating a JS string per item.
 */
/** What a finished interner needs to answer `text` (and `equals`) elsewhere, e.g. after crossing from a worker. */
export interface InternerParts {
  bytes: Uint8Array<ArrayBuffer>;
  starts: Int32Array<ArrayBuffer>;
  count: number;
}

export class ByteInterner {
  private bytes: Buffer = Buffer.allocUnsafe(1 << 16);
  private view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length);
  /** starts[id]..starts[id + 1] is word `id`; starts[count] is the used length. */
  private starts = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  private table = new Int32Array(1 << 12).fill(-1);
  private mask = (1 << 12) - 1;
  count = 0;

  /**
   * Id of the bytes src[start, end), adding them when new. `view` is a DataView over the same memory as `src`:
   * hashing and comparing read four bytes at a time through it.
   */
  intern(src: Uint8Array, view: DataView<ArrayBufferLike>, start: number, end: number): number {
    let h = Math.imul(end - start, 0x9e3779b1);
    let i = start;
    for (; i + 4 <= end; i += 4) h = Math.imul(h ^ view.getInt32(i), 0x01000193);
    for (; i < end; i++) h = Math.imul(h ^ src[i], 0x01000193);
    h ^= h >>> 15;
    const mask = this.mask;
    let slot = h & mask;
    for (;;) {
      const id = this.table[slot];
      if (id < 0) break;
      if (this.hashes[id] === h && this.equals(id, src, view, start, end)) return id;
      slot = (slot + 1) & mask;
    }
    return this.add(src, start, end, h, slot);
  }

  /** `intern` for bytes that are not part of a larger input. */
  internBytes(bytes: Buffer): number {
    return this.intern(bytes, new DataView(bytes.buffer, bytes.byteOffset, bytes.length), 0, bytes.length);
  }

  /** Whether word `id` is exactly src[start, end); cheap enough to try before hashing. */
  equals(id: number, src: Uint8Array, view: DataView<ArrayBufferLike>, start: number, end: number): boolean {
    const s = this.starts[id];
    const len = this.starts[id + 1] - s;
    if (len !== end - start) return false;
    const own = this.view;
    let i = 0;
    for (; i + 4 <= len; i += 4) if (own.getInt32(s + i) !== view.getInt32(start + i)) return false;
    const bytes = this.bytes;
    for (; i < len; i++) if (bytes[s + i] !== src[start + i]) return false;
    return true;
  }

  /** Bytes held, for the decoder's memory budget. */
  get byteSize(): number {
    return this.bytes.length + this.starts.byteLength + this.hashes.byteLength + this.table.byteLength;
  }

  /** The words as plain arrays (trimmed to what is used), for a worker to hand over. */
  parts(): InternerParts {
    const used = this.starts[this.count];
    return { bytes: new Uint8Array(this.bytes.subarray(0, used)), starts: this.starts.slice(0, this.count + 1), count: this.count };
  }

  /** An interner over handed-over words: it answers `text` and `equals`; nothing is interned into it afterwards. */
  static fromParts(parts: InternerParts): ByteInterner {
    const interner = new ByteInterner();
    interner.bytes = Buffer.from(parts.bytes.buffer, parts.bytes.byteOffset, parts.bytes.byteLength);
    interner.view = new DataView(parts.bytes.buffer, parts.bytes.byteOffset, parts.bytes.byteLength);
    interner.starts = parts.starts;
    interner.count = parts.count;
    return interner;
  }

  /** The word as text; hex words and op names are ASCII. */
  text(id: number): string {
    return this.bytes.toString('latin1', this.starts[id], this.starts[id + 1]);
  }

  private add(src: Uint8Array, start: number, end: number, h: number, slot: number): number {
    const id = this.count;
    const len = end - start;
    const used = this.starts[id];
    if (used + len > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, used + len));
      this.bytes.copy(grown, 0, 0, used);
      this.bytes = grown;
      this.view = new DataView(grown.buffer, grown.byteOffset, grown.length);
    }
    for (let i = 0; i < len; i++) this.bytes[used + i] = src[start + i];
    if (id + 2 > this.starts.length) {
      this.starts = growInt32(this.starts, id + 2);
      this.hashes = growInt32(this.hashes, id + 2);
    }
    this.starts[id + 1] = used + len;
    this.hashes[id] = h;
    this.table[slot] = id;
    this.count = id + 1;
    if (this.count * 2 > this.table.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const size = this.table.length * 2;
    const table = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = this.hashes[id] & mask;
      while (table[slot] >= 0) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
    this.mask = mask;
  }
}
