/**
 * Every contract's storage over time in the reference chain: each change with the consensus timestamp of the
 * transaction (or deployment) that made it, so the REST module's `/state?timestamp=…` and a transaction's
 * `/prestate` can be answered as of any moment, the way the mirror's contract_state_change table answers them.
 */

/** One slot's value from `timestamp` on (nanoseconds since the epoch). */
export interface SlotChange {
  timestamp: bigint;
  /** 64 lowercase hex digits, no `0x`. */
  slot: string;
  /** 64 lowercase hex digits, no `0x`. */
  value: string;
}

/** `0x`-hex of any length → 64 lowercase hex digits (no `0x`). */
export function word64(hex: string): string {
  return hex.replace(/^0x/i, '').toLowerCase().padStart(64, '0');
}

export class StateHistory {
  private readonly changes = new Map<string, SlotChange[]>();

  /** Records `writes` (`0x`-hex slot and value pairs) made to `address` at `timestamp`. */
  record(address: string, timestamp: bigint, writes: ReadonlyArray<readonly [string, string]>): void {
    if (writes.length === 0) return;
    const key = address.toLowerCase();
    const list = this.changes.get(key) ?? [];
    for (const [slot, value] of writes) list.push({ timestamp, slot: word64(slot), value: word64(value) });
    this.changes.set(key, list);
  }

  /**
   * Each slot's newest change among those `keep` accepts (by its timestamp), sorted by slot: the contract's state as
   * of the newest accepted moment.
   */
  stateOf(address: string, keep: (timestamp: bigint) => boolean): SlotChange[] {
    const newest = new Map<string, SlotChange>();
    for (const change of this.changes.get(address.toLowerCase()) ?? []) {
      if (!keep(change.timestamp)) continue;
      const seen = newest.get(change.slot);
      if (!seen || seen.timestamp <= change.timestamp) newest.set(change.slot, change);
    }
    return [...newest.values()].sort((a, b) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
  }

  /** The value of `slot` just before `timestamp` (zero when never written). */
  valueBefore(address: string, slot: string, timestamp: bigint): string {
    const wanted = word64(slot);
    return this.stateOf(address, (t) => t < timestamp).find((c) => c.slot === wanted)?.value ?? '0'.repeat(64);
  }
}
