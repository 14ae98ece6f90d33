// Source stepping as a user meets it: stepping a reverted trace to the callee's REVERT opens the callee's Solidity
// source beside the stepper and marks the `require` that reverted. Also takes the README screenshot.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { openTraceFromPalette, openWorkbench, readmeShot, type Workbench } from './harness';

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

    const stepper = await openTraceFromPalette(workbench, id);

    await stepper.locator('.step-table').focus();
    await page.keyboard.press('Alt+X');
    await stepper.locator('.st-row.current .c-op', { hasText: 'REVERT' }).waitFor({ timeout: 15_000 });

    await page.locator('.tabs-container .tab', { hasText: 'Callee.sol' }).waitFor({ timeout: 15_000 });
    await page.locator('.part.statusbar', { hasText: `Callee.sol:${requireLine}` }).waitFor({ timeout: 15_000 });
    const editor = page.locator('.editor-group-container', { has: page.locator('.tab.active', { hasText: 'Callee.sol' }) });
    await editor.locator('.view-line', { hasText: 'Callee: amount must be zero' }).waitFor({ timeout: 15_000 });
    // The step's range is drawn with an extension decoration (VS Code names their classes ced-…).
    assert.ok((await editor.locator('.view-overlays [class*="ced-"], .view-lines [class*="ced-"]').count()) > 0, 'the step is decorated');

    await readmeShot(workbench, 'source', README_SHOT);
  });
});
