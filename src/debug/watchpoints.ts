// Data breakpoints on state: the SSTOREs that write a value in storage (a state variable, a struct field, a mapping
// entry, a raw slot) of one account, with the value each writes. A packed value counts as written only where its
// own bytes change (the slot's other values are written by the same SSTORE; the value before is the last one an
// SLOAD read or an SSTORE wrote); a full slot at every write. Found in the trace's storage index (its own SLOAD and
// SSTORE, by account) when the breakpoint is set, so continuing to it either way is a search in a list.
// setDataBreakpoints is checked here like every other request: a list of at most 1,000, each entry an object with
// a short dataId and conditions of at most 1,000 characters; the breakpoints count against the 1,000 in all.
import type { Trace } from '../shared/trace-model';
import { storageAccessesOf } from '../core/trace/storage-accesses';
import { REQUEST_LIMITS, RequestError } from './requests';
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

/** A dataId is `account:slot:offset:size` (see the adapter's dataBreakpointInfo): well under this. */
const DATA_ID_CHARS = 256;

/** Throws a RequestError naming the first argument of setDataBreakpoints that is not acceptable. */
export function checkDataBreakpoints(raw: unknown): void {
  const args = raw as { breakpoints?: unknown } | undefined;
  const list = args?.breakpoints;
  if (!Array.isArray(list)) throw new RequestError('breakpoints must be an array.');
  const max = REQUEST_LIMITS.breakpoints;
  if (list.length > max)
    throw new RequestError(`breakpoints: at most ${max.toLocaleString('en-US')} breakpoints in one request, not ${list.length}.`);
  list.forEach((item: unknown, i) => {
    const bp = item as Record<string, unknown> | null;
    if (typeof bp !== 'object' || bp === null || Array.isArray(bp)) throw new RequestError(`breakpoints[${i}] must be an object.`);
    const text = (key: string, most: number, optional: boolean) => {
      const v = bp[key];
      if (v === undefined && optional) return;
      if (typeof v !== 'string' || v.length > most)
        throw new RequestError(`breakpoints[${i}].${key} must be a string of at most ${most.toLocaleString('en-US')} characters.`);
    };
    text('dataId', DATA_ID_CHARS, false);
    for (const key of ['condition', 'hitCondition']) text(key, REQUEST_LIMITS.textChars, true);
    if (bp.accessType !== undefined && !['read', 'write', 'readWrite'].includes(bp.accessType as string))
      throw new RequestError(`breakpoints[${i}].accessType must be "read", "write" or "readWrite".`);
  });
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
