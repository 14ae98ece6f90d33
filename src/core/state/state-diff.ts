// What a transaction changed in storage, per account, as its own trace proves it: every slot a write that was not
// undone by a revert set, with the value after the transaction (the last such write) and the value before it when
// the trace read the slot before writing it (else the trace cannot tell, and says so). A slot proved to end as it
// began is not a change. A transaction that failed changed nothing.
import type { Trace } from '../../shared/trace-model';
import { storageAccessesOf } from '../trace/storage-accesses';
import { preStateOf, type AccountPreState, type PreState } from './pre-state';

/** A slot's value in the mirror's pre-state (`0x` + 64 hex): zero when the state is whole, else null if not listed. */
function preValue(pre: AccountPreState | undefined, slot: string): string | null {
  const value = pre?.slots.get(slot.slice(2)) ?? (pre?.complete ? '0'.repeat(64) : undefined);
  return value === undefined ? null : `0x${value}`;
}

export interface SlotChange {
  slot: string;
  /** The value before the transaction; null when the trace did not read the slot before its first write. */
  before: string | null;
  after: string;
  /** The frame of the write that set `after`: its code's layout names the slot (a proxy's slots, its implementation's). */
  frame: number;
}

export interface AccountChanges {
  /** `0x` + 40 hex, or `frame N` when the trace does not hold the account's address (a CREATE's, post-op). */
  account: string;
  /** The first frame that ran on the account's storage (to name its variables with that frame's code). */
  frame: number;
  changes: SlotChange[];
}

export interface StateDiff {
  /** False when the trace has no stack (nothing can be read) or the transaction failed (nothing changed). */
  changed: boolean;
  /** Why nothing is listed, when `changed` is false. */
  note: string | null;
  accounts: AccountChanges[];
}

/**
 * The state diff of `trace` (see the header comment). With the mirror's state before the transaction (`preState`),
 * a slot the trace wrote without reading it first gets its real value before (zero when that state is whole).
 */
export function stateDiff(trace: Trace, preState: PreState | undefined = preStateOf(trace)): StateDiff {
  const index = storageAccessesOf(trace);
  if (!index.available)
    return { changed: false, note: 'The trace was fetched without the stack, so its SLOAD and SSTORE cannot be read.', accounts: [] };
  if (trace.summary.failed) return { changed: false, note: 'The transaction failed: every change it made was undone.', accounts: [] };
  const end = trace.length;
  const accounts: AccountChanges[] = [];
  const firstFrame = new Map<string, number>();
  for (let f = trace.frameCount() - 1; f >= 0; f--) firstFrame.set(index.accountOf(f), f);
  for (const account of index.accounts) {
    const before = new Map<string, string>();
    const pre = preState?.accounts.get(account);
    const after = new Map<string, { value: string; frame: number }>();
    const touched = new Set<string>();
    for (const access of index.accessesOf(account)) {
      // A read before any write of the slot (undone or not) proves the value the transaction started with.
      if (access.kind === 'read' && !touched.has(access.slot)) before.set(access.slot, access.value);
      touched.add(access.slot);
      if (access.kind === 'write' && (access.undoneAt === null || access.undoneAt > end))
        after.set(access.slot, { value: access.value, frame: trace.row(access.step).frame });
    }
    const changes = [...after]
      .filter(([slot, { value }]) => before.get(slot) !== value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([slot, { value, frame }]) => ({ slot, before: before.get(slot) ?? preValue(pre, slot), after: value, frame }))
      .filter((c) => c.before !== c.after);
    if (changes.length) accounts.push({ account, frame: firstFrame.get(account) ?? 0, changes });
  }
  return { changed: accounts.length > 0, note: accounts.length ? null : 'The transaction wrote no storage that stayed.', accounts };
}
