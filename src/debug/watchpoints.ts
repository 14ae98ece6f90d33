// Data breakpoints on state: the SSTOREs that write a value in storage (a state variable, a struct field, a mapping
// entry, a raw slot) of one account, with the value each writes. A packed value counts as written only where its
// own bytes change (the slot's other values are written by the same SSTORE; the value before is the last one an
// SLOAD read or an SSTORE wrote); a full slot at every write. Found in the trace's storage index (its own SLOAD and
// SSTORE, by account) when the breakpoint is set, so continuing to it either way is a search in a list.
import type { Trace } from '../shared/trace-model';
import { storageAccessesOf } from '../core/trace/storage-accesses';
import type { StorageRef } from './variables';

export interface Write {
  step: number;
  /** The value written (the variable's bytes, unsigned). */
  value: bigint;
}

/** The steps where `ref` is written, in order, with the new value. */
export function writesOf(trace: Trace, ref: StorageRef): Write[] {
  const out: Write[] = [];
  const mask = (1n << BigInt(8 * ref.size)) - 1n;
  const field = (word: string) => (BigInt(word) >> BigInt(8 * ref.offset)) & mask;
  const packed = ref.size < 32;
  let last: bigint | undefined;
  for (const access of storageAccessesOf(trace).accessesOf(ref.account)) {
    if (BigInt(access.slot) !== ref.slot) continue;
    const value = field(access.value);
    const old = last;
    last = value;
    if (access.kind === 'read' || (packed && old === value)) continue;
    out.push({ step: access.step, value });
  }
  return out;
}

/** Each watched value's writes, found once per session however often its breakpoint is set again. */
export class WriteIndex {
  private readonly found = new Map<string, Write[]>();

  constructor(private readonly trace: Trace) {}

  writesOf(dataId: string, ref: StorageRef): Write[] {
    let writes = this.found.get(dataId);
    if (!writes) this.found.set(dataId, (writes = writesOf(this.trace, ref)));
    return writes;
  }
}
