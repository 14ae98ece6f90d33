// Verify-on-save: saving a Solidity source or a deployment record verifies the contracts that use it, debounced and
// single-flight (core/verify/save-scheduler). Off by default, and always off in Restricted Mode: it uploads
// workspace files to a server.
import * as vscode from 'vscode';
import { ApiError, EXIT } from '../../core/errors';
import { summariseReport } from '../../core/verify/report-text';
import { reportExitCode } from '../../core/verify/exit-codes';
import { SaveScheduler } from '../../core/verify/save-scheduler';
import type { Services } from '../services';
import type { VerificationRunner } from './runner';
import { readVerifySettings } from './settings';
import type { VerifyStatus } from './status';

export const SAVE_DEBOUNCE_MS = 1500;

const RECORD_FILE =
  /[\\/](deployments[\\/][^\\/]+[\\/][^\\/]+\.json|\.chainId|ignition[\\/]deployments[\\/].+\.(json|jsonl)|broadcast[\\/].+\.json)$/;

/** Files whose save can change a verification outcome. */
export function affectsVerification(fsPath: string): boolean {
  return fsPath.endsWith('.sol') || RECORD_FILE.test(fsPath);
}

export function registerVerifyOnSave(
  context: vscode.ExtensionContext,
  services: Services,
  runner: VerificationRunner,
  status: VerifyStatus,
): SaveScheduler<string> {
  const run = async (files: ReadonlySet<string>, signal: AbortSignal): Promise<void> => {
    status.running('Verifying on save…');
    let affected: Awaited<ReturnType<VerificationRunner['prepare']>> = [];
    try {
      const prepared = await runner.prepare(await runner.discover(), signal);
      affected = prepared.filter(
        (p) => (p.target.record.file && files.has(p.target.record.file)) || p.sources.some((s) => s.file && files.has(s.file)),
      );
      if (affected.length === 0) {
        status.hide();
        return;
      }
      const dryRun = readVerifySettings().onSaveDryRun;
      const report = await runner.verify(affected, { dryRun, signal });
      status.finished(summariseReport(report), reportExitCode(report) === EXIT.ok, dryRun);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'cancelled') return; // a newer save took over
      const message = err instanceof Error ? err.message : String(err);
      services.log.warn(`Verify on save failed: ${message}`);
      runner.publishRunFailure(affected, message);
      status.failed(message);
    }
  };
  const scheduler = new SaveScheduler<string>(SAVE_DEBOUNCE_MS, run);
  context.subscriptions.push(
    { dispose: () => scheduler.dispose() },
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (doc.uri.scheme !== 'file' || !vscode.workspace.isTrusted || !readVerifySettings().onSave) return;
      if (affectsVerification(doc.uri.fsPath)) scheduler.trigger([doc.uri.fsPath]);
    }),
  );
  return scheduler;
}
