// Verification as a user meets it: the packaged extension in code-server, the sample workspace's Caller (deployed by
// the reference mirror), the reference verifier reading the mirror's chain. Verify from the palette, then delete an
// imported file and save with verify-on-save on: the missing file appears in the Problems panel on the import line.
// Also takes the README screenshot.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startVerifier, type VerifierHandle } from '../../servers/verifier/server';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { openWorkbench, runnerMirrorUrl, showOnlyView, type Workbench } from './harness';

const README_SHOT = join(projectRoot, 'media/screenshots/verify.png');

describe('Verification in the browser', () => {
  let workbench: Workbench;
  let verifier: VerifierHandle;

  before(async () => {
    // The verification settings are in the workspace before the window opens, so the first run goes to the
    // reference verifier.
    verifier = await startVerifier({ mirrorUrl: runnerMirrorUrl() });
    workbench = await openWorkbench({
      'ledgerMirror.verify.url': verifier.url,
      'ledgerMirror.verify.protocol': 'session',
      'ledgerMirror.verify.onSave': true,
    });
  });
  after(async () => {
    await workbench.close();
    await verifier.close();
  });

  async function openFile(name: string): Promise<void> {
    const { page } = workbench;
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ timeout: 15_000 });
    await input.fill(name);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: 15_000 });
  }

  it('verifies the sample Caller from the palette and summarises the run in a notification', async () => {
    const { page } = workbench;
    await workbench.runCommand('Ledger Mirror: Verify Contract…');
    const note = page.locator('.notification-toast', { hasText: /Verified \d of 1 contract|Cannot reach|sourcify\.dev/ }).first();
    await note.waitFor({ timeout: 60_000 });
    assert.match(await note.innerText(), /Verified 1 of 1 contract \(session API\): 1 perfect match/);
    await page.keyboard.press('Escape');
    assert.equal(verifier.repository.get('298', '0x00000000000000000000000000000000000003eB')?.status, 'perfect');
  });

  it('puts a deleted import into the Problems panel when Caller.sol is saved, on the import line', async () => {
    const { page } = workbench;
    const callerText = readFileSync(join(workbench.workspace, 'contracts/Caller.sol'), 'utf8');
    const importLine = callerText.split('\n').findIndex((l) => l.startsWith('import "./Callee.sol"')) + 1;
    rmSync(join(workbench.workspace, 'contracts/Callee.sol'));

    await openFile('Caller.sol');
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter'); // a trailing newline: the file still matches what was deployed
    await page.keyboard.press('Control+S');

    await page
      .locator('.part.statusbar .statusbar-item', { hasText: /Verif|Check/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await workbench.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
    const problem = page.locator('.markers-panel .monaco-list-row', { hasText: 'contracts/Callee.sol is missing' }).first();
    await problem.waitFor({ timeout: 60_000 });
    assert.match(await problem.innerText(), new RegExp(`Ln ${importLine}, Col 1`));

    await page.locator('.part.activitybar .action-item a[aria-label^="Ledger Mirror"]').click();
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'Missing (1)' }).first().waitFor({ timeout: 30_000 });
    // README screenshot: no toasts, only the Verification view, a wider side bar.
    await workbench.runCommand('Notifications: Clear All Notifications');
    await showOnlyView(page, 'Verification', 520);
    const shot = await workbench.shot('verify');
    mkdirSync(dirname(README_SHOT), { recursive: true });
    copyFileSync(shot, README_SHOT);
  });
});
