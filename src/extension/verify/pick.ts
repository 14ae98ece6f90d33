// Which recorded deployment(s) a command verifies: the only one, or the user's pick among several. The pick is
// remembered per workspace and offered first next time.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { recordKey } from '../../core/deployments/discover';
import type { DeploymentRecord } from '../../core/deployments/record';

const MEMORY_KEY = 'ledgerMirror.verify.lastChoice';
const ALL = 'all';

/** What a caller may pass instead of picking: an address (optionally with its chain), or every record. */
export type RecordSelector = { address: string; chainId?: number } | 'all';

export function isRecordSelector(v: unknown): v is RecordSelector {
  return v === ALL || (typeof v === 'object' && v !== null && typeof (v as { address?: unknown }).address === 'string');
}

export function selectRecords(records: readonly DeploymentRecord[], selector: RecordSelector): DeploymentRecord[] {
  if (selector === ALL) return [...records];
  return records.filter(
    (r) => r.address.toLowerCase() === selector.address.toLowerCase() && (selector.chainId === undefined || r.chainId === selector.chainId),
  );
}

interface Item extends vscode.QuickPickItem {
  choice: string;
}

export async function pickRecords(
  records: readonly DeploymentRecord[],
  memory: vscode.Memento,
  opts: { title: string; allowAll: boolean },
): Promise<DeploymentRecord[] | undefined> {
  if (records.length <= 1) return [...records];
  const last = memory.get<string>(MEMORY_KEY);
  const items: Item[] = records.map((r) => ({
    choice: recordKey(r),
    label: r.name ?? 'unnamed contract',
    description: r.address,
    detail: `${r.chainId === undefined ? 'chain of the selected network' : `chain ${r.chainId}`} · ${r.origin}${r.file ? ` · ${basename(r.file)}` : ''}`,
  }));
  if (opts.allowAll) items.unshift({ choice: ALL, label: `$(checklist) All ${records.length} contracts`, description: '' });
  const remembered = items.find((i) => i.choice === last);
  if (remembered) {
    items.splice(items.indexOf(remembered), 1);
    items.unshift({ ...remembered, description: `${remembered.description ?? ''} (last used)`.trim() });
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: opts.title,
    placeHolder: 'Which deployed contract?',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return undefined;
  await memory.update(MEMORY_KEY, picked.choice);
  return picked.choice === ALL ? [...records] : records.filter((r) => recordKey(r) === picked.choice);
}
