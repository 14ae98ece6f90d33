// Source stepping as a user meets it: stepping a reverted trace to the callee's REVERT opens the callee's Solidity
// source beside the stepper and marks the `require` that reverted. Also takes the README screenshot.
import * as assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { openWorkbench, type Workbench } from './harness';

const README_SHOT = join(projectRoot, 'media/screenshots/source.png');

describe('Source stepping in the browser', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
  });
  after(() => workbench.close());

  it('marks the Solidity line of the step in an editor beside the stepper', async () => {
    const { page } = workbench;
    const revertCase = CASES.findIndex((c) => c.name === 'revert-error');
    const id = caseTransaction(revertCase, 'revert-error').transactionId;
    const source = readFileSync(join(workbench.workspace, 'contracts/Callee.sol'), 'utf8').split('\n');
    const requireLine = source.findIndex((l) => l.includes('require(')) + 1;
    assert.ok(requireLine > 0, 'the sample Callee has a require');

    await workbench.runCommand('Ledger Mirror: Open Opcode Trace…');
    const input = page.locator('.quick-input-widget input.input');
    await input.fill(id);
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget', { hasText: 'Parts of the Trace' }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    const stepper = workbench.webviewFrame(0);
    await stepper.locator('.st-row:not(.loading)').first().waitFor({ timeout: 60_000 });

    await stepper.locator('.step-table').focus();
    await page.keyboard.press('Alt+X');
    await stepper.locator('.st-row.current .c-op', { hasText: 'REVERT' }).waitFor({ timeout: 15_000 });

    await page.locator('.tabs-container .tab', { hasText: 'Callee.sol' }).waitFor({ timeout: 15_000 });
    await page.locator('.part.statusbar', { hasText: `Callee.sol:${requireLine}` }).waitFor({ timeout: 15_000 });
    const editor = page.locator('.editor-group-container', { has: page.locator('.tab.active', { hasText: 'Callee.sol' }) });
    await editor.locator('.view-line', { hasText: 'Callee: amount must be zero' }).waitFor({ timeout: 15_000 });
    // The step's range is drawn with an extension decoration (VS Code names their classes ced-…).
    assert.ok((await editor.locator('.view-overlays [class*="ced-"], .view-lines [class*="ced-"]').count()) > 0, 'the step is decorated');

    await workbench.runCommand('View: Close Primary Side Bar');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 15_000 });
    await page.mouse.move(5, 450);
    await page.waitForTimeout(500); // the palette fades out after it is hidden
    copyFileSync(await workbench.shot('source'), README_SHOT);
  });
});
