// Per-step EVM stacks as a persistent tree of (word, parent) nodes: a step costs the items it changed.
import { growInt32 } from './columns';

/**
 * Per-step EVM stacks as a persistent tree: each step points at its top node, and a node is (word, parent). One op
 * changes only the top few items, so a step shares its prefix with the step before and costs a node or two instead
 * of a full copy of up to 1024 words.
 */
/** A finished log's arrays, to hand over from a worker. */
export interface StackParts {
  nodeWord: Int32Array<ArrayBuffer>;
  nodeParent: Int32Array<ArrayBuffer>;
  top: Int32Array<ArrayBuffer>;
  size: Int32Array<ArrayBuffer>;
  hadItems: boolean;
}

export class StackLog {
  /** Word ids of the step being decoded, bottom first. */
  next = new Int32Array(64);
  nextLen = 0;

  private prevWords = new Int32Array(64);
  private prevNodes = new Int32Array(64);
  private prevLen = 0;
  private nodeWord = new Int32Array(1 << 12);
  private nodeParent = new Int32Array(1 << 12);
  private nodeCount = 0;
  private top = new Int32Array(1 << 12);
  private size = new Int32Array(1 << 12);
  /** Some step had a non-empty stack; an all-empty part cannot be told from one the server left out. */
  hadItems = false;

  begin(): void {
    this.nextLen = 0;
  }

  push(word: number): void {
    if (this.nextLen === this.next.length) this.next = growInt32(this.next, this.nextLen + 1);
    this.next[this.nextLen++] = word;
  }

  commit(step: number): void {
    const n = this.nextLen;
    const next = this.next;
    if (n > this.prevWords.length) {
      this.prevWords = growInt32(this.prevWords, n);
      this.prevNodes = growInt32(this.prevNodes, n);
    }
    const prevWords = this.prevWords;
    const prevNodes = this.prevNodes;
    const shared = Math.min(n, this.prevLen);
    let k = 0;
    while (k < shared && next[k] === prevWords[k]) k++;
    let node = k > 0 ? prevNodes[k - 1] : -1;
    if (this.nodeCount + n - k > this.nodeWord.length) {
      this.nodeWord = growInt32(this.nodeWord, this.nodeCount + n - k);
      this.nodeParent = growInt32(this.nodeParent, this.nodeCount + n - k);
    }
    for (let j = k; j < n; j++) {
      const id = this.nodeCount++;
      this.nodeWord[id] = next[j];
      this.nodeParent[id] = node;
      node = id;
      prevNodes[j] = id;
      prevWords[j] = next[j];
    }
    this.prevLen = n;
    if (n > 0) this.hadItems = true;
    if (step >= this.top.length) {
      this.top = growInt32(this.top, step + 1);
      this.size = growInt32(this.size, step + 1);
    }
    this.top[step] = node;
    this.size[step] = n;
  }

  /** Bytes held, for the decoder's memory budget. */
  get byteSize(): number {
    return (
      this.next.byteLength +
      this.prevWords.byteLength +
      this.prevNodes.byteLength +
      this.nodeWord.byteLength +
      this.nodeParent.byteLength +
      this.top.byteLength +
      this.size.byteLength
    );
  }

  /**
   * The log of `steps` steps as plain arrays, trimmed copies: nothing here is written once decoding ends (see
   * TraceColumns.parts).
   */
  parts(steps: number): StackParts {
    return {
      nodeWord: this.nodeWord.slice(0, this.nodeCount),
      nodeParent: this.nodeParent.slice(0, this.nodeCount),
      top: this.top.slice(0, steps),
      size: this.size.slice(0, steps),
      hadItems: this.hadItems,
    };
  }

  static fromParts(parts: StackParts): StackLog {
    const log = new StackLog();
    log.nodeWord = parts.nodeWord;
    log.nodeParent = parts.nodeParent;
    log.nodeCount = parts.nodeWord.length;
    log.top = parts.top;
    log.size = parts.size;
    log.hadItems = parts.hadItems;
    return log;
  }

  /** Per step, how many items its stack holds (read, never write): whole-trace passes read heights from it. */
  heights(): Int32Array {
    return this.size;
  }

  /** Word ids of the stack at `step`, bottom first. */
  at(step: number): Int32Array {
    const out = new Int32Array(this.size[step]);
    let node = this.top[step];
    for (let j = out.length - 1; j >= 0; j--) {
      out[j] = this.nodeWord[node];
      node = this.nodeParent[node];
    }
    return out;
  }

  /** Word id `fromTop` items below the top of the stack at `step` (0 = top), or -1 when the stack is shorter. */
  peek(step: number, fromTop: number): number {
    if (fromTop >= this.size[step]) return -1;
    let node = this.top[step];
    for (let i = 0; i < fromTop; i++) node = this.nodeParent[node];
    return this.nodeWord[node];
  }
}
