// "Recent Traces": the traces opened in this workspace, newest first, each reopening where the user left it
// (from the cache when the body is still there).
import * as vscode from 'vscode';
import type { TraceParts } from '../../core/trace/trace';

export const RECENT_VIEW = 'ledgerMirror.recentTraces';
export const REOPEN_COMMAND = 'ledgerMirror.trace.reopen';
const STATE_KEY = 'ledgerMirror.recentTraces';
const MAX_RECENT = 30;

export interface RecentTrace {
  key: string;
  transaction: string;
  network: string;
  parts: TraceParts;
  steps: number;
  failed: boolean;
  /** The trace came from this file rather than the server. */
  file?: string;
  /** Step shown when the panel was last used. */
  step: number;
  openedAt: number;
}

export class RecentTraces implements vscode.TreeDataProvider<RecentTrace> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {}

  list(): RecentTrace[] {
    return this.memento.get<RecentTrace[]>(STATE_KEY, []);
  }

  find(key: string): RecentTrace | undefined {
    return this.list().find((r) => r.key === key);
  }

  async add(entry: RecentTrace): Promise<void> {
    const rest = this.list().filter((r) => r.key !== entry.key);
    await this.save([entry, ...rest].slice(0, MAX_RECENT));
  }

  /** Remembers the step a trace was left at (called as the user steps, so reopening returns there). */
  async setStep(key: string, step: number): Promise<void> {
    const list = this.list();
    const entry = list.find((r) => r.key === key);
    if (!entry || entry.step === step) return;
    entry.step = step;
    await this.memento.update(STATE_KEY, list);
  }

  async remove(key: string): Promise<void> {
    await this.save(this.list().filter((r) => r.key !== key));
  }

  async clear(): Promise<void> {
    await this.save([]);
  }

  private async save(list: RecentTrace[]): Promise<void> {
    await this.memento.update(STATE_KEY, list);
    this.changed.fire();
  }

  getChildren(element?: RecentTrace): RecentTrace[] {
    return element ? [] : this.list();
  }

  getTreeItem(r: RecentTrace): vscode.TreeItem {
    const item = new vscode.TreeItem(r.transaction || (r.file ? (vscode.Uri.file(r.file).path.split('/').pop() ?? r.file) : r.key));
    // One transaction fetched with other parts is another entry (another cache key): the parts tell them apart.
    const parts = (['stack', 'memory', 'storage'] as const).filter((p) => r.parts[p]).join('+') || 'no stack';
    item.description = `${r.file ? 'file' : r.network} · ${r.steps.toLocaleString('en-US')} steps · ${parts}${r.failed ? ' · failed' : ''}`;
    item.tooltip = [
      r.transaction ? `Transaction: ${r.transaction}` : undefined,
      r.file ? `File: ${r.file}` : `Network: ${r.network}`,
      `Steps: ${r.steps}${r.failed ? ' (failed)' : ''}`,
      `Parts: ${(['stack', 'memory', 'storage'] as const).filter((p) => r.parts[p]).join(', ') || 'none'}`,
      `Last at step ${r.step}; opened ${new Date(r.openedAt).toLocaleString()}`,
    ]
      .filter(Boolean)
      .join('\n');
    item.iconPath = new vscode.ThemeIcon(
      r.failed ? 'error' : 'pass',
      new vscode.ThemeColor(r.failed ? 'errorForeground' : 'testing.iconPassed'),
    );
    item.contextValue = 'recentTrace';
    item.command = { command: REOPEN_COMMAND, title: 'Open', arguments: [r] };
    return item;
  }
}
