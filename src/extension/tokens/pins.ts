// The tokens a user pinned in this workspace, in the order they were added, kept in `workspaceState` so the tree
// comes back after a reload. Stored values are re-validated on load: the state file is not trusted blindly.
import type * as vscode from 'vscode';
import { parseTimestampFilter, parseTokenId } from '../../core/ids';

export interface Pin {
  /** Canonical `s.r.n`. */
  id: string;
  /** Timestamp filter `op:seconds[.nanos]` for a historical view; absent for the current state. */
  timestamp?: string;
}

const STATE_KEY = 'ledgerMirror.tokens.pins';

export const pinKey = (pin: Pin) => (pin.timestamp ? `${pin.id}@${pin.timestamp}` : pin.id);

function isValidPin(value: unknown): value is Pin {
  if (typeof value !== 'object' || value === null) return false;
  const { id, timestamp } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !parseTokenId(id).ok) return false;
  return timestamp === undefined || (typeof timestamp === 'string' && parseTimestampFilter(timestamp).ok);
}

export class PinStore {
  constructor(private readonly state: vscode.Memento) {}

  load(): Pin[] {
    const stored = this.state.get<unknown>(STATE_KEY, []);
    return Array.isArray(stored)
      ? stored.filter(isValidPin).map((p) => (p.timestamp ? { id: p.id, timestamp: p.timestamp } : { id: p.id }))
      : [];
  }

  save(pins: readonly Pin[]): Thenable<void> {
    return this.state.update(STATE_KEY, pins);
  }
}
