// Harness for the real-browser scenarios, test/e2e/**/*.e2e.ts (mocha, started by test/e2e/run.mjs, which
// packages the VSIX, installs it into a fresh code-server and starts the reference mirror). openWorkbench()
// opens that workbench in Debian chromium on a fresh copy of the sample workspace.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { launchBrowser } from '../../scripts/vscode-real/browser';
import { workbenchUrl } from '../../scripts/vscode-real/code-server';
import { copySampleWorkspace } from '../../scripts/vscode-real/sample-workspace';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { E2E_ENV } from './harness-env';

const screenshotDir = join(projectRoot, 'out/screenshots');

export interface Workbench {
  page: Page;
  /** The reference mirror the workspace points at. */
  mirrorUrl: string;
  /** The folder open in this workbench: a fresh copy of test/vscode/workspace. */
  workspace: string;
  /** Runs a command from the palette by its full title, e.g. "Ledger Mirror: Show Token…". */
  runCommand(title: string): Promise<void>;
  /** Open Opcode Trace… from the palette for `transactionId`, with the default parts (stack only). */
  openTrace(transactionId: string): Promise<void>;
  /** The content of the n-th webview (0 = first). */
  webviewFrame(n?: number): FrameLocator;
  /** Saves a screenshot of the page to out/screenshots/<name>.png; returns its path. */
  shot(name: string): Promise<string>;
  close(): Promise<void>;
}

function fromRunner(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the scenarios with "npm run test:e2e"`);
  return value;
}

const open = new Set<Workbench>();

/** The reference mirror the runner started (also the workbench's `mirrorUrl`). */
export const runnerMirrorUrl = (): string => fromRunner(E2E_ENV.mirrorUrl);

/** `settings`: more workspace settings, in place before the window opens (no watcher to wait for). */
export async function openWorkbench(settings: Record<string, unknown> = {}): Promise<Workbench> {
  const mirrorUrl = runnerMirrorUrl();
  // Each workbench gets its own folder, hence its own workspace state (pinned tokens etc.).
  const tmpDir = fromRunner(E2E_ENV.tmpDir);
  const workspace = await copySampleWorkspace(mkdtempSync(join(tmpDir, 'workspace-')), {
    'ledgerMirror.mirrorUrl': mirrorUrl,
    ...settings,
  });
  const browser = await launchBrowser(fromRunner(E2E_ENV.chromium), tmpDir, true);
  const { page } = browser;
  const workbench: Workbench = {
    page,
    mirrorUrl,
    workspace,
    runCommand: (title) => runCommand(page, title),
    openTrace: (transactionId) => openTrace(page, transactionId),
    // A webview is two nested iframes: the host page (iframe.webview) and the extension's html (#active-frame).
    webviewFrame: (n = 0) => page.frameLocator('iframe.webview.ready').nth(n).frameLocator('iframe#active-frame'),
    shot: async (name) => {
      mkdirSync(screenshotDir, { recursive: true });
      const path = join(screenshotDir, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    close: async () => {
      open.delete(workbench);
      await browser.close();
      rmSync(workspace, { recursive: true, force: true });
    },
  };
  open.add(workbench);
  await page.goto(workbenchUrl(fromRunner(E2E_ENV.codeServerUrl), workspace));
  await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 90_000 });
  return workbench;
}

/**
 * F1, type, pick — retried, because F1 is swallowed while a webview has focus (so the side-bar title is clicked
 * first), a palette opened before the extension host registered its commands never lists them, and a palette can
 * close under the test when the workbench moves focus (a debug session opening its source, say). Each action has a
 * short bound, so a palette that closed costs one attempt, not the test; the row is clicked rather than Enter
 * pressed, so a palette that closed meanwhile cannot send Enter into an editor.
 */
async function runCommand(page: Page, title: string): Promise<void> {
  for (let attempt = 1; attempt <= 12; attempt++) {
    await page
      .locator('.part.sidebar .composite.title')
      .first()
      .click({ timeout: 2000 })
      .catch(() =>
        page
          .locator('.part.statusbar')
          .click({ position: { x: 5, y: 5 } })
          .catch(() => undefined),
      );
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input.input');
    if (
      !(await input.waitFor({ state: 'visible', timeout: 3000 }).then(
        () => true,
        () => false,
      ))
    )
      continue;
    if (
      !(await input.fill(`>${title}`, { timeout: 3000 }).then(
        () => true,
        () => false,
      ))
    )
      continue;
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    if (
      await row.click({ timeout: 2500 }).then(
        () => true,
        () => false,
      )
    )
      return;
    await page.keyboard.press('Escape');
  }
  throw new Error(`the command palette never listed "${title}"`);
}

async function openTrace(page: Page, transactionId: string): Promise<void> {
  await runCommand(page, 'Ledger Mirror: Open Opcode Trace…');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ timeout: 15_000 });
  await input.fill(transactionId);
  await page.locator('.quick-input-widget', { hasText: 'Expected a transaction id' }).waitFor({ state: 'detached', timeout: 15_000 });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget', { hasText: 'Parts of the Trace' }).waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
}

// Root hooks (this module is loaded by every scenario): a failed test leaves a screenshot of each open
// workbench, and workbenches a scenario forgot to close are closed at the end.
afterEach(async function () {
  if (this.currentTest?.state !== 'failed') return;
  const name = `failed-${this.currentTest.fullTitle().replace(/[^\w.-]+/g, '-')}`;
  for (const [n, workbench] of [...open].entries()) await workbench.shot(n ? `${name}-${n + 1}` : name).catch(() => undefined);
});
after(async () => {
  for (const workbench of [...open]) await workbench.close();
});

/**
 * Shows one view of the Ledger Mirror container the way the README pictures do: the container's other views
 * collapsed (they share the side bar, so a long tree would not be drawn below them), the side bar `width` px wide,
 * the mouse away from any hover.
 */
export async function showOnlyView(page: Page, view: string, width: number): Promise<void> {
  const others = page.locator('.part.sidebar .pane-header[aria-expanded="true"]').filter({ hasNotText: view });
  for (let i = 0; i < 5 && (await others.count()) > 0; i++) await others.first().click();
  await widenSideBar(page, width);
}

/** Drags the side bar's edge so it is `width` px wide, then moves the mouse away from any hover. */
export async function widenSideBar(page: Page, width: number): Promise<void> {
  const bar = await page.locator('.part.sidebar').boundingBox();
  if (bar) {
    const y = bar.y + bar.height / 2;
    await page.mouse.move(bar.x + bar.width + 2, y);
    await page.mouse.down();
    await page.mouse.move(bar.x + width, y, { steps: 8 });
    await page.mouse.up();
  }
  await page.mouse.move(1000, 300);
}

/** Opens a transaction's trace from the palette with the default parts; resolves with the stepper once rows show. */
export async function openTraceFromPalette(workbench: Workbench, transaction: string): Promise<FrameLocator> {
  const { page } = workbench;
  await workbench.runCommand('Ledger Mirror: Open Opcode Trace…');
  await page.locator('.quick-input-widget input.input').fill(transaction);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget', { hasText: 'Parts of the Trace' }).waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  const stepper = workbench.webviewFrame(0);
  await stepper.locator('.st-row:not(.loading)').first().waitFor({ timeout: 60_000 });
  return stepper;
}

/** Hides the side bar and the palette, then saves the screenshot `name` and copies it to `target` (the README's). */
export async function readmeShot(workbench: Workbench, name: string, target: string): Promise<void> {
  const { page } = workbench;
  await workbench.runCommand('View: Close Primary Side Bar');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 15_000 });
  await page.mouse.move(5, 450);
  // The palette and hovers fade out after they are hidden: wait until no fade (CSS transition) is running.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    undefined,
    {
      timeout: 15_000,
    },
  );
  copyFileSync(await workbench.shot(name), target);
}
