// Which value each stack item is, followed through the trace: code from the IR pipeline keeps no variable at a fixed
// slot, so a value is known by its identity instead. One pass over the steps simulates each call frame's stack
// symbolically: DUPn copies an identity, SWAPn swaps two, any other instruction pops its inputs and pushes a new
// identity (every EVM instruction pushes at most one item; how many it pops follows from the recorded heights). Where
// the simulation and the recorded stack disagree (a halt, a hostile trace), the frame's items get new identities, so a
// wrong link is never made. Identities are ints; each remembers the step that made it and where its word is recorded.
import { growInt32 } from '../../core/trace/columns';
import type { TraceColumns } from '../../core/trace/columns-store';
import type { StepColumns } from '../../shared/trace-model';

/** Instructions that push nothing. */
const NO_PUSH = new Set([
  'STOP',
  'POP',
  'JUMP',
  'JUMPI',
  'JUMPDEST',
  'MSTORE',
  'MSTORE8',
  'SSTORE',
  'TSTORE',
  'CALLDATACOPY',
  'CODECOPY',
  'EXTCODECOPY',
  'RETURNDATACOPY',
  'MCOPY',
  'RETURN',
  'REVERT',
  'INVALID',
  'SELFDESTRUCT',
  'SUICIDE',
  'LOG0',
  'LOG1',
  'LOG2',
  'LOG3',
  'LOG4',
]);

const NONE = -1;

/** An op's kind for the simulation: n > 0 for DUPn, n < 0 for SWAPn (-n), 0 for anything else. */
function kindOf(name: string): number {
  const m = /^(DUP|SWAP)(\d{1,2})$/.exec(name);
  if (!m) return 0;
  const n = Number(m[2]);
  return n < 1 || n > 16 ? 0 : m[1] === 'DUP' ? n : -n;
}

interface FrameStack {
  ids: Int32Array<ArrayBuffer>;
  length: number;
  /** Pre-op recordings: the step whose instruction waits for the next recorded stack to show its result. */
  pending: number;
}

export class StackIdentities {
  /** Per step: the identity on top of the stack once its instruction ran (-1: empty, or not followed). */
  readonly top: Int32Array;
  /** Per step: the identity just below the top once its instruction ran (-1: none, or not followed). */
  readonly second: Int32Array;
  /** Per identity: the step whose instruction made it, the step whose recorded stack shows it, its depth there. */
  private madeBy = new Int32Array(1024);
  private seenAt = new Int32Array(1024);
  private depthAt = new Int32Array(1024);
  private count = 0;

  constructor(
    columns: StepColumns,
    private readonly store: Pick<TraceColumns, 'stacks' | 'word'>,
    postOp: boolean,
  ) {
    const { op, opNames, frame } = columns;
    const steps = frame.length;
    const heights = store.stacks.heights();
    const kinds = opNames.map(kindOf);
    const pushes = opNames.map((name) => (NO_PUSH.has(name) ? 0 : 1));
    this.top = new Int32Array(steps).fill(NONE);
    this.second = new Int32Array(steps).fill(NONE);
    // Frames are numbered densely from 0.
    const frames: FrameStack[] = [];
    for (let s = 0; s < steps; s++) {
      let stack = frames[frame[s]];
      if (!stack) frames[frame[s]] = stack = { ids: new Int32Array(64), length: 0, pending: NONE };
      if (postOp) {
        // The stack before this instruction is the one the frame's previous step left (aligned to its recording).
        this.apply(stack, s, s, kinds[op[s]], pushes[op[s]], heights[s]);
      } else {
        // The previous instruction's result is what this step records before its own runs.
        const p = stack.pending;
        if (p === NONE) {
          if (stack.length !== heights[s]) this.align(stack, heights[s], s);
        } else this.apply(stack, p, s, kinds[op[p]], pushes[op[p]], heights[s]);
        stack.pending = s;
      }
    }
  }

  /** The interned word of an identity (the same value may be interned twice: traces leave out leading zeros, some of the time). */
  wordIdOf(identity: number): number {
    return this.store.stacks.peek(this.seenAt[identity], this.depthAt[identity]);
  }

  /** An interned word as 64 hex digits (`0x…`). */
  text(wordId: number): string {
    return '0x' + this.store.word(wordId).slice(2).padStart(64, '0');
  }

  /** The word of an identity as 64 hex digits. */
  wordOf(identity: number): string {
    return this.text(this.wordIdOf(identity));
  }

  /** Whether two interned words are the same value. */
  same(a: number, b: number): boolean {
    return a === b || this.text(a) === this.text(b);
  }

  /** The step whose instruction made an identity (for items found already on the stack: the step that first showed them). */
  madeAt(identity: number): number {
    return this.madeBy[identity];
  }

  /** Runs the instruction of step `p` on the frame's simulated stack; `q` records the stack it leaves (`height` items). */
  private apply(stack: FrameStack, p: number, q: number, kind: number, pushes: number, height: number): void {
    const { ids } = stack;
    if (kind > 0 && stack.length >= kind) this.push(stack, ids[stack.length - kind]);
    else if (kind < 0 && stack.length > -kind) {
      const a = stack.length - 1;
      const b = a + kind;
      const t = ids[a];
      ids[a] = ids[b];
      ids[b] = t;
    } else if (kind === 0) {
      const pops = stack.length - height + pushes;
      if (pops >= 0 && pops <= stack.length) {
        stack.length -= pops;
        if (pushes) this.push(stack, this.identity(p, q, 0));
      }
    }
    if (stack.length !== height) this.align(stack, height, q);
    this.top[p] = stack.length > 0 ? stack.ids[stack.length - 1] : NONE;
    this.second[p] = stack.length > 1 ? stack.ids[stack.length - 2] : NONE;
  }

  /** Makes the simulation hold `height` items as recorded at step `q`: when it does not, every item is a new identity. */
  private align(stack: FrameStack, height: number, q: number): void {
    stack.length = 0;
    for (let k = 0; k < height; k++) this.push(stack, this.identity(q, q, height - 1 - k));
  }

  private push(stack: FrameStack, identity: number): void {
    if (stack.length === stack.ids.length) stack.ids = growInt32(stack.ids, stack.length + 1);
    stack.ids[stack.length++] = identity;
  }

  private identity(made: number, seen: number, depth: number): number {
    if (this.count === this.madeBy.length) {
      this.madeBy = growInt32(this.madeBy, this.count + 1);
      this.seenAt = growInt32(this.seenAt, this.count + 1);
      this.depthAt = growInt32(this.depthAt, this.count + 1);
    }
    this.madeBy[this.count] = made;
    this.seenAt[this.count] = seen;
    this.depthAt[this.count] = depth;
    return this.count++;
  }
}
