// The Verification view: one item per verified contract (status icon, name, address, chain, message), with its
// missing, invalid and found files as children, where it is recorded, and a link to the verified contract.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { PlannedDiagnostic } from '../../core/verify/diagnostics-plan';
import type { ContractOutcome } from '../../core/verify/prepare';
import { EXIT_MEANING, resultExitCode } from '../../core/verify/exit-codes';
import { resultLabel } from '../../core/verify/report-text';
import type { ContractResult } from '../../core/verify/result';
import { safeLine, safeText } from '../../core/safe-text';

export const VERIFY_VIEW = 'ledgerMirror.verification';
export const OPEN_ON_HASHSCAN_COMMAND = 'ledgerMirror.verify.openOnHashScan';

export interface ShownContract {
  key: string;
  outcome: ContractOutcome;
  plans: PlannedDiagnostic[];
  dryRun: boolean;
  protocol: 'session' | 'v2';
  /** Browsable page of the verified contract, for perfect and partial matches. */
  link?: string;
  /** HashScan's page of the verified contract, on Hedera's public networks. */
  hashscan?: string;
  at: Date;
}

interface FileEntry {
  label: string;
  description?: string;
  tooltip?: string;
  /** Where clicking takes the user. */
  target?: { file: string; range?: PlannedDiagnostic['range'] };
}

export type VerificationNode =
  | { kind: 'contract'; shown: ShownContract }
  | { kind: 'group'; shown: ShownContract; label: string; icon: string; files: FileEntry[]; expanded: boolean }
  | { kind: 'file'; entry: FileEntry; icon: string }
  | { kind: 'info'; label: string; icon: string; tooltip?: string; command?: vscode.Command };

const STATUS_ICON: Record<ContractResult['status'], vscode.ThemeIcon> = {
  perfect: new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed')),
  partial: new vscode.ThemeIcon('pass', new vscode.ThemeColor('list.warningForeground')),
  error: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  ready: new vscode.ThemeIcon('circle-large-outline'),
};

const short = (address: string | undefined) =>
  address && address.length > 14 ? `${address.slice(0, 8)}…${address.slice(-6)}` : (address ?? '?');

function openCommand(target: FileEntry['target']): vscode.Command | undefined {
  if (!target) return undefined;
  const range =
    target.range &&
    new vscode.Range(target.range.start.line, target.range.start.character, target.range.end.line, target.range.end.character);
  return { command: 'vscode.open', title: 'Open', arguments: [vscode.Uri.file(target.file), ...(range ? [{ selection: range }] : [])] };
}

function children(shown: ShownContract): VerificationNode[] {
  const { result, sources, target } = shown.outcome;
  const localFile = (path: string) => sources.find((s) => s.path === path)?.file;
  const placeOf = (path: string) => shown.plans.find((p) => p.sourcePath === path);
  const out: VerificationNode[] = [];
  if (result.message && result.status !== 'perfect')
    out.push({ kind: 'info', label: result.message, icon: 'info', tooltip: result.message });
  if (result.files.missing.length) {
    const files = result.files.missing.map((m) => {
      const place = placeOf(m.path);
      return {
        label: m.path,
        description: m.localFile ? 'changed in the workspace' : 'not in the workspace',
        tooltip: `Deployed keccak256 ${m.keccak256 ?? 'unknown'}${m.localKeccak256 ? `\nWorkspace keccak256 ${m.localKeccak256}` : ''}`,
        target: place ? { file: place.file, range: place.range } : m.localFile ? { file: m.localFile } : undefined,
      };
    });
    out.push({ kind: 'group', shown, label: `Missing (${files.length})`, icon: 'warning', files, expanded: true });
  }
  if (result.files.invalid.length) {
    const files = result.files.invalid.map((i) => ({
      label: i.path,
      description: 'differs from the deployed metadata',
      tooltip: i.message,
      target: localFile(i.path) ? { file: localFile(i.path)! } : undefined,
    }));
    out.push({ kind: 'group', shown, label: `Invalid (${files.length})`, icon: 'diff', files, expanded: true });
  }
  if (result.files.found.length) {
    const files = result.files.found.map((path) => ({ label: path, target: localFile(path) ? { file: localFile(path)! } : undefined }));
    out.push({ kind: 'group', shown, label: `Found (${files.length})`, icon: 'check', files, expanded: false });
  }
  if (target.record.file) {
    const range = target.record.addressRange;
    out.push({
      kind: 'info',
      label: `Recorded in ${basename(target.record.file)}`,
      icon: 'file-code',
      tooltip: target.record.file,
      command: openCommand({ file: target.record.file, range }),
    });
  }
  if (shown.link)
    out.push({
      kind: 'info',
      label: 'Open verified contract',
      icon: 'link-external',
      tooltip: shown.link,
      command: { command: 'vscode.open', title: 'Open', arguments: [vscode.Uri.parse(shown.link)] },
    });
  if (shown.hashscan)
    out.push({
      kind: 'info',
      label: 'Open on HashScan',
      icon: 'link-external',
      tooltip: shown.hashscan,
      command: { command: OPEN_ON_HASHSCAN_COMMAND, title: 'Open on HashScan', arguments: [shown.hashscan] },
    });
  return out;
}

export class VerificationTree implements vscode.TreeDataProvider<VerificationNode>, vscode.Disposable {
  private readonly shown = new Map<string, ShownContract>();
  private readonly changed = new vscode.EventEmitter<VerificationNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  show(items: readonly ShownContract[]): void {
    for (const item of items) this.shown.set(item.key, item);
    this.changed.fire(undefined);
  }

  clear(): void {
    this.shown.clear();
    this.changed.fire(undefined);
  }

  contracts(): ShownContract[] {
    return [...this.shown.values()];
  }

  getChildren(node?: VerificationNode): VerificationNode[] {
    if (!node) return this.contracts().map((shown) => ({ kind: 'contract', shown }));
    if (node.kind === 'contract') return children(node.shown);
    if (node.kind === 'group')
      return node.files.map((entry) => ({ kind: 'file', entry, icon: node.icon === 'check' ? 'file' : 'file-code' }));
    return [];
  }

  getTreeItem(node: VerificationNode): vscode.TreeItem {
    switch (node.kind) {
      case 'contract': {
        const { result } = node.shown.outcome;
        const item = new vscode.TreeItem(safeLine(result.name), vscode.TreeItemCollapsibleState.Expanded);
        item.id = node.shown.key;
        item.iconPath = STATUS_ICON[result.status];
        const code = resultExitCode(result);
        item.description = `${short(result.address)} · chain ${result.chainId ?? '?'} · ${resultLabel(result)}${node.shown.dryRun ? ' (dry run)' : ''}`;
        item.tooltip = new vscode.MarkdownString(
          [
            `**${safeLine(result.name)}** — ${resultLabel(result)}${result.alreadyVerified ? ' (already verified)' : ''}`,
            `Address: \`${result.address ?? '?'}\`, chain ${result.chainId ?? '?'}`,
            safeText(result.message ?? ''),
            `${node.shown.protocol === 'session' ? 'Session API' : 'API v2'}, ${node.shown.at.toLocaleTimeString()} — CLI exit code ${code}: ${EXIT_MEANING[code]}`,
          ]
            .filter(Boolean)
            .join('\n\n'),
        );
        item.contextValue = `verification.${result.status}${node.shown.hashscan ? '.hashscan' : ''}`;
        return item;
      }
      case 'group': {
        const item = new vscode.TreeItem(
          node.label,
          node.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
        );
        item.iconPath = new vscode.ThemeIcon(node.icon);
        return item;
      }
      case 'file': {
        const item = new vscode.TreeItem(safeLine(node.entry.label), vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon(node.icon);
        item.description = node.entry.description;
        item.tooltip = node.entry.tooltip === undefined ? undefined : safeText(node.entry.tooltip);
        item.command = openCommand(node.entry.target);
        return item;
      }
      case 'info': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon(node.icon);
        item.tooltip = node.tooltip;
        item.command = node.command;
        return item;
      }
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}
