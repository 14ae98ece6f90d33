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

  finished(summary: string, ok: boolean): void {
    this.set(`${ok ? '$(pass)' : '$(error)'} ${ok ? 'Verified' : 'Verification failed'}`, summary, SHOW_RESULT_MS);
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
