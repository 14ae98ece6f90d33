// The debugger as a user meets it: Debug Transaction… on the reverted reference trace, Continue to the revert, and
// the Run and Debug view shows the call stack with function names and the decoded argument. Also takes the README
// screenshot.
import * as assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { openWorkbench, type Workbench } from './harness';

const README_SHOT = join(projectRoot, 'media/screenshots/debug.png');

describe('Debugger in the browser', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
  });
  after(() => workbench.close());

  it('stops on the revert with the call stack and the arguments in the Run and Debug view', async () => {
    const { page } = workbench;
    const index = CASES.findIndex((c) => c.name === 'revert-error');
    const id = caseTransaction(index, 'revert-error').transactionId;
    const source = readFileSync(join(workbench.workspace, 'contracts/Callee.sol'), 'utf8').split('\n');
    const requireLine = source.findIndex((l) => l.includes('require(')) + 1;

    await workbench.runCommand('Ledger Mirror: Debug Transaction…');
    await page.locator('.quick-input-widget input.input').fill(id);
    await page.keyboard.press('Enter');
    // Stopped on entry (the toolbar offers Continue) before the palette is used again: the stop opens the source
    // and moves focus, which would close a palette opened meanwhile.
    await page.locator('.debug-toolbar .codicon-debug-continue').waitFor({ timeout: 60_000 });
    await workbench.runCommand('View: Show Run and Debug');
    const callStack = page.locator('.debug-call-stack');
    await callStack.locator('.monaco-list-row', { hasText: 'Caller.callCheck' }).waitFor({ timeout: 60_000 });

    // Continue: the Revert exception breakpoint (on by default) stops in the callee.
    await page.keyboard.press('F5');
    await callStack.locator('.monaco-list-row', { hasText: 'Callee.check' }).waitFor({ timeout: 30_000 });
    await page.locator('.debug-pane .monaco-list-row', { hasText: 'amount' }).first().waitFor({ timeout: 15_000 });
    const variables = await page.locator('.debug-variables').innerText();
    assert.match(variables, /amount\s*[:=]?\s*7/);
    await page.locator('.tabs-container .tab', { hasText: 'Callee.sol' }).first().waitFor({ timeout: 15_000 });
    assert.ok(requireLine > 0);
    // VS Code's own highlight (source stepping steps aside while debugging): the cursor sits on the stopped line.
    await page.locator('.part.statusbar', { hasText: `Ln ${requireLine},` }).waitFor({ timeout: 15_000 });

    await page.mouse.move(5, 450);
    await page.waitForTimeout(500);
    copyFileSync(await workbench.shot('debug'), README_SHOT);
  });
});
