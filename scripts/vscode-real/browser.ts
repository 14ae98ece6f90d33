// Debian chromium driven by playwright-core (no Playwright browser download), with a throw-away profile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { onCleanup } from './processes';

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function launchBrowser(executablePath: string): Promise<Browser> {
  const profileDir = mkdtempSync(join(tmpdir(), 'ledger-mirror-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    // Playwright's own signal handlers would close the browser and exit before the launcher's cleanup stopped
    // code-server and the mirror; the launcher closes the browser itself (onCleanup below).
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    // Chromium keeps crash reports and dconf state under XDG dirs ($HOME by default): keep them in the profile.
    env: { ...process.env, XDG_CONFIG_HOME: join(profileDir, 'xdg-config'), XDG_CACHE_HOME: join(profileDir, 'xdg-cache') },
    viewport: { width: 1400, height: 900 },
    // Offline, root, no GPU: no sandbox, no QUIC, no background fetches or component updates.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
