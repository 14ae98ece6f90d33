// The Tokens view as a user meets it: the packaged extension in code-server, driven through the palette in
// Debian chromium, against the reference mirror. Also takes the README's screenshot.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator } from 'playwright-core';
import { SAMPLE, SAMPLE_MARKUP } from '../../servers/mirror/sample';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { openWorkbench, showOnlyView, type Workbench } from './harness';

const README_SHOT = join(projectRoot, 'media/screenshots/tokens.png');
const SHOW_TOKEN = 'Ledger Mirror: Show Token…';

describe('Tokens view in the browser', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
  });
  after(() => workbench.close());

  /** Runs Show Token… and returns its input box, once it is the Show Token box (not the palette). */
  async function showTokenBox(): Promise<Locator> {
    const { page } = workbench;
    await workbench.runCommand(SHOW_TOKEN);
    await page.locator('.quick-input-widget', { hasText: 'Ledger Mirror: Show Token' }).waitFor({ timeout: 15_000 });
    return page.locator('.quick-input-widget input.input');
  }

  const treeRow = (text: string) => workbench.page.locator('.part.sidebar .monaco-list-row', { hasText: text }).first();

  it('shows a token typed into Show Token…: its name and Keys group appear in the tree', async () => {
    const { page } = workbench;
    // The token with every key type, so the Keys group (and the README picture) shows real keys.
    const response = await fetch(`${workbench.mirrorUrl}/api/v1/tokens/${SAMPLE.keys}`);
    const token = (await response.json()) as { name: string; symbol: string; treasury_account_id: string };

    const input = await showTokenBox();
    await input.fill(SAMPLE.keys);
    await page.keyboard.press('Enter');

    await treeRow(`${token.symbol} ${SAMPLE.keys} — ${token.name}`).waitFor({ timeout: 60_000 });
    await showOnlyView(page, 'Tokens', 640);
    await treeRow('Keys').waitFor({ timeout: 15_000 });
    await treeRow('Treasury').filter({ hasText: token.treasury_account_id }).waitFor({ timeout: 15_000 });
    const shot = await workbench.shot('tokens');
    mkdirSync(dirname(README_SHOT), { recursive: true });
    copyFileSync(shot, README_SHOT);
  });

  it('shows the validation message for a bad id while typing, and does not accept it', async () => {
    const { page } = workbench;
    const input = await showTokenBox();
    await input.fill('abc');
    await page.locator('.quick-input-widget', { hasText: 'Expected a token id like 0.0.1234' }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    assert.ok(await input.isVisible(), 'Enter on an invalid id keeps the box open');
    await input.fill('0.0.1234');
    // A valid id clears the message.
    await page.locator('.quick-input-widget', { hasText: 'Expected a token id' }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.keyboard.press('Escape');
  });

  it('renders markup in a token name as literal text', async () => {
    const { page } = workbench;
    const input = await showTokenBox();
    await input.fill(SAMPLE.markup);
    await page.keyboard.press('Enter');
    const row = treeRow(`${SAMPLE_MARKUP.symbol} ${SAMPLE.markup} — ${SAMPLE_MARKUP.name}`);
    await row.waitFor({ timeout: 60_000 });
    assert.equal(await row.locator('b, i, img, script').count(), 0, 'no element was created from the token name');
  });
});
