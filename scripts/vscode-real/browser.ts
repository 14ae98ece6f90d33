// Debian chromium driven by playwright-core (no Playwright browser download), with a throw-away profile.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { onCleanup } from './processes';

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Launches chromium with a new profile inside `parentDir` (a session's temp dir, so a killed run leaves nothing
 * behind once the session is cleaned up). `closeOnSignals`: let Playwright close the browser on SIGINT/SIGTERM
 * (and exit on SIGINT) — for processes without a launcher's cleanup (runMain), such as the e2e mocha process.
 * A browser must be closed, not killed: chromium's crash handler detaches from the process tree and would stay.
 */
export async function launchBrowser(executablePath: string, parentDir: string, closeOnSignals = false): Promise<Browser> {
  const profileDir = mkdtempSync(join(parentDir, 'chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    // In a launcher, Playwright's handlers would exit before the cleanup stopped code-server and the mirror; the
    // launcher closes the browser itself (onCleanup below).
    handleSIGINT: closeOnSignals,
    handleSIGTERM: closeOnSignals,
    handleSIGHUP: closeOnSignals,
    // Chromium keeps state under XDG dirs ($HOME by default): keep it in the profile.
    env: { ...process.env, XDG_CONFIG_HOME: join(profileDir, 'xdg-config'), XDG_CACHE_HOME: join(profileDir, 'xdg-cache') },
    viewport: { width: 1400, height: 900 },
    // Offline, root, no GPU: no sandbox, no QUIC, no background fetches or component updates.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await context.close().catch(() => undefined);
    rmSync(profileDir, { recursive: true, force: true });
  };
  onCleanup(close);
  return { context, page: context.pages()[0] ?? (await context.newPage()), close };
}
