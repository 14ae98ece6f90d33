// The contracts a user pinned in the Contracts view, in the order they were added, kept in `workspaceState` so they
// come back after a reload. Stored values are re-validated on load: the state file is not trusted blindly.
import type * as vscode from 'vscode';
import { parseContractRef } from '../../core/results/contract-ref';

const STATE_KEY = 'ledgerMirror.contracts.pins';
/** More pins than anyone reads in a side bar; the state is not a place to grow without end. */
const MAX_PINS = 200;

export class ContractPins {
  constructor(private readonly state: vscode.Memento) {}

  /** Canonical contract refs (`s.r.n` or `0x` + 40 hex). */
  load(): string[] {
    const stored = this.state.get<unknown>(STATE_KEY, []);
    if (!Array.isArray(stored)) return [];
    const valid = stored.filter((v): v is string => typeof v === 'string' && parseContractRef(v).ok);
    return [...new Set(valid.map((v) => (parseContractRef(v) as { ok: true; value: { value: string } }).value.value))].slice(0, MAX_PINS);
  }

  async add(ref: string): Promise<void> {
    const pins = this.load().filter((p) => p !== ref);
    await this.state.update(STATE_KEY, [...pins, ref].slice(-MAX_PINS));
  }

  async remove(ref: string): Promise<void> {
    await this.state.update(
      STATE_KEY,
      this.load().filter((p) => p !== ref),
    );
  }
}
