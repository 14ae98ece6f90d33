// The gas profile as a user meets it: the Gas view of a trace whose contracts the sample workspace built (boxes by
// call frame and Solidity function, a click goes to the frame's first step, a hottest line opens its file), and
// Toggle Gas per Line writing gas after the lines in the editor. Takes the README screenshots. Also the Gas view in
// plain chromium (the shipped bundle and CSP) on a real profile: boxes, keyboard, and labels that stay text.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openStepperPage } from '../../bench/stepper-page';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { copySampleWorkspace } from '../../scripts/vscode-real/sample-workspace';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { profileGas } from '../../src/core/gas/profile';
import { profileView } from '../../src/core/gas/view';
import { HttpClient } from '../../src/core/http';
import { MirrorClient } from '../../src/core/mirror/client';
import { resolveNetwork } from '../../src/core/networks';
import { fetchTrace } from '../../src/core/opcodes-client';
import { TraceSession } from '../../src/core/session/session';
import { Program } from '../../src/core/sourcemap/program';
import { mapSources } from '../../src/debug/standalone-host';
import type { GasProfileView } from '../../src/shared/gas-profile';
import { E2E_ENV } from './harness-env';
import { openWorkbench, type Workbench } from './harness';

const SHOTS = join(projectRoot, 'media/screenshots');

function caseId(name: string): string {
  const index = CASES.findIndex((c) => c.name === name);
  assert.ok(index >= 0, `no reference case ${name}`);
  return caseTransaction(index, name).transactionId;
}

/** Text drawn after the lines of the visible editors by extension decorations (VS Code draws them as ::after content). */
function decorationTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.monaco-editor .view-lines span')]
      .map((el) => getComputedStyle(el, '::after').content)
      .filter((c) => c && c !== 'none' && c !== 'normal'),
  );
}

describe('Gas profile in the browser', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
  });
  after(() => workbench.close());

  it('charts the gas by frame and function, goes to a frame from its box, and writes gas after the Solidity lines', async () => {
    const { page } = workbench;
    await workbench.runCommand('Ledger Mirror: Open Opcode Trace…');
    await page.locator('.quick-input-widget input.input').fill(caseId('nested-call'));
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget', { hasText: 'Parts of the Trace' }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    const stepper = workbench.webviewFrame(0);
    await stepper.locator('.st-row:not(.loading)').first().waitFor({ timeout: 60_000 });

    // Room for the chart in the screenshots.
    await workbench.runCommand('View: Close Primary Side Bar');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 15_000 });
    await stepper.locator('.gas-toggle').click();
    // Functions come from the build output: the callee's box is named by its public function.
    const callee = stepper.locator('.gas-box', { hasText: 'Callee.double' });
    await callee.waitFor({ timeout: 60_000 });
    await stepper.locator('.gas-box', { hasText: 'Caller.callDouble' }).waitFor();
    await stepper.locator('.status', { hasText: 'depth 0' }).waitFor({ timeout: 15_000 });
    await callee.click();
    await stepper.locator('.status', { hasText: 'depth 1' }).waitFor({ timeout: 15_000 });
    await page.mouse.move(5, 450);
    copyFileSync(await workbench.shot('gas'), join(SHOTS, 'gas.png'));

    // The hottest line (`calls += 1`, a storage write) opens in an editor.
    await stepper.locator('.gas-line-open', { hasText: 'Callee.sol' }).first().click();
    const editor = page.locator('.editor-group-container', { has: page.locator('.tab.active', { hasText: 'Callee.sol' }) });
    await editor.locator('.view-line', { hasText: 'calls += 1' }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await decorationTexts(page), []);

    await workbench.runCommand('Ledger Mirror: Toggle Gas per Line');
    let texts: string[] = [];
    for (let i = 0; i < 60 && !texts.some((t) => /gas \(\d/.test(t)); i++) {
      await page.waitForTimeout(250);
      texts = await decorationTexts(page);
    }
    assert.ok(
      texts.some((t) => /^"[\d,]+ gas \(\d+(\.\d)?%\)"$/.test(t)),
      `decorations: ${JSON.stringify(texts)}`,
    );
    await page.mouse.move(5, 450);
    copyFileSync(await workbench.shot('gas-lines'), join(SHOTS, 'gas-lines.png'));

    await workbench.runCommand('Ledger Mirror: Toggle Gas per Line');
    for (let i = 0; i < 60 && texts.length > 0; i++) {
      await page.waitForTimeout(250);
      texts = await decorationTexts(page);
    }
    assert.deepEqual(texts, []);
  });
});

describe('Gas view in plain chromium (the shipped bundle and CSP)', () => {
  it('draws the real profile as boxes, goes to a box’s first step by click and keyboard, and keeps labels as text', async () => {
    const chromium = process.env[E2E_ENV.chromium];
    const mirrorUrl = process.env[E2E_ENV.mirrorUrl];
    assert.ok(chromium && mirrorUrl, 'run with npm run test:e2e');
    const dir = mkdtempSync(join(process.env[E2E_ENV.tmpDir] ?? projectRoot, 'gas-page-'));
    const http = new HttpClient();
    try {
      const trace = await fetchTrace(new MirrorClient(resolveNetwork('custom', { mirrorUrl }), http), caseId('internal-call'), {
        stack: true,
      });
      const workspace = await copySampleWorkspace(join(dir, 'ws'), {});
      const { sources, files } = await mapSources(trace, [workspace], undefined, () => {});
      const real = profileView(profileGas(trace, { functions: await Program.build(trace, sources, files) }));
      const square = real.nodes.findIndex((n) => n.label === 'Calculator.square');
      assert.ok(square > 0, real.nodes.map((n) => n.label).join(', '));
      const markup = '<img src=x onerror="document.title=1">';
      const view: GasProfileView = {
        ...real,
        nodes: real.nodes.map((n, i) => (i === square ? { ...n, label: `${n.label}${markup}` } : n)),
      };

      const stepper = await openStepperPage(
        new TraceSession(trace, { key: 'gas', title: 'gas', network: 'custom' }),
        chromium,
        dir,
        true,
        view,
      );
      try {
        const { page } = stepper;
        await page.locator('.gas-toggle').click();
        await page.locator('.gas-view').waitFor();
        assert.equal(await page.locator('.steps').isVisible(), false);
        await page
          .locator('.gas-box')
          .nth(view.nodes.length - 1)
          .waitFor();
        assert.equal(await page.locator('.gas-box').count(), view.nodes.length);
        assert.equal(await page.locator('#app img').count(), 0, 'a label is text');
        assert.notEqual(await page.title(), '1');
        const box = page.locator(`.gas-box[data-node="${square}"]`);
        assert.match(await box.innerText(), /^Calculator\.square<img src=x onerror="document\.title=1"> · [\d,]+ \(\d/);
        assert.match((await box.getAttribute('title')) ?? '', /Inclusive: [\d,]+ gas[\s\S]*Exclusive: [\d,]+ gas[\s\S]*Calls: 2/);

        await box.click();
        await page.locator('.status', { hasText: `Step ${view.nodes[square].firstStep.toLocaleString('en-US')} of` }).waitFor();
        // Keyboard: Up to the caller (the root), Enter goes to its first step.
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('Enter');
        await page.locator('.status', { hasText: 'Step 0 of' }).waitFor();

        await page.locator('.gas-line-open').first().click();
        for (let i = 0; i < 40 && stepper.openedLines.length === 0; i++) await page.waitForTimeout(100);
        assert.deepEqual(stepper.openedLines, [0]);
      } finally {
        await stepper.close();
      }
    } finally {
      await http.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
