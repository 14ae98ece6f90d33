// The Contracts view as a user meets it: the packaged extension in code-server, the sample workspace with the
// deployments npm start records (Caller, Calculator, Vault, TokenSender, Guarded), each listing its transactions, the
// failed ones named by their decoded error; the failed-only filter from the title bar. Takes the README's screenshot.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { SAMPLE_DEPLOYED_CASES, writeSampleDeployments } from '../../scripts/vscode-real/sample-deployments';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { openWorkbench, showOnlyView, type Workbench } from './harness';

const README_SHOT = join(projectRoot, 'media/screenshots/contracts.png');

describe('Contracts view in the browser', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
    // The contracts npm start records, by the address the mirror gives each case's result.
    const addresses = new Map<string, string>();
    for (const name of SAMPLE_DEPLOYED_CASES) {
      const { hash } = caseTransaction(
        CASES.findIndex((c) => c.name === name),
        name,
      );
      const result = (await (await fetch(`${workbench.mirrorUrl}/api/v1/contracts/results/${hash}`)).json()) as { to: string };
      addresses.set(name, result.to);
    }
    writeSampleDeployments(workbench.workspace, (name) => addresses.get(name));
  });
  after(() => workbench.close());

  const treeRow = (text: string | RegExp) => workbench.page.locator('.part.sidebar .monaco-list-row', { hasText: text }).first();

  it('lists each deployed contract with its transactions, failed ones named by their decoded error', async () => {
    const { page } = workbench;
    await page.locator('.part.activitybar .action-item a[aria-label^="Ledger Mirror"]').click();
    await showOnlyView(page, 'Contracts', 760);
    // The view reloads when the deployment files appear.
    await treeRow('InsufficientBalance(available: 5, required: 100)').waitFor({ timeout: 60_000 });
    await treeRow('Panic(0x12): division or modulo by zero').waitFor({ timeout: 30_000 });
    await treeRow('Error("Callee: amount must be zero")').waitFor({ timeout: 30_000 });
    await treeRow('TransferFailed(').waitFor({ timeout: 30_000 });
    await workbench.runCommand('Notifications: Clear All Notifications');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 15_000 });
    await page.mouse.move(1000, 450);
    await page.waitForTimeout(500); // the palette fades out after it is hidden
    const shot = await workbench.shot('contracts');
    mkdirSync(dirname(README_SHOT), { recursive: true });
    copyFileSync(shot, README_SHOT);
  });

  it('the failed-only filter hides the successful transactions', async () => {
    await workbench.runCommand('Ledger Mirror: Show Failed Transactions Only');
    await treeRow('callDouble').waitFor({ state: 'detached', timeout: 15_000 });
    await treeRow('Error("too low")').waitFor({ timeout: 15_000 });
    await workbench.runCommand('Ledger Mirror: Show All Transactions');
    await treeRow('callDouble').waitFor({ timeout: 15_000 });
  });
});
