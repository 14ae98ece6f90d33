// Runs the extension tests in the workbench's node extension host and relays their output. The workbench reads
// extensionDevelopmentPath/extensionTestsPath from the URL payload, awaits the test module's run(), and reports
// through window.codeAutomationLog / window.codeAutomationExit (the hooks @vscode/test-web uses too).
import { appendFileSync, writeFileSync } from 'node:fs';
import { format } from 'node:util';
import type { Page } from 'playwright-core';
import { SUITE_START_MARKER } from '../../test/vscode/suite-marker';

/**
 * Opens `url` (a workbench URL with a test payload) and resolves with the suite's exit code. Everything the
 * workbench logs goes to `logFile`; stdout gets the suite's own output (from its start marker on).
 */
export async function runExtensionTests(page: Page, url: string, timeoutMs: number, logFile: string): Promise<number> {
  let finish: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (finish = resolve));
  let started = false;
  writeFileSync(logFile, '');
  await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[] = []) => {
    const line = format(...args);
    appendFileSync(logFile, `[${type}] ${line}\n`);
    if (started && type !== 'trace' && type !== 'debug') console.log(line);
    started ||= line.includes(SUITE_START_MARKER);
  });
  await page.exposeFunction('codeAutomationExit', (code: number) => finish(code));
  await page.goto(url);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the extension tests did not finish within ${timeoutMs / 1000} s (log: ${logFile})`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([exited, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
