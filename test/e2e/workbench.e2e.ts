// The e2e harness end to end: code-server with the packaged VSIX, Debian chromium, the palette, screenshots.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { openWorkbench, type Workbench } from './harness';

describe('e2e harness: packaged extension in code-server', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await openWorkbench();
  });
  after(() => workbench?.close());

  it('shows the Ledger Mirror container in the activity bar and its Tokens view', async () => {
    const { page } = workbench;
    await page.locator('.part.activitybar .action-item a[aria-label^="Ledger Mirror"]').click({ timeout: 60_000 });
    await page.locator('.part.sidebar .composite.title', { hasText: 'Ledger Mirror' }).waitFor({ timeout: 30_000 });
    // The header is hidden while Tokens is the container's only view, so it is only required to exist.
    await page.locator('.part.sidebar .pane-header[aria-label^="Tokens"]').waitFor({ state: 'attached', timeout: 30_000 });
  });

  it('opens the workspace copy whose settings select the custom network', async () => {
    await workbench.page.locator('.part.statusbar .statusbar-item', { hasText: 'custom' }).waitFor({ timeout: 30_000 });
  });

  it('runs a contributed command from the palette', async () => {
    const { page } = workbench;
    await workbench.runCommand('Ledger Mirror: Select Network…');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'testnet' }).first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
  });

  it('saves screenshots under out/screenshots/', async () => {
    assert.ok(existsSync(await workbench.shot('e2e-harness-workbench')));
  });
});
