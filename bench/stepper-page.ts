// The stepper webview in plain chromium, outside VS Code: the shipped bundle and stylesheet, the same HTML and CSP
// (html-template.ts), and a TraceSession in this Node process answering its messages through a Playwright
// binding in place of VS Code's postMessage. Used by the step-to-paint benchmark, where a 1M-step trace in a
// code-server session would mostly measure the workbench.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../scripts/vscode-real/browser';
import { projectRoot } from '../scripts/vscode-real/tools';
import { renderTraceHtml } from '../src/extension/trace/html-template';
import type { TraceSession } from '../src/core/session/session';
import { PanelRequests } from '../src/extension/trace/panel-requests';
import { traceAction, type TraceActionId } from '../src/shared/trace-actions';
import type { GasProfileView } from '../src/shared/gas-profile';
import type { HostMessage, WebviewMessage } from '../src/shared/trace-protocol';

const ORIGIN = 'https://stepper.test';
const TYPES: Record<string, string> = { js: 'text/javascript', css: 'text/css', ttf: 'font/ttf', html: 'text/html' };

export interface StepperPage {
  page: Page;
  browser: Browser;
  /** Messages the host sent, by type (to count what crossed the bridge). */
  sent: Record<string, number>;
  /** Hottest-line entries the Gas view asked to open, by index. */
  openedLines: number[];
  /** Messages the webview posted that the page's host does not act on (showToken), in order, for tests. */
  received: WebviewMessage[];
  close(): Promise<void>;
}

/** Theme variables a VS Code webview gets from the workbench, enough for the page to look like the dark theme. */
const THEME = `body{--vscode-font-family:sans-serif;--vscode-font-size:13px;--vscode-editor-font-family:monospace;--vscode-editor-font-size:12px;
--vscode-foreground:#ccc;--vscode-editor-background:#1e1e1e;--vscode-descriptionForeground:#999;--vscode-focusBorder:#007fd4;
--vscode-list-activeSelectionBackground:#04395e;--vscode-list-activeSelectionForeground:#fff;--vscode-list-hoverBackground:#2a2d2e;
--vscode-charts-blue:#3794ff;--vscode-charts-green:#89d185;--vscode-charts-purple:#b180d7;--vscode-charts-orange:#d18616;
--vscode-charts-yellow:#cca700;--vscode-charts-red:#f14c4c;--vscode-errorForeground:#f48771;--vscode-panel-border:#444;
--vscode-scrollbarSlider-background:#79797966;--vscode-badge-background:#4d4d4d;--vscode-badge-foreground:#fff;
--vscode-diffEditor-insertedTextBackground:#9ccc2c33;--vscode-editorWarning-foreground:#cca700;--vscode-textLink-foreground:#3794ff}`;

/** `parentDir` holds chromium's throw-away profile; `closeOnSignals` as for launchBrowser (processes without a launcher). */
export async function openStepperPage(
  session: TraceSession,
  chromium: string,
  parentDir: string,
  closeOnSignals = false,
  gas: GasProfileView | null = null,
): Promise<StepperPage> {
  const browser = await launchBrowser(chromium, parentDir, closeOnSignals);
  const { page } = browser;
  const sent: Record<string, number> = {};
  const openedLines: number[] = [];
  const received: WebviewMessage[] = [];
  const requests = new PanelRequests(session);
  page.on('pageerror', (err) => console.error(`[stepper page] ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.error(`[stepper page] ${m.text()}`);
  });
  const post = async (m: HostMessage) => {
    sent[m.type] = (sent[m.type] ?? 0) + 1;
    await page.evaluate((msg) => window.postMessage(msg, '*'), m as unknown as Record<string, unknown>);
  };
  const act = (action: TraceActionId, count = 1) => {
    const run = traceAction(action).run;
    if (!('nav' in run)) return;
    session.navigate(run.nav.kind === 'step' ? { kind: 'step', delta: run.nav.delta * count } : run.nav);
  };
  // As the extension's panel: the last of the webview's moves and actions handled, echoed in each push.
  let seq = 0;
  await page.exposeBinding('__stepperHost', async (_source, m: WebviewMessage) => {
    if ((m.type === 'action' || m.type === 'moved') && m.seq !== undefined) seq = Math.max(seq, m.seq);
    switch (m.type) {
      case 'request':
        await post({ type: 'response', id: m.id, ok: true, result: requests.answer(m.kind, m.params as never) });
        return;
      case 'select':
        session.navigate({ kind: 'goto', step: m.step });
        break;
      case 'action':
        act(m.action, m.count);
        break;
      case 'moved':
        session.moveTo(m.step);
        if (m.haveView) return;
        break;
      case 'copy':
        return;
      case 'gas':
        await post({ type: 'gas', profile: gas, note: null });
        return;
      case 'openGasLine':
        openedLines.push(m.index);
        return;
      case 'showToken':
        received.push(m);
        return;
    }
    await post({ type: 'step', view: requests.view(), seq });
  });
  // A string, not a function: tsx would wrap a function's inner names in a helper the page does not have.
  await page.addInitScript(`{
    let state;
    window.acquireVsCodeApi = () => ({
      postMessage: (m) => window.__stepperHost(m),
      getState: () => state,
      setState: (s) => { state = s; },
    });
  }`);
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname.slice(1);
    if (path === 'index.html') {
      const html = renderTraceHtml({ cspSource: ORIGIN, nonce: 'bench', resource: (p) => `${ORIGIN}/${p}`, title: 'Stepper benchmark' });
      return route.fulfill({ body: html, contentType: TYPES.html });
    }
    if (path === 'theme.css') return route.fulfill({ body: THEME, contentType: TYPES.css });
    if (!/^(dist\/webview|media)\/[\w.-]+$/.test(path)) return route.fulfill({ status: 404 });
    const body = readFileSync(join(projectRoot, path));
    const css = path === 'media/trace.css' ? `@import url("${ORIGIN}/theme.css");\n` : '';
    return route.fulfill({
      body: css ? Buffer.concat([Buffer.from(css), body]) : body,
      contentType: TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream',
    });
  });
  await page.goto(`${ORIGIN}/index.html`);
  await page.evaluate(() => document.body.classList.add('vscode-dark'));
  return { page, browser, sent, openedLines, received, close: () => browser.close() };
}
