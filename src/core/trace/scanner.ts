// The streaming JSON scanner of the opcodes response: bytes in, columns out, every bound of limits.ts checked as
// the bytes pass (see the class comment).
import { ApiError } from '../errors';
import type { TraceColumns } from './columns-store';
import type { ByteInterner } from './interner';
import {
  MAX_CALL_DEPTH,
  MAX_DATA_HEX_CHARS,
  MAX_FRAMES,
  MAX_GAS,
  MAX_MEMORY_WORDS,
  MAX_OP_NAME_BYTES,
  MAX_OP_NAMES,
  MAX_PC,
  MAX_REASONS_TOTAL_BYTES,
  MAX_SKIPPED_NESTING,
  MAX_STACK_ITEMS,
  MAX_STORAGE_ENTRIES,
  MAX_UNIT_BYTES,
  MAX_WHITESPACE_RUN,
  MAX_WORD_HEX_DIGITS,
} from './limits';
import { ListMemo } from './list-memo';

/**
 * A byte-level incremental JSON scanner specialised for the opcodes response. It is fed Buffer chunks and writes
 * each step straight into the columnar store, so the body is never one string (V8 caps strings near 512 MB) and the
 * steps never exist as JS objects (1M of them would need ~1.8 GB). Generic streaming JSON parsers build an object
 * per step and measured 2–7× slower (bench/RESULTS.md).
 *
 * Parsing is by units (one top-level member, or one step): a unit that runs off the end of the buffered bytes is
 * abandoned and retried from its start once more bytes arrive. Units only intern (idempotent) until they commit at
 * their very end, so a retry never leaves half a step behind.
 *
 * Every bound of limits.ts is checked here, as the bytes stream past: a unit larger than MAX_UNIT_BYTES, a list
 * longer than the EVM allows, a depth jump, a number that would lose its exact value. So a hostile body costs at
 * most one unit of buffer before it is refused with the step and the byte offset.
 */

const NEED_MORE: unique symbol = Symbol('need more input');

/** Zero bytes after the data in the working buffer; longer than any read ahead (the longest is a 11-byte key). */
const PADDING = 64;

const enum Ch {
  Tab = 0x09,
  Lf = 0x0a,
  Cr = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Comma = 0x2c,
  Minus = 0x2d,
  Dot = 0x2e,
  Zero = 0x30,
  Colon = 0x3a,
  UpperE = 0x45,
  UpperX = 0x58,
  LBracket = 0x5b,
  Backslash = 0x5c,
  RBracket = 0x5d,
  LowerE = 0x65,
  LowerF = 0x66,
  LowerN = 0x6e,
  LowerT = 0x74,
  LowerX = 0x78,
  LBrace = 0x7b,
  RBrace = 0x7d,
}

const enum State {
  BeforeObject,
  FirstMember,
  AfterMember,
  FirstStep,
  AfterStep,
  Done,
}

/** Step fields as dense indexes (array lookups stay fast); `1 << field` is its bit in the seen-mask. */
const enum Field {
  Pc,
  Op,
  Gas,
  GasCost,
  Depth,
  Stack,
  Memory,
  Storage,
  Reason,
  Other,
}
const FIELD_NAMES = ['pc', 'op', 'gas', 'gas_cost', 'depth', 'stack', 'memory', 'storage', 'reason'];
const REQUIRED = (1 << Field.Pc) | (1 << Field.Op) | (1 << Field.Gas) | (1 << Field.GasCost) | (1 << Field.Depth);
const FIELD_BY_NAME = new Map(FIELD_NAMES.map((n, f) => [n, f as Field]));
const FIELD_BYTES = FIELD_NAMES.map((n) => Buffer.from(n, 'latin1'));
/** `"name":` of each step field as compact JSON writes it, split into big-endian 32-bit words and a byte tail. */
interface KeyPattern {
  length: number;
  words: Int32Array;
  tail: Uint8Array;
}
const KEY_PATTERNS: KeyPattern[] = FIELD_NAMES.map((n) => {
  const bytes = Buffer.from(`"${n}":`, 'latin1');
  const whole = bytes.length & ~3;
  const words = Int32Array.from({ length: whole / 4 }, (_, w) => bytes.readInt32BE(w * 4));
  return { length: bytes.length, words, tail: bytes.subarray(whole) };
});

/** Envelope members the summary needs; anything else at the top level is skipped unread. */
const ENVELOPE_KEYS = new Set(['address', 'contract_id', 'failed', 'gas', 'return_value']);

/** Shorter lists are not worth a native call: it costs about as much as comparing 256 bytes in JS. */
const NATIVE_COMPARE_MIN = 256;

const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;
const NUMBER_CHARS = new Uint8Array(256);
for (const c of '0123456789+-.eE') NUMBER_CHARS[c.charCodeAt(0)] = 1;

/** Where list items go: the stack log or a memory/storage snapshot log. */
interface WordSink {
  push(id: number): void;
}

export class TraceScanner {
  /** Known envelope members, as parsed JSON; validated with zod once the stream ends. */
  readonly envelope: Record<string, unknown> = {};
  sawOpcodes = false;
  /** Bytes fed so far. */
  bytes = 0;

  private buf: Buffer = Buffer.alloc(PADDING);
  private view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length);
  /** End of the data in `buf`; the bytes after it are padding. */
  private len = 0;
  private pos = 0;
  /** Absolute offset of buf[0] in the body, for error messages. */
  private base = 0;
  /** Bytes to have available before retrying an incomplete unit. */
  private waitFor = 0;
  private state = State.BeforeObject;
  /** Secondary return values of the helpers (kept in fields to avoid allocating result objects per item). */
  private num = 0;
  private wordStart = 0;
  private wordEnd = 0;
  private escaped = false;
  private reasonValue: string | null = null;
  /** Whitespace seen since the last token between units (a body of blanks would otherwise never end). */
  private blank = 0;
  /** Frames opened so far (committed steps one level deeper than the step before). */
  private calls = 0;
  /** Characters of the reasons committed so far. */
  private reasonChars = 0;
  /** The fields of the last step in order (Field.Other where unknown), to predict the next step's keys. */
  private readonly keyOrder = new Int32Array(16).fill(Field.Other);
  private readonly stackMemo = new ListMemo(false);
  private readonly memoryMemo = new ListMemo(true);

  constructor(private readonly columns: TraceColumns) {}

  /** Feeds a chunk of the body. The bytes are copied, so the caller may reuse its buffer afterwards. */
  write(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    this.append(chunk);
    // An incomplete unit is retried only once the bytes available have doubled, so a huge one is re-scanned
    // O(log n) times rather than once per chunk.
    // A unit past the bound is refused at once rather than buffered further.
    if (this.len - this.pos >= this.waitFor || this.len - this.pos > MAX_UNIT_BYTES) this.run();
  }

  /** Finishes the body; throws when it ended before the JSON did. */
  end(): void {
    if (this.pos < this.len) this.run();
    if (this.state !== State.Done) {
      throw new ApiError(
        'bad-response',
        `The trace response was cut off after ${this.bytes} bytes (${this.columns.length} steps decoded); the connection may have dropped.`,
      );
    }
  }

  /**
   * Appends to the working buffer, after moving the unparsed rest to its start. The buffer ends in zero padding,
   * so every read ahead stays in bounds (out-of-bounds reads would make V8 treat every byte as "number or
   * undefined" and slow all comparisons) and a 0 byte matches nothing the scanner looks for. The buffer is reused,
   * so decoding holds about one chunk of input rather than a trail of garbage chunks.
   */
  private append(chunk: Uint8Array): void {
    const rest = this.len - this.pos;
    const size = rest + chunk.length;
    if (this.pos > 0 || size + PADDING > this.buf.length) {
      // The memos point into the bytes about to move.
      this.stackMemo.detach(this.buf);
      this.memoryMemo.detach(this.buf);
    }
    if (this.pos > 0) {
      this.buf.copyWithin(0, this.pos, this.len);
      this.base += this.pos;
      this.pos = 0;
      this.len = rest;
    }
    if (size + PADDING > this.buf.length) {
      const next = Buffer.allocUnsafe(Math.max(size + PADDING, this.buf.length * 2));
      this.buf.copy(next, 0, 0, this.len);
      this.buf = next;
      this.view = new DataView(next.buffer, next.byteOffset, next.length);
    }
    this.buf.set(chunk, this.len);
    this.len = size;
    this.buf.fill(0, size, size + PADDING);
  }

  /** Units move `pos` only once they are complete, so after NEED_MORE it marks where to resume. */
  private run(): void {
    try {
      for (;;) {
        // Whitespace between units is consumed here, so a long run of it is never carried over and re-scanned.
        const from = this.pos;
        this.pos = this.ws(from);
        if (this.pos < this.len) this.blank = 0;
        else if ((this.blank += this.pos - from) > MAX_WHITESPACE_RUN)
          this.invalid(from, `more than ${MAX_WHITESPACE_RUN} bytes of whitespace in a row`);
        if (!this.unit()) return;
      }
    } catch (e) {
      if (e !== NEED_MORE) throw e;
      const pending = this.len - this.pos;
      const blank = this.blankTail(MAX_WHITESPACE_RUN + 1);
      if (blank > MAX_WHITESPACE_RUN) this.invalid(this.len - blank, `more than ${MAX_WHITESPACE_RUN} bytes of whitespace in a row`);
      if (pending > MAX_UNIT_BYTES)
        this.invalid(this.pos, `${this.unitName()} is larger than ${MAX_UNIT_BYTES / 1024 / 1024} MB, more than any EVM step can be`);
      this.waitFor = 2 * pending;
    }
  }

  /** Whitespace bytes at the end of the buffered input, counting at most `max`. */
  private blankTail(max: number): number {
    const buf = this.buf;
    let p = this.len;
    const stop = Math.max(this.pos, this.len - max);
    while (p > stop) {
      const c = buf[p - 1];
      if (c !== Ch.Space && c !== Ch.Lf && c !== Ch.Cr && c !== Ch.Tab) break;
      p--;
    }
    return this.len - p;
  }

  /** What the unit at `pos` is, for messages. */
  private unitName(): string {
    return this.state === State.FirstStep || this.state === State.AfterStep ? `step ${this.columns.length}` : 'a top-level field';
  }

  /** Parses one unit and advances `pos` and `state`; false when there is nothing more to do with these bytes. */
  private unit(): boolean {
    const buf = this.buf;
    let p = this.ws(this.pos);
    switch (this.state) {
      case State.BeforeObject:
        if (buf[p] === 0xef && buf[p + 1] === 0xbb && buf[p + 2] === 0xbf) p = this.ws(p + 3);
        if (buf[p] !== Ch.LBrace) this.unexpected(p, 'a JSON object');
        this.pos = p + 1;
        this.state = State.FirstMember;
        return true;
      case State.FirstMember:
        if (buf[p] === Ch.RBrace) return this.finishObject(p);
        return this.member(p);
      case State.AfterMember:
        if (buf[p] === Ch.RBrace) return this.finishObject(p);
        if (buf[p] !== Ch.Comma) this.unexpected(p, "',' or '}'");
        return this.member(this.ws(p + 1));
      case State.FirstStep:
        if (buf[p] === Ch.RBracket) return this.finishSteps(p);
        this.pos = this.step(p);
        this.state = State.AfterStep;
        return true;
      case State.AfterStep:
        // The hot loop: one step after another without returning to run().
        for (;;) {
          if (buf[p] === Ch.RBracket) return this.finishSteps(p);
          if (buf[p] !== Ch.Comma) this.unexpected(p, "',' or ']' after a step");
          this.pos = p = this.step(this.ws(p + 1));
          p = this.ws(p);
        }
      case State.Done:
        if (p < this.len) this.unexpected(p, 'the end of the response');
        this.pos = p;
        return false;
    }
  }

  private finishObject(p: number): boolean {
    this.pos = p + 1;
    this.state = State.Done;
    return true;
  }

  private finishSteps(p: number): boolean {
    this.pos = p + 1;
    this.state = State.AfterMember;
    return true;
  }

  /** One top-level `"key": value`; `opcodes` switches to step parsing, known envelope keys are kept. */
  private member(p: number): boolean {
    const buf = this.buf;
    if (buf[p] !== Ch.Quote) this.unexpected(p, 'a field name');
    const end = this.stringEnd(p + 1);
    const key = this.decodeString(p + 1, end);
    p = this.ws(end + 1);
    if (buf[p] !== Ch.Colon) this.unexpected(p, "':'");
    p = this.ws(p + 1);
    if (key === 'opcodes') {
      if (this.sawOpcodes) this.invalid(p, 'the field "opcodes" appears twice');
      if (buf[p] !== Ch.LBracket) {
        if (p >= this.len) throw NEED_MORE;
        this.invalid(p, '"opcodes" must be an array');
      }
      this.sawOpcodes = true;
      this.pos = p + 1;
      this.state = State.FirstStep;
      return true;
    }
    const start = p;
    p = this.skipValue(p);
    if (key === 'gas' && NUMBER_CHARS[buf[start]] === 1) {
      const text = buf.toString('latin1', start, p);
      const gas = exactInteger(text);
      if (!(gas >= 0 && gas <= MAX_GAS)) this.invalid(start, `"gas" must be an integer from 0 to ${MAX_GAS}, not ${shorten(text)}`);
    }
    if (ENVELOPE_KEYS.has(key)) {
      // skipValue is lenient where it need not be exact (`01`, `"\q"`); JSON.parse is the judge of what is kept.
      try {
        this.envelope[key] = JSON.parse(buf.toString('utf8', start, p));
      } catch {
        this.invalid(start, `"${key}" is not valid JSON`);
      }
    }
    this.pos = p;
    this.state = State.AfterMember;
    return true;
  }

  /** One step object, committed to the columns at its closing brace. Returns the position after it. */
  private step(p: number): number {
    const buf = this.buf;
    const cols = this.columns;
    if (buf[p] !== Ch.LBrace) {
      if (p >= this.len) throw NEED_MORE;
      this.invalid(p, `step ${cols.length} must be an object`);
    }
    cols.stacks.begin();
    cols.memory.begin();
    cols.storage.begin();
    let seen = 0;
    let pc = 0;
    let op = 0;
    let gas = 0;
    let gasCost = 0;
    let depth = 0;
    let reason: string | null = null;
    p = this.ws(p + 1);
    const order = this.keyOrder;
    if (buf[p] === Ch.RBrace) p++;
    else
      for (let k = 0; ; k++) {
        // Servers write the keys in the same order every step: try the previous step's key at this position first.
        let field = k < order.length ? order[k] : Field.Other;
        if (field !== Field.Other && this.keyAt(p, KEY_PATTERNS[field])) p = this.ws(p + KEY_PATTERNS[field].length);
        else {
          if (buf[p] !== Ch.Quote) this.unexpected(p, 'a field name');
          const keyEnd = this.stringEnd(p + 1);
          field = this.escaped ? (FIELD_BY_NAME.get(this.decodeString(p + 1, keyEnd)) ?? Field.Other) : this.fieldAt(p + 1, keyEnd);
          p = this.ws(keyEnd + 1);
          if (buf[p] !== Ch.Colon) this.unexpected(p, "':'");
          p = this.ws(p + 1);
          if (k < order.length) order[k] = field;
        }
        switch (field) {
          case Field.Pc:
            p = this.integer(p, 'pc', MAX_PC);
            pc = this.num;
            break;
          case Field.Depth: {
            const at = p;
            p = this.integer(p, 'depth', MAX_CALL_DEPTH);
            depth = this.num;
            // A call enters exactly one frame deeper; a jump would stand for frames that never ran.
            if (cols.length > 0 && depth > cols.depth[cols.length - 1] + 1) {
              this.invalid(
                at,
                this.stepMessage('depth', `jumps from ${cols.depth[cols.length - 1]} to ${depth}; a call goes one frame deeper at a time`),
              );
            }
            break;
          }
          case Field.Gas:
            p = this.integer(p, 'gas', MAX_GAS);
            gas = this.num;
            break;
          case Field.GasCost:
            p = this.integer(p, 'gas_cost', MAX_GAS);
            gasCost = this.num;
            break;
          case Field.Op:
            p = this.opName(p);
            op = this.num;
            break;
          case Field.Stack:
            p = this.wordList(p, cols.stacks, 'stack', this.stackMemo, MAX_STACK_ITEMS);
            break;
          case Field.Memory:
            p = this.wordList(p, cols.memory, 'memory', this.memoryMemo, MAX_MEMORY_WORDS);
            break;
          case Field.Storage:
            p = this.storageMap(p);
            break;
          case Field.Reason:
            p = this.reason(p);
            reason = this.reasonValue;
            break;
          default:
            p = this.skipValue(p);
        }
        seen |= 1 << field;
        p = this.ws(p);
        const c = buf[p];
        if (c === Ch.Comma) {
          p = this.ws(p + 1);
          continue;
        }
        if (c === Ch.RBrace) {
          p++;
          break;
        }
        this.unexpected(p, "',' or '}' in a step");
      }
    if ((seen & REQUIRED) !== REQUIRED) {
      const missing = FIELD_NAMES.filter((_, f) => REQUIRED & (1 << f) && !(seen & (1 << f))).map((n) => `"${n}"`);
      this.invalid(p, `step ${cols.length} has no ${missing.join(', ')}`);
    }
    if (cols.length > 0 && depth > cols.depth[cols.length - 1] && ++this.calls >= MAX_FRAMES) {
      this.invalid(p, `step ${cols.length} opens frame ${MAX_FRAMES + 1}: more calls than a transaction's gas can pay for`);
    }
    if (reason !== null && (this.reasonChars += reason.length) > MAX_REASONS_TOTAL_BYTES) {
      this.invalid(p, `step ${cols.length}: the reasons of the trace take more than ${MAX_REASONS_TOTAL_BYTES / 1024 / 1024} MB together`);
    }
    cols.append(pc, op, gas, gasCost, depth, reason);
    return p;
  }

  /** Whether the bytes at p are exactly `pattern` (reads stay within the padding). */
  private keyAt(p: number, pattern: KeyPattern): boolean {
    const view = this.view;
    const { words, tail } = pattern;
    for (let w = 0; w < words.length; w++) if (view.getInt32(p + 4 * w) !== words[w]) return false;
    const buf = this.buf;
    const at = p + 4 * words.length;
    for (let i = 0; i < tail.length; i++) if (buf[at + i] !== tail[i]) return false;
    return true;
  }

  /** The step field named by the key bytes at [start, end): picked by length and first letter, then verified. */
  private fieldAt(start: number, end: number): Field {
    const buf = this.buf;
    let field: Field;
    switch (end - start) {
      case 2:
        field = buf[start] === 0x70 ? Field.Pc : Field.Op;
        break;
      case 3:
        field = Field.Gas;
        break;
      case 5:
        field = buf[start] === 0x64 ? Field.Depth : Field.Stack;
        break;
      case 6:
        field = buf[start] === 0x6d ? Field.Memory : Field.Reason;
        break;
      case 7:
        field = Field.Storage;
        break;
      case 8:
        field = Field.GasCost;
        break;
      default:
        return Field.Other;
    }
    const name = FIELD_BYTES[field];
    for (let i = 0; i < name.length; i++) if (buf[start + i] !== name[i]) return Field.Other;
    return field;
  }

  /**
   * A JSON integer from 0 to `max` at p into `num`. Digits accumulate in a double, which is exact while the value
   * stays below 2^53; every max is at most 2^53 − 1, so a value is either exact or refused, never rounded.
   */
  private integer(p: number, field: string, max: number): number {
    const buf = this.buf;
    let negative = false;
    let q = p;
    if (buf[q] === Ch.Minus) {
      negative = true;
      q++;
    }
    let d = buf[q] - Ch.Zero;
    if (!(d >= 0 && d <= 9)) {
      if (q >= this.len) throw NEED_MORE;
      this.invalid(p, this.stepMessage(field, `must be an integer, not ${this.describe(p)}`));
    }
    let v = 0;
    while (d >= 0 && d <= 9) {
      v = v * 10 + d;
      d = buf[++q] - Ch.Zero;
    }
    const c = buf[q];
    if (c === Ch.Dot || c === Ch.LowerE || c === Ch.UpperE) {
      while (NUMBER_CHARS[buf[q]] === 1) q++;
      if (q >= this.len) throw NEED_MORE;
      const text = buf.toString('latin1', p, q);
      const parsed = exactInteger(text);
      if (Number.isNaN(parsed)) this.invalid(p, this.stepMessage(field, `must be an integer, not ${shorten(text)}`));
      return this.inRange(p, q, field, parsed, max);
    }
    // A number that reaches the end of the buffer may continue in the next chunk.
    if (q >= this.len) throw NEED_MORE;
    return this.inRange(p, q, field, negative ? -v : v, max);
  }

  private inRange(p: number, q: number, field: string, value: number, max: number): number {
    if (value < 0 || value > max) {
      this.invalid(p, this.stepMessage(field, `must be an integer from 0 to ${max}, not ${shorten(this.buf.toString('latin1', p, q))}`));
    }
    this.num = value;
    return q;
  }

  private opName(p: number): number {
    const buf = this.buf;
    if (buf[p] !== Ch.Quote) {
      if (p >= this.len) throw NEED_MORE;
      this.invalid(p, this.stepMessage('op', `must be a string, not ${this.describe(p)}`));
    }
    const end = this.stringEnd(p + 1, MAX_OP_NAME_BYTES, 'op');
    const interner = this.columns.opInterner;
    let id: number;
    if (this.escaped) {
      const bytes = Buffer.from(this.decodeString(p + 1, end), 'utf8');
      id = interner.internBytes(bytes);
    } else id = interner.intern(buf, this.view, p + 1, end);
    if (id >= MAX_OP_NAMES) this.invalid(p, `more than ${MAX_OP_NAMES} distinct op names`);
    this.num = id;
    return end + 1;
  }

  /**
   * `null` or an array of hex strings, pushed as word ids into `sink`. Leading items that repeat the previous list
   * of this kind byte for byte are taken from `memo`; an identical list costs one native comparison.
   */
  private wordList(p: number, sink: WordSink, field: string, memo: ListMemo, max: number): number {
    const buf = this.buf;
    const c = buf[p];
    if (c === Ch.LowerN) return this.literal(p, 'null');
    if (c !== Ch.LBracket) {
      if (p >= this.len) throw NEED_MORE;
      this.invalid(p, this.stepMessage(field, `must be an array of hex strings or null, not ${this.describe(p)}`));
    }
    const start = p;
    const memoLength = memo.length;
    const memoBytes = memo.src;
    const memoStart = memo.start;
    if (
      memo.wholeFirst &&
      memoLength >= NATIVE_COMPARE_MIN &&
      start + memoLength <= this.len &&
      buf.compare(memoBytes, memoStart, memoStart + memoLength, start, start + memoLength) === 0
    ) {
      for (let j = 0; j < memo.count; j++) sink.push(memo.ids[j]);
      return start + memoLength;
    }
    const limit = Math.min(memoLength, this.len - start);
    // Four bytes at a time first: DataView reads are unaligned-safe and compiled to single loads.
    const view = this.view;
    const memoView = memo.view;
    let same = 0;
    while (same + 4 <= limit && view.getInt32(start + same) === memoView.getInt32(memoStart + same)) same += 4;
    while (same < limit && buf[start + same] === memoBytes[memoStart + same]) same++;
    if (same === memoLength && memoLength > 0) {
      for (let j = 0; j < memo.count; j++) sink.push(memo.ids[j]);
      return start + memoLength;
    }
    const shared = memo.sharedItems(same);
    memo.begin();
    for (let j = 0; j < shared; j++) {
      sink.push(memo.ids[j]);
      memo.add(memo.ends[j], memo.ids[j]);
    }
    if (shared > 0) p = start + memo.ends[shared - 1];
    else {
      p = this.ws(start + 1);
      if (buf[p] === Ch.RBracket) return this.remember(memo, start, p + 1);
      p = this.listItem(p, sink, field, memo, start, max);
    }
    for (;;) {
      p = this.ws(p);
      const d = buf[p];
      if (d === Ch.Comma) p = this.listItem(this.ws(p + 1), sink, field, memo, start, max);
      else if (d === Ch.RBracket) return this.remember(memo, start, p + 1);
      else this.unexpected(p, `',' or ']' in "${field}"`);
    }
  }

  private listItem(p: number, sink: WordSink, field: string, memo: ListMemo, listStart: number, max: number): number {
    const j = memo.decoded;
    if (j >= max) this.invalid(p, this.stepMessage(field, `has more than ${max} items, more than the EVM allows`));
    p = this.hexWord(p, field, j);
    const id = this.internWord(this.columns.words, memo.idAt(j));
    sink.push(id);
    memo.add(p - listStart, id);
    return p;
  }

  private remember(memo: ListMemo, start: number, end: number): number {
    memo.remember(this.buf, this.view, start, end);
    return end;
  }

  /** `null` or an object of hex → hex, pushed as (key, value) word-id pairs. */
  private storageMap(p: number): number {
    const buf = this.buf;
    const c = buf[p];
    if (c === Ch.LowerN) return this.literal(p, 'null');
    if (c !== Ch.LBrace) {
      if (p >= this.len) throw NEED_MORE;
      this.invalid(p, this.stepMessage('storage', `must be an object of hex strings or null, not ${this.describe(p)}`));
    }
    const words = this.columns.words;
    const sink = this.columns.storage;
    p = this.ws(p + 1);
    if (buf[p] === Ch.RBrace) return p + 1;
    for (let j = 0; ; j++) {
      if (j >= MAX_STORAGE_ENTRIES)
        this.invalid(
          p,
          this.stepMessage('storage', `has more than ${MAX_STORAGE_ENTRIES} entries, more than a transaction's gas can touch`),
        );
      p = this.hexWord(p, 'storage', j);
      sink.push(this.internWord(words, sink.previous(2 * j)));
      p = this.ws(p);
      if (buf[p] !== Ch.Colon) this.unexpected(p, '\':\' in "storage"');
      p = this.hexWord(this.ws(p + 1), 'storage', j);
      sink.push(this.internWord(words, sink.previous(2 * j + 1)));
      p = this.ws(p);
      const d = buf[p];
      if (d === Ch.Comma) p = this.ws(p + 1);
      else if (d === Ch.RBrace) return p + 1;
      else this.unexpected(p, "',' or '}' in \"storage\"");
    }
  }

  /** Id of the word just scanned; comparing with the same position of the previous step first skips most hashing. */
  private internWord(words: ByteInterner, previous: number): number {
    const buf = this.buf;
    if (previous >= 0 && words.equals(previous, buf, this.view, this.wordStart, this.wordEnd)) return previous;
    return words.intern(buf, this.view, this.wordStart, this.wordEnd);
  }

  /** A `"0x…"` hex string at p (the `0x` is optional); sets wordStart/wordEnd to the digits. */
  private hexWord(p: number, field: string, index: number): number {
    const buf = this.buf;
    if (buf[p] !== Ch.Quote) {
      if (p >= this.len) throw NEED_MORE;
      this.invalid(p, this.stepMessage(field, `item ${index} must be a hex string, not ${this.describe(p)}`));
    }
    let q = p + 1;
    if (buf[q] === Ch.Zero && (buf[q + 1] === Ch.LowerX || buf[q + 1] === Ch.UpperX)) q += 2;
    const start = q;
    while (HEX[buf[q]] === 1) q++;
    if (q - start > MAX_WORD_HEX_DIGITS)
      this.invalid(p, this.stepMessage(field, `item ${index} has more than ${MAX_WORD_HEX_DIGITS} hex digits, wider than a 256-bit word`));
    if (buf[q] !== Ch.Quote) {
      if (q >= this.len) throw NEED_MORE;
      this.invalid(p, this.stepMessage(field, `item ${index} is not a hex string`));
    }
    this.wordStart = start;
    this.wordEnd = q;
    return q + 1;
  }

  /** `null` or any string: kept verbatim, since precompile failures may carry text the decoder shows as raw. */
  private reason(p: number): number {
    const buf = this.buf;
    if (buf[p] === Ch.LowerN) {
      this.reasonValue = null;
      return this.literal(p, 'null');
    }
    if (buf[p] !== Ch.Quote) {
      if (p >= this.len) throw NEED_MORE;
      this.invalid(p, this.stepMessage('reason', `must be a string or null, not ${this.describe(p)}`));
    }
    const end = this.stringEnd(p + 1, MAX_DATA_HEX_CHARS, 'reason');
    this.reasonValue = this.decodeString(p + 1, end);
    return end + 1;
  }

  /** Index of the closing quote of a string whose content starts at p; sets `escaped`. Longer than `max` bytes: refused. */
  private stringEnd(p: number, max?: number, field?: string): number {
    const buf = this.buf;
    const len = this.len;
    const limit = max === undefined ? Infinity : p + max;
    let escaped = false;
    for (;;) {
      if (p > limit) this.invalid(limit, `${field ? this.stepMessage(field, '') : 'a string '}is longer than ${String(max)} bytes`);
      if (p >= len) throw NEED_MORE;
      const c = buf[p];
      if (c === Ch.Quote) break;
      if (c === Ch.Backslash) {
        escaped = true;
        p += 2;
        continue;
      }
      if (c < Ch.Space) this.invalid(p, 'control character inside a string');
      p++;
    }
    this.escaped = escaped;
    return p;
  }

  private decodeString(start: number, end: number): string {
    if (!this.escaped) return this.buf.toString('utf8', start, end);
    try {
      return JSON.parse(this.buf.toString('utf8', start - 1, end + 1)) as string;
    } catch {
      return this.invalid(start, 'invalid escape in a string');
    }
  }

  private literal(p: number, word: 'null' | 'true' | 'false'): number {
    const buf = this.buf;
    for (let i = 0; i < word.length; i++) {
      if (buf[p + i] !== word.charCodeAt(i)) this.unexpected(p + i, `'${word}'`);
    }
    return p + word.length;
  }

  /** Skips any JSON value (unknown fields), iteratively so deep nesting cannot overflow the call stack. */
  private skipValue(p: number): number {
    const buf = this.buf;
    const open: number[] = [];
    for (;;) {
      p = this.ws(p);
      const c = buf[p];
      if (c === Ch.LBrace || c === Ch.LBracket) {
        const close = c === Ch.LBrace ? Ch.RBrace : Ch.RBracket;
        p = this.ws(p + 1);
        if (buf[p] === close) p++;
        else {
          if (open.length >= MAX_SKIPPED_NESTING) this.invalid(p, `an unknown field nests deeper than ${MAX_SKIPPED_NESTING} levels`);
          open.push(close);
          if (close === Ch.RBrace) p = this.objectKey(p);
          continue;
        }
      } else if (c === Ch.Quote) p = this.stringEnd(p + 1) + 1;
      else if (c === Ch.LowerT) p = this.literal(p, 'true');
      else if (c === Ch.LowerF) p = this.literal(p, 'false');
      else if (c === Ch.LowerN) p = this.literal(p, 'null');
      else if (c === Ch.Minus || (c >= Ch.Zero && c <= Ch.Zero + 9)) {
        const start = p;
        while (NUMBER_CHARS[buf[p]] === 1) p++;
        if (p >= this.len) throw NEED_MORE;
        if (Number.isNaN(Number(buf.toString('latin1', start, p)))) this.invalid(start, 'malformed number');
      } else this.unexpected(p, 'a JSON value');
      // A value is complete: close containers or move to the next item.
      for (;;) {
        if (open.length === 0) return p;
        p = this.ws(p);
        const d = buf[p];
        const close = open[open.length - 1];
        if (d === close) {
          open.pop();
          p++;
          continue;
        }
        if (d !== Ch.Comma) this.unexpected(p, `',' or '${String.fromCharCode(close)}'`);
        p = this.ws(p + 1);
        if (close === Ch.RBrace) p = this.objectKey(p);
        break;
      }
    }
  }

  /** `"key":` inside a skipped object; returns the position of the value. */
  private objectKey(p: number): number {
    if (this.buf[p] !== Ch.Quote) this.unexpected(p, 'a field name');
    p = this.ws(this.stringEnd(p + 1) + 1);
    if (this.buf[p] !== Ch.Colon) this.unexpected(p, "':'");
    return p + 1;
  }

  private ws(p: number): number {
    const buf = this.buf;
    let c = buf[p];
    while (c === Ch.Space || c === Ch.Lf || c === Ch.Cr || c === Ch.Tab) c = buf[++p];
    return p;
  }

  private stepMessage(field: string, problem: string): string {
    return `step ${this.columns.length}: "${field}" ${problem}`;
  }

  /** What sits at p, for messages: a type name or the character. */
  private describe(p: number): string {
    const c = this.buf[p];
    if (c === Ch.Quote) return 'a string';
    if (c === Ch.LBrace) return 'an object';
    if (c === Ch.LBracket) return 'an array';
    if (c === Ch.LowerT || c === Ch.LowerF) return 'a boolean';
    if (c === Ch.LowerN) return 'null';
    if (c === Ch.Minus || (c >= Ch.Zero && c <= Ch.Zero + 9)) return 'a number';
    return `'${String.fromCharCode(c)}'`;
  }

  /** A syntax error, unless the buffer simply ended at p (then wait for more bytes). */
  private unexpected(p: number, expected: string): never {
    if (p >= this.len) throw NEED_MORE;
    const c = this.buf[p];
    const found = c >= 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, '0')}`;
    return this.invalid(p, `expected ${expected}, found ${found}`);
  }

  private invalid(p: number, problem: string): never {
    throw new ApiError('bad-response', `Malformed trace response at byte ${this.base + p}: ${problem}.`);
  }
}

/**
 * The exact value of a JSON number written with a fraction or an exponent: NaN when it is not an integer, ±Infinity
 * when its magnitude exceeds 2^53 − 1 (where doubles stop being exact). Reasons on the digits, never on a rounded
 * double, so `1.0000000000000001` is not taken for 1 nor `1e400` for anything.
 */
export function exactInteger(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return NaN;
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  const significant = (whole + fraction).replace(/^0+/, '');
  if (significant === '') return 0;
  const digits = significant.replace(/0+$/, '');
  const scale = Number(exponent) - fraction.length + (significant.length - digits.length);
  if (scale < 0) return NaN;
  const value = digits.length + scale > 16 ? Infinity : Number(digits) * 10 ** scale;
  const magnitude = value > Number.MAX_SAFE_INTEGER ? Infinity : value;
  return sign ? -magnitude : magnitude;
}

/** A number or string cut for a message: hostile input may be megabytes long. */
function shorten(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 24)}… (${text.length} characters)`;
}
