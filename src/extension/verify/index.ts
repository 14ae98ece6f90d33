// The verification feature: commands, the Verification view, diagnostics with quick fixes, verify-on-save.
import * as vscode from 'vscode';
import { summariseReport } from '../../core/verify/report-text';
import { ApiError, EXIT } from '../../core/errors';
import { reportExitCode } from '../../core/verify/exit-codes';
import { isSuccess } from '../../core/verify/result';
import { hederaExplorerProblem, type VerificationReport } from '../../core/verify/verify';
import type { Services } from '../services';
import { COPY_KECCAK_COMMAND, VerificationDiagnostics } from './diagnostics';
import { registerVerifyOnSave } from './on-save';
import { isRecordSelector, pickRecords, selectRecords } from './pick';
import { VerificationRunner, type FoundRecord } from './runner';
import { ExplorerKeys } from './secrets';
import { readVerifySettings, VERIFY_SECTION } from './settings';
import { VerifyStatus } from './status';
import { OPEN_ON_HASHSCAN_COMMAND, VERIFY_VIEW, VerificationTree, type VerificationNode } from './view';
import { safeText } from '../../core/safe-text';

/** The HashScan page from the view's link (a URL) or from a contract row's inline action (its node). */
function hashscanUrl(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const node = arg as VerificationNode | undefined;
  return node?.kind === 'contract' ? node.shown.hashscan : undefined;
}

/** What the in-VS-Code tests observe. */
export interface VerificationApi {
  tree: VerificationTree;
  diagnostics: vscode.DiagnosticCollection;
  status: vscode.StatusBarItem;
  /** Settles when verify-on-save has nothing pending or running. */
  idle(): Promise<void>;
}

async function chooseRecords(
  runner: VerificationRunner,
  memory: vscode.Memento,
  arg: unknown,
  title: string,
  allowAll: boolean,
): Promise<FoundRecord[] | undefined> {
  const found = await runner.discover();
  if (found.length === 0) {
    const open = await vscode.window.showWarningMessage(
      'No deployed contract found: add one to the setting ledgerMirror.verify.contracts, or deploy with hardhat-deploy, Hardhat Ignition or Foundry.',
      'Open Settings',
    );
    if (open) await vscode.commands.executeCommand('workbench.action.openSettings', `${VERIFY_SECTION}.contracts`);
    return undefined;
  }
  const records = found.map((f) => f.record);
  const chosen = isRecordSelector(arg) ? selectRecords(records, arg) : await pickRecords(records, memory, { title, allowAll });
  if (isRecordSelector(arg) && chosen?.length === 0)
    throw new Error(`No recorded deployment matches ${typeof arg === 'string' ? arg : arg.address}.`);
  return chosen && found.filter((f) => chosen.includes(f.record));
}

/** A moved server's message (it names the new address) with a way to the setting to change; other errors pass on. */
async function orMovedServer<T>(work: Thenable<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (err) {
    if (!(err instanceof ApiError) || err.kind !== 'moved') throw err;
    void vscode.window
      .showErrorMessage(safeText(err.message), 'Open Settings')
      .then((choice) => choice && vscode.commands.executeCommand('workbench.action.openSettings', `${VERIFY_SECTION}.url`));
    return undefined;
  }
}

function announce(report: VerificationReport): void {
  const summary = summariseReport(report);
  const ok = reportExitCode(report) === EXIT.ok;
  const firstProblem = report.outcomes.find((o) => !isSuccess(o.result))?.result;
  const show = async (choice: string | undefined) => {
    if (choice === 'Show Results') await vscode.commands.executeCommand(`${VERIFY_VIEW}.focus`);
    if (choice === 'Show Problems') await vscode.commands.executeCommand('workbench.actions.view.problems');
  };
  if (ok) void vscode.window.showInformationMessage(summary, 'Show Results').then(show);
  else
    void vscode.window
      .showWarningMessage(
        safeText(`${summary}. ${firstProblem?.name}: ${firstProblem?.message ?? 'not verified'}`),
        'Show Problems',
        'Show Results',
      )
      .then(show);
}

export function registerVerification(context: vscode.ExtensionContext, services: Services): VerificationApi {
  const tree = new VerificationTree();
  const diagnostics = new VerificationDiagnostics();
  const status = new VerifyStatus();
  const keys = new ExplorerKeys(context.secrets);
  const runner = new VerificationRunner(services, tree, diagnostics);
  context.subscriptions.push(
    tree,
    diagnostics,
    status,
    vscode.window.createTreeView(VERIFY_VIEW, { treeDataProvider: tree, showCollapseAll: true }),
    vscode.languages.registerCodeActionsProvider(
      [
        { scheme: 'file', language: 'solidity' },
        { scheme: 'file', pattern: '**/*.{sol,json,jsonl}' },
      ],
      diagnostics,
      {
        providedCodeActionKinds: VerificationDiagnostics.providedCodeActionKinds,
      },
    ),
  );

  const run = async (arg: unknown, dryRun: boolean) => {
    const chosen = await chooseRecords(
      runner,
      context.workspaceState,
      arg,
      dryRun ? 'Preview verification (dry run)' : 'Verify contract',
      true,
    );
    if (!chosen) return undefined;
    const report = await orMovedServer(
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: dryRun ? 'Previewing verification…' : 'Verifying…', cancellable: true },
        async (_progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          return runner.verify(await runner.prepare(chosen, abort.signal), { dryRun, signal: abort.signal });
        },
      ),
    );
    if (!report) return undefined;
    announce(report);
    return report;
  };

  services.registerCommand('ledgerMirror.verifyContract', (arg?: unknown) => run(arg, false));
  services.registerCommand('ledgerMirror.previewVerification', (arg?: unknown) => run(arg, true));

  services.registerCommand('ledgerMirror.verifyViaExplorer', async (arg?: unknown) => {
    const chosen = await chooseRecords(runner, context.workspaceState, arg, 'Verify via explorer', false);
    if (!chosen?.length) return undefined;
    const hedera = hederaExplorerProblem(runner.chainIdOf(chosen[0].record));
    if (hedera) {
      // Said before asking for a key or sending anything; the offered action verifies from sources instead.
      const { address, chainId } = chosen[0].record;
      void vscode.window
        .showWarningMessage(hedera, 'Verify Contract')
        .then((choice) => choice && vscode.commands.executeCommand('ledgerMirror.verifyContract', { address, chainId }));
      return undefined;
    }
    const { explorer } = readVerifySettings();
    const apiKey = await keys.get(explorer);
    if (!apiKey && !isRecordSelector(arg)) {
      const choice = await vscode.window.showWarningMessage(
        `No API key is stored for the explorer "${explorer}".`,
        'Set API Key…',
        'Continue Without',
      );
      if (choice === undefined) return undefined;
      if (choice === 'Set API Key…') await vscode.commands.executeCommand('ledgerMirror.setExplorerApiKey');
    }
    const report = await orMovedServer(
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Importing from ${explorer}…`, cancellable: true },
        async (_p, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          const [prepared] = await runner.prepare(chosen.slice(0, 1), abort.signal);
          return runner.viaExplorer(prepared, await keys.get(explorer), abort.signal);
        },
      ),
    );
    if (!report) return undefined;
    announce(report);
    return report;
  });

  services.registerCommand('ledgerMirror.setExplorerApiKey', async () => {
    const { explorer } = readVerifySettings();
    const key = await vscode.window.showInputBox({
      title: `API key for ${explorer}`,
      prompt: 'Stored in the OS keychain (VS Code SecretStorage), never in settings. Leave empty to remove the stored key.',
      password: true,
      ignoreFocusOut: true,
    });
    if (key === undefined) return;
    await keys.set(explorer, key);
    void vscode.window.showInformationMessage(key.trim() ? `API key for ${explorer} stored.` : `API key for ${explorer} removed.`);
  });

  services.registerCommand(COPY_KECCAK_COMMAND, async (hash: unknown) => {
    if (typeof hash !== 'string') return;
    await vscode.env.clipboard.writeText(hash);
    void vscode.window.showInformationMessage(`Copied ${hash}`);
  });
  services.registerCommand(OPEN_ON_HASHSCAN_COMMAND, async (arg: unknown) => {
    const url = hashscanUrl(arg);
    if (url?.startsWith('https://hashscan.io/')) await vscode.env.openExternal(vscode.Uri.parse(url));
  });
  services.registerCommand('ledgerMirror.verify.clearResults', () => {
    tree.clear();
    diagnostics.clear();
  });

  const scheduler = registerVerifyOnSave(context, services, runner, status);
  return { tree, diagnostics: diagnostics.collection, status: status.item, idle: () => scheduler.idle() };
}
