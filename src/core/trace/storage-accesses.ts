// Each account's storage as the trace's own SLOAD and SSTORE prove it, per step. Newer mirrors send a `storage` map
// that is transaction-wide and merged across contracts by slot (the contract dropped, the first in contract-id order
// winning), so no feature may name its slots through one contract's layout; the stack is enough instead. In a post-op
// recording (the mirror's) an op's operands are the top of the frame's step before it and SLOAD's result is the top
// of its own step; in a pre-op one (geth) the operands are on the op's own step and the result on the next. Every
// access belongs to the account whose storage its frame runs on: a DELEGATECALL or CALLCODE frame's caller's.
//
// Built in one pass over the trace into typed columns holding only the access steps; the state at a step replays the
// account's accesses up to it (linear in those accesses, with no per-step copy: see bench/STATE.md). Writes (and reads) of a frame that reverted stop counting once its revert is over:
// the trace cannot tell what an undone slot held, so it is dropped rather than shown with the undone value.
import type { Frame, Trace } from '../../shared/trace-model';
import { storageOwnerFrame } from './storage-owner';

export type AccessKind = 'read' | 'write';

/** One SLOAD or SSTORE, with the slot and value as 32-byte words (`0x` + 64 lowercase hex). */
export interface StorageAccess {
  step: number;
  kind: AccessKind;
  slot: string;
  value: string;
}

/** A slot's value at a step: `written` when some write this transaction (not undone yet) set it, else read. */
export interface SlotState {
  value: string;
  written: boolean;
}

const READ = 0;
const WRITE = 1;
const NEVER = 0x7fffffff;

/** A word as 32 bytes of lowercase hex; null when it is not hex or longer than 32 bytes. */
export function storageWord(hex: string): string | null {
  const m = /^(?:0x)?([0-9a-fA-F]{0,64})$/.exec(hex);
  return m ? `0x${m[1].toLowerCase().padStart(64, '0')}` : null;
}

/** Every SLOAD and SSTORE of a trace, by account; see the header comment. */
export class StorageAccesses {
  /** Accounts in the order first met: an address (`0x` + 40 hex), or `frame N` when its address is not in the trace. */
  readonly accounts: readonly string[];
  /** False when the trace has no stack: no access can be read, and every answer is empty. */
  readonly available: boolean;
  private readonly words: readonly string[];
  private readonly step: Int32Array;
  private readonly kind: Uint8Array;
  private readonly slot: Int32Array;
  private readonly value: Int32Array;
  /** First step whose state includes the access (post-op: its own; pre-op: the next). */
  private readonly from: Int32Array;
  /** First step whose state no longer does (its frame's revert is over), or NEVER. */
  private readonly until: Int32Array;
  /** Per account, its accesses' indices in step order. */
  private readonly byAccount: readonly Int32Array[];
  private readonly accountIds: ReadonlyMap<string, number>;
  private readonly frameAccount: Int32Array;

  constructor(trace: Trace) {
    this.available = trace.summary.parts.stack;
    const post = trace.summary.pcConvention === 'post-op';
    const cols = trace.columns();
    const frames = Array.from({ length: trace.frameCount() }, (_, i) => trace.frame(i));
    const accounts: string[] = [];
    const accountIds = new Map<string, number>();
    this.frameAccount = Int32Array.from(frames, (f) => {
      const name = accountName(trace, f);
      let id = accountIds.get(name);
      if (id === undefined) accountIds.set(name, (id = accounts.push(name) - 1));
      return id;
    });
    const undo = undoSteps(frames);
    const sload = cols.opNames.indexOf('SLOAD');
    const sstore = cols.opNames.indexOf('SSTORE');
    const wordIds = new Map<string, number>();
    const words: string[] = [];
    const intern = (hex: string | null): number => {
      const w = hex === null ? null : storageWord(hex);
      if (w === null) return -1;
      let id = wordIds.get(w);
      if (id === undefined) wordIds.set(w, (id = words.push(w) - 1));
      return id;
    };
    const rows: number[] = [];
    const n = trace.length;
    for (let s = 0; this.available && s < n; s++) {
      const op = cols.op[s];
      if (op !== sload && op !== sstore) continue;
      const f = cols.frame[s];
      const frame = frames[f];
      // An op that failed (its frame halted on it) changed nothing and its recorded result is not a result.
      if (frame.reverted && frame.exitStep === s) continue;
      const operands = post ? s - 1 : s;
      if (operands < 0 || cols.frame[operands] !== f) continue;
      const slot = intern(trace.stackItem(operands, 0));
      let value: number;
      if (op === sstore) value = intern(trace.stackItem(operands, 1));
      else {
        const result = post ? s : s + 1;
        value = result < n && cols.frame[result] === f ? intern(trace.stackItem(result, 0)) : -1;
      }
      if (slot < 0 || value < 0) continue;
      rows.push(s, op === sstore ? WRITE : READ, slot, value, this.frameAccount[f], post ? s : s + 1, undo[f]);
    }
    const count = rows.length / 7;
    this.step = new Int32Array(count);
    this.kind = new Uint8Array(count);
    this.slot = new Int32Array(count);
    this.value = new Int32Array(count);
    this.from = new Int32Array(count);
    this.until = new Int32Array(count);
    const perAccount: number[][] = accounts.map(() => []);
    for (let i = 0; i < count; i++) {
      const r = i * 7;
      this.step[i] = rows[r];
      this.kind[i] = rows[r + 1];
      this.slot[i] = rows[r + 2];
      this.value[i] = rows[r + 3];
      perAccount[rows[r + 4]].push(i);
      this.from[i] = rows[r + 5];
      this.until[i] = rows[r + 6];
    }
    this.byAccount = perAccount.map((list) => Int32Array.from(list));
    this.words = words;
    this.accounts = accounts;
    this.accountIds = accountIds;
  }

  /** How many SLOADs and SSTOREs were read. */
  get count(): number {
    return this.step.length;
  }

  /** The account whose storage trace frame `frame` runs on (see `accounts`). */
  accountOf(frame: number): string {
    return this.accounts[this.frameAccount[frame]];
  }

  /** `account`'s slots the trace proves at `step` (the state the step shows), in slot order. */
  stateAt(step: number, account: string): Map<string, SlotState> {
    const out = new Map<string, SlotState>();
    const list = this.listOf(account);
    for (let k = 0; k < list.length; k++) {
      const i = list[k];
      if (this.from[i] > step) break;
      if (this.until[i] <= step) continue;
      const slot = this.words[this.slot[i]];
      const written = this.kind[i] === WRITE || out.get(slot)?.written === true;
      out.set(slot, { value: this.words[this.value[i]], written });
    }
    return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  /** `stateAt` as a storage map (slot → value), the shape the mirror's `storage` has. */
  storageAt(step: number, account: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [slot, { value }] of this.stateAt(step, account)) out[slot] = value;
    return out;
  }

  /** `account`'s accesses in step order, undone ones included (with the step from which they no longer count). */
  accessesOf(account: string): (StorageAccess & { undoneAt: number | null })[] {
    return Array.from(this.listOf(account), (i) => ({
      step: this.step[i],
      kind: this.kind[i] === WRITE ? 'write' : 'read',
      slot: this.words[this.slot[i]],
      value: this.words[this.value[i]],
      undoneAt: this.until[i] === NEVER ? null : this.until[i],
    }));
  }

  private listOf(account: string): Int32Array {
    const id = this.accountIds.get(account);
    return id === undefined ? EMPTY : this.byAccount[id];
  }
}

const EMPTY = new Int32Array(0);

/** Lowercase address of the account `frame` runs on; `frame N` (its owner frame) when the trace does not say it. */
function accountName(trace: Trace, frame: Frame): string {
  const owner = storageOwnerFrame(trace, frame) ?? frame;
  return owner.callee?.toLowerCase() ?? `frame ${owner.index}`;
}

/** Per frame, the first step after the innermost reverted frame around it (itself included) ended, or NEVER. */
function undoSteps(frames: readonly Frame[]): Int32Array {
  const out = new Int32Array(frames.length);
  // Parents come before their children in frame order.
  for (const f of frames) out[f.index] = f.reverted ? f.exitStep + 1 : f.parent >= 0 ? out[f.parent] : NEVER;
  return out;
}

const cache = new WeakMap<Trace, StorageAccesses>();
const mismatches = new WeakMap<Trace, string | null>();

/** The trace's storage index, built on first use and kept with the trace. */
export function storageAccessesOf(trace: Trace): StorageAccesses {
  let index = cache.get(trace);
  if (!index) cache.set(trace, (index = new StorageAccesses(trace)));
  return index;
}

/** The storage the trace proves at `step` for the account trace frame `frame` runs on; null when it has no stack. */
export function frameStorage(trace: Trace, step: number, frame: number): Record<string, string> | null {
  const index = storageAccessesOf(trace);
  return index.available ? index.storageAt(step, index.accountOf(frame)) : null;
}

/**
 * The mirror's `storage` map, when it was fetched, checked once against the trace at the last step: a sentence when
 * it holds a slot that some account's trace-proved storage holds too, with a value none of them has there; null when
 * they agree or there is no map. Slots the trace does not prove (a system contract's, say) are not disagreements.
 */
export function storageMismatch(trace: Trace): string | null {
  if (mismatches.has(trace)) return mismatches.get(trace)!;
  let note: string | null = null;
  const last = trace.length - 1;
  const map = last >= 0 && trace.summary.parts.storage ? trace.detail(last).storage : null;
  const index = storageAccessesOf(trace);
  if (map && index.available) {
    const states = index.accounts.map((a) => index.stateAt(last, a));
    for (const [key, raw] of Object.entries(map)) {
      const slot = storageWord(key);
      const value = storageWord(raw);
      const held = states.flatMap((s) => (slot && s.has(slot) ? [s.get(slot)!.value] : []));
      if (held.length > 0 && !held.includes(value ?? '')) {
        note = `The mirror's storage map disagrees with the trace at slot ${key} (${raw}); the values shown are the trace's own SLOAD and SSTORE.`;
        break;
      }
    }
  }
  mismatches.set(trace, note);
  return note;
}
