// Verify-on-save reports in the status bar, never in pop-ups: a spinner while it runs, then the outcome for a while.
import * as vscode from 'vscode';
import { VERIFY_VIEW } from './view';

const SHOW_RESULT_MS = 15_000;

export class VerifyStatus implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem('ledgerMirror.verifyStatus', vscode.StatusBarAlignment.Left, 40);
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    this.item.name = 'Ledger Mirror Verification';
    this.item.command = `${VERIFY_VIEW}.focus`;
  }

  running(what: string): void {
    this.set(`$(sync~spin) ${what}`, undefined);
  }

  /** `dryRun`: only checked, nothing stored on the server, so not "Verified". */
  finished(summary: string, ok: boolean, dryRun = false): void {
    const outcome = ok ? (dryRun ? 'Checked (dry run)' : 'Verified') : dryRun ? 'Check failed (dry run)' : 'Verification failed';
    this.set(`${ok ? '$(pass)' : '$(error)'} ${outcome}`, summary, SHOW_RESULT_MS);
  }

  failed(message: string): void {
    this.set('$(warning) Verification could not run', message, SHOW_RESULT_MS);
  }

  hide(): void {
    this.clearTimer();
    this.item.hide();
  }

  private set(text: string, tooltip: string | undefined, hideAfterMs?: number): void {
    this.clearTimer();
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.show();
    if (hideAfterMs) this.timer = setTimeout(() => this.item.hide(), hideAfterMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.clearTimer();
    this.item.dispose();
  }
}
