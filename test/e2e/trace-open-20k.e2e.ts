// The real network's common case: a trace the mirror capped at tens of thousands of steps (here the reference
// mirror's long loop at 20,000 steps, ~9 MB with stack), opened from the palette in the packaged extension in
// code-server. Records how long after the mirror sent the body's last byte the panel shows its first rows, for the
// first trace of the window's extension host (the decoder's worker starts cold) and for a second one (the warm
// worker). The figures are logged, not asserted (timed assertions are flaky on a shared machine); the target,
// within 1 s, is reported in bench/RESULTS.md.
//
// The browser's profile is fresh, so its first webview of any kind installs the workbench's webview service worker
// (2.5–3.4 s on this machine under load), a cost a user's browser or VS Code pays once, not per window or trace.
// A Markdown preview (VS Code's own webview) is shown first, so the figure is the extension's first trace, not the
// browser's first webview; how long that preview took is logged beside it.
import * as assert from 'node:assert/strict';
import type { TraceCaseInfo } from '../../servers/mirror/evm/index';
import type { RunningMirror } from '../../servers/mirror/server';
import { formatCount } from '../../src/webview/trace/format';
import type { Workbench } from './harness';
import { longLoopWorkbench } from './long-loop';

const STEPS = 20_000;

describe('A 20,000-step trace in the browser: panel after the last byte', () => {
  let mirror: RunningMirror;
  let workbench: Workbench;
  let loop: TraceCaseInfo;
  /** When the mirror finished sending each opcodes body (performance.now() in this process). */
  const bodiesSent: number[] = [];

  before(async function () {
    this.timeout(180_000);
    // The log line comes once the response has closed: its last byte is written.
    ({ mirror, workbench, loop } = await longLoopWorkbench(STEPS, (line) => {
      if (/^GET \S*\/opcodes\S* 200 /.test(line)) bodiesSent.push(performance.now());
    }));
  });
  after(async () => {
    await workbench?.close();
    await mirror?.close();
  });

  /** Opens the long loop from the palette (default parts: stack) and returns ms from its last byte to its first rows. */
  const openAndTime = async (): Promise<number> => {
    const sent = bodiesSent.length;
    await workbench.openTrace(loop.transactionId);
    const stepper = workbench.webviewFrame(0);
    await stepper.locator('.st-row:not(.loading)').first().waitFor({ timeout: 60_000 });
    const shown = performance.now();
    await stepper.locator('.status', { hasText: `Step 0 of 0–${formatCount(loop.steps - 1)}:` }).waitFor({ timeout: 15_000 });
    assert.equal(bodiesSent.length, sent + 1, 'the panel read one opcodes body from the mirror');
    return shown - bodiesSent[sent];
  };

  /** Shows the workspace README's Markdown preview, then closes it; returns ms until the preview had drawn. */
  const firstWebview = async (): Promise<number> => {
    const { page } = workbench;
    await workbench.runCommand('Go to File...');
    await page.locator('.quick-input-widget input.input').fill('README.md');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'README.md' }).first().click();
    await page.locator('.tab.active', { hasText: 'README.md' }).waitFor({ timeout: 15_000 });
    const started = performance.now();
    await workbench.runCommand('Markdown: Open Preview');
    await workbench.webviewFrame(0).locator('h1', { hasText: 'Ledger Mirror sample workspace' }).waitFor({ timeout: 60_000 });
    const drawn = performance.now() - started;
    await workbench.runCommand('View: Close All Editors');
    await page.locator('iframe.webview').first().waitFor({ state: 'detached', timeout: 15_000 });
    return drawn;
  };

  it('opens it twice (cold, then with the warm decoder) and records the time from last byte to first rows', async function () {
    this.timeout(240_000);
    assert.ok(loop.steps >= STEPS, `the long loop has ${loop.steps} steps`);
    const preview = await firstWebview();
    const cold = await openAndTime();
    await workbench.runCommand('View: Close All Editors');
    await workbench.webviewFrame(0).locator('.st-row').first().waitFor({ state: 'detached', timeout: 15_000 });
    const warm = await openAndTime();
    const head = `      ${formatCount(loop.steps)} steps in code-server, panel's first rows after the body's last byte`;
    console.log(`${head}: first trace of the extension host ${cold.toFixed(0)} ms, second trace ${warm.toFixed(0)} ms (target ≤ 1000 ms)`);
    console.log(`      the browser's first webview (a Markdown preview, shown before them): ${preview.toFixed(0)} ms to draw`);
  });
});
