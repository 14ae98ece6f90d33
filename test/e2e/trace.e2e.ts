// The trace stepper as a user meets it: the packaged extension in code-server, driven from the palette and the
// keyboard in Debian chromium, against the reference mirror's real EVM traces. Also takes the README screenshot,
// restores the panel (and its Gas view) across a page reload, and checks that markup in a revert string stays text.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { openStepperPage } from '../../bench/stepper-page';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { createEvmTraceProvider } from '../../servers/mirror/evm/index';
import { startMirror } from '../../servers/mirror/server';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { HttpClient } from '../../src/core/http';
import { MirrorClient } from '../../src/core/mirror/client';
import { resolveNetwork } from '../../src/core/networks';
import { decodeTraceFile, fetchTrace } from '../../src/core/opcodes-client';
import type { Trace } from '../../src/shared/trace-model';
import type { ColumnarTrace } from '../../src/core/trace/trace';
import { TraceSession } from '../../src/core/session/session';
import { E2E_ENV } from './harness-env';
import { openWorkbench, type Workbench } from './harness';

const README_SHOT = join(projectRoot, 'media/screenshots/trace.png');
const OPEN_TRACE = 'Ledger Mirror: Open Opcode Trace…';

function caseId(name: string): string {
  const index = CASES.findIndex((c) => c.name === name);
  assert.ok(index >= 0, `no reference case ${name}`);
  return caseTransaction(index, name).transactionId;
}

describe('Trace stepper in the browser', () => {
  let workbench: Workbench;
  let expected: Trace;

  before(async () => {
    workbench = await openWorkbench();
    const http = new HttpClient();
    try {
      expected = await fetchTrace(
        new MirrorClient(resolveNetwork('custom', { mirrorUrl: workbench.mirrorUrl }), http),
        caseId('nested-call'),
        {
          stack: true,
        },
      );
    } finally {
      await http.close();
    }
  });
  after(() => workbench.close());

  /** The stepper's content frame (the only webview open). */
  const stepper = (): FrameLocator => workbench.webviewFrame(0);
  const currentStep = async () => Number(await stepper().locator('.st-row.current').getAttribute('data-step', { timeout: 15_000 }));
  const stackText = () => stepper().locator('.panel-stack .panel-body').innerText();
  async function waitForStep(step: number): Promise<void> {
    await stepper().locator(`.st-row.current[data-step="${step}"]`).waitFor({ timeout: 15_000 });
  }

  /** Palette → Open Opcode Trace… → id → parts (stack, plus those named) → the panel with its rows. */
  async function openFromPalette(id: string, extraParts: string[] = []): Promise<void> {
    const { page } = workbench;
    await workbench.runCommand(OPEN_TRACE);
    await page.locator('.quick-input-widget', { hasText: 'Ledger Mirror: Open Opcode Trace' }).waitFor({ timeout: 15_000 });
    const input = page.locator('.quick-input-widget input.input');
    await input.fill('0.0.1000-17356896');
    await page
      .locator('.quick-input-widget', { hasText: 'Expected a transaction id (0.0.1234-1700000000-000000001' })
      .waitFor({ timeout: 15_000 });
    await input.fill(id);
    await page.locator('.quick-input-widget', { hasText: 'Expected a transaction id' }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget', { hasText: 'Parts of the Trace' }).waitFor({ timeout: 15_000 });
    for (const [i, part] of extraParts.entries()) {
      const row = page.locator('.quick-input-list .monaco-list-row', { hasText: part }).first();
      await row.locator('input[type="checkbox"], .monaco-checkbox, .quick-input-list-checkbox').first().click();
      await page.locator('.quick-input-widget', { hasText: `${i + 2} Selected` }).waitFor({ timeout: 5_000 });
    }
    await page.locator('.quick-input-widget .monaco-button', { hasText: 'OK' }).click();
    await stepper().locator('.st-row:not(.loading)').first().waitFor({ timeout: 60_000 });
  }

  it('opens a trace from the palette and shows its rows', async () => {
    await openFromPalette(caseId('nested-call'));
    assert.equal(await currentStep(), 0);
    const first = stepper().locator('.st-row[data-step="0"]');
    assert.equal(await first.locator('.c-op').innerText(), expected.row(0).op);
    assert.equal(await stepper().locator('.trace-header h1').innerText(), caseId('nested-call'));
    await stepper()
      .locator('.status', { hasText: `Step 0 of 0–${expected.length - 1}` })
      .waitFor();
  });

  it('moves with a click, F11 and F10, changing the highlighted row and the Stack panel', async () => {
    const { page } = workbench;
    const before = await stackText();
    const target = 5;
    await stepper().locator(`.st-row[data-step="${target}"]`).click();
    await waitForStep(target);
    const afterClick = await stackText();
    assert.notEqual(afterClick, before, 'the Stack panel follows the click');

    let at = target;
    const keys = [
      ['Alt+C', { kind: 'class', opClass: 'call' }],
      ['F11', { kind: 'into' }],
      ['F11', { kind: 'into' }],
      ['F10', { kind: 'over' }],
      ['F10', { kind: 'over' }],
      ['Shift+F11', { kind: 'out' }],
    ] as const;
    for (const [key, cmd] of keys) {
      const stack = await stackText();
      const next = expected.navigate(at, cmd);
      await page.keyboard.press(key);
      await waitForStep(next);
      // The row moves in the webview at once; the Stack panel may wait for the step's view from the host.
      for (let polls = 0; next !== at && (await stackText()) === stack; polls++) {
        assert.ok(polls < 300, `${key} from step ${at} changes the Stack panel`);
        await page.waitForTimeout(50);
      }
      at = next;
    }
    assert.ok(expected.row(at).depth === expected.row(target).depth, 'stepped into the call and out again');

    const timings = await stepper()
      .locator('body')
      .evaluate(() =>
        performance
          .getEntriesByName('ledger-key-to-paint')
          .map(
            (e) =>
              `${((e as PerformanceMeasure).detail as { key: string; local: boolean }).local ? 'webview' : 'host'} ${e.duration.toFixed(1)}`,
          ),
      );
    console.log(
      `      key-to-paint in code-server (answered in the webview, or through the workbench and extension host): ${timings.join(', ')} ms`,
    );
  });

  it('restores the panel at its step, with the Gas view it showed, after a window reload (serializer, from the cache)', async () => {
    const { page } = workbench;
    const step = await currentStep();
    await stepper().locator('.gas-toggle').click();
    await stepper().locator('.gas-toggle[aria-pressed="true"]').waitFor({ timeout: 15_000 });
    // The webview saves its state shortly after a change: wait for the save that has the Gas view in it (no named
    // functions inside: the page runs this text as it is).
    await stepper()
      .locator('body')
      .evaluate(
        () =>
          new Promise<void>((resolve) =>
            new PerformanceObserver((_list, observer) => {
              if (!performance.getEntriesByName('ledger-state-saved').some((e) => ((e as PerformanceMark).detail as { gas?: boolean }).gas))
                return;
              observer.disconnect();
              resolve();
            }).observe({ type: 'mark', buffered: true }),
          ),
      );
    // A window reload (not a bare page reload) lets the workbench store the webview state first, as on desktop.
    await workbench.runCommand('Developer: Reload Window');
    await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 90_000 });
    await stepper().locator('.gas-view').waitFor({ state: 'visible', timeout: 60_000 });
    assert.equal(await stepper().locator('.gas-toggle').getAttribute('aria-pressed'), 'true');
    await stepper().locator('.gas-toggle').click();
    await stepper().locator('.st-row:not(.loading)').first().waitFor({ timeout: 60_000 });
    await waitForStep(step);
  });

  /** Where the table's header cells and the memory panel's first row are, read in one go inside the webview. */
  interface Layout {
    width: number;
    table: Box;
    heads: Record<string, Box>;
    memory: Box;
    ascii: Box;
    overflowing: string[];
    bytes: string | null;
  }
  type Box = [left: number, right: number];
  const LAYOUT = `(() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.right]; };
    const row = [...document.querySelectorAll('.memory .mem-row')].find((r) => !r.hidden && !r.classList.contains('mem-probe') && r.offsetParent !== null);
    return {
      width: document.documentElement.clientWidth,
      table: box(document.querySelector('.step-table')),
      heads: Object.fromEntries(['step', 'pc', 'op', 'gas', 'cost'].map((c) => [c, box(document.querySelector('.st-head .c-' + c))])),
      memory: box(document.querySelector('.panel-memory .panel-body')),
      ascii: row ? box(row.querySelector('.ascii')) : [0, 0],
      overflowing: [...document.querySelectorAll('.step-table, .st-head, .memory .vl-viewport')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.className),
      bytes: document.querySelector('.panel-memory .panel-body').getAttribute('data-bytes'),
    };
  })()`;

  /** The webview's layout once its width satisfies `wanted` (the workbench re-lays out editors after a split). */
  async function layoutWhen(wanted: (width: number) => boolean): Promise<Layout> {
    let last: Layout | undefined;
    for (let i = 0; i < 150; i++) {
      last = (await stepper().locator('body').evaluate(LAYOUT)) as Layout;
      if (wanted(last.width) && last.ascii[1] > 0) return last;
      await workbench.page.waitForTimeout(100);
    }
    assert.fail(`the webview never reached the expected width: ${JSON.stringify(last)}`);
  }

  function assertFits(l: Layout, what: string): void {
    const inside = (box: Box, outer: Box, name: string) =>
      assert.ok(
        box[1] > box[0] && box[0] >= outer[0] - 0.5 && box[1] <= outer[1] + 0.5,
        `${what}: ${name} (${box.join('–')}) inside ${outer.join('–')}`,
      );
    inside(l.table, [0, l.width], 'the step table');
    for (const [column, box] of Object.entries(l.heads)) inside(box, l.table, `the ${column} header`);
    inside(l.memory, [0, l.width], 'the memory panel');
    inside(l.ascii, l.memory, 'a memory row’s ASCII column');
    assert.deepEqual(l.overflowing, [], `${what}: nothing scrolls sideways`);
    console.log(
      `      ${what}: webview ${l.width} px, step table ${Math.round(l.table[1] - l.table[0])} px, memory ${l.bytes} bytes per row`,
    );
  }

  it('keeps Step, PC, Op, Gas and Cost and the memory rows’ ASCII column in view at 1400×900 with the side bar open', async () => {
    const { page } = workbench;
    await workbench.runCommand('View: Close All Editors');
    const sidebar = page.locator('.part.sidebar');
    if (!(await sidebar.isVisible())) await workbench.runCommand('View: Toggle Primary Side Bar Visibility');
    await sidebar.waitFor({ state: 'visible' });
    assert.deepEqual(page.viewportSize(), { width: 1400, height: 900 });
    await openFromPalette(caseId('logs'), ['Memory']);
    // Memory is empty at step 0; the last step has the events' words in it. Stepping opens the source beside the
    // panel, which halves it: details go below the table.
    await stepper().locator('.step-table').focus();
    await page.keyboard.press('End');
    await page.locator('.tab', { hasText: 'Events.sol' }).waitFor({ timeout: 15_000 });
    assertFits(await layoutWhen((w) => w < 900), 'beside the source');
    await workbench.shot('trace-layout-1400-beside-source');
    // Alone in the editor area: details beside the table.
    await workbench.runCommand('View: Close Editors in Other Groups');
    assertFits(await layoutWhen((w) => w >= 900), 'alone');
    await workbench.shot('trace-layout-1400');
  });

  it('shows the decoded revert reason of a reverted trace in the header', async () => {
    await workbench.runCommand('View: Close All Editors');
    await openFromPalette(caseId('revert-error'), ['Memory', 'Storage']);
    const reason = stepper().locator('[data-testid="revert-reason"]');
    await reason.waitFor({ timeout: 15_000 });
    assert.match(await reason.innerText(), /Error\("Callee: amount must be zero"\)/);
    assert.equal(await stepper().locator('.badge.failed').innerText(), 'Failed');
    assert.equal(await stepper().locator('.hd-field', { hasText: 'Not fetched' }).count(), 0, 'memory and storage were asked for');

    // README screenshot: inside the reverted child frame, on its REVERT.
    await stepper().locator('.step-table').focus();
    await workbench.page.keyboard.press('Alt+X');
    await stepper().locator('.st-row.current .c-op', { hasText: 'REVERT' }).waitFor({ timeout: 15_000 });
    // Stepping opens the source beside the panel (source stepping): wait for its editor before using the palette.
    await workbench.page.locator('.tabs-container .tab', { hasText: 'Callee.sol' }).waitFor({ timeout: 15_000 });
    await workbench.runCommand('View: Close Primary Side Bar');
    await workbench.runCommand('View: Close Editors in Other Groups');
    await workbench.page.mouse.move(5, 450);
    const shot = await workbench.shot('trace');
    mkdirSync(dirname(README_SHOT), { recursive: true });
    copyFileSync(shot, README_SHOT);
  });
});

/** A small opcodes body written to a file, decoded by the core and shown in the plain-browser stepper page. */
async function withStepperFor(body: object, title: string, step: number, check: (page: Page) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'trace-page-'));
  try {
    const file = join(dir, 'trace.json');
    writeFileSync(file, JSON.stringify(body));
    await withStepper(await decodeTraceFile(file, { transaction: '0.0.1000-1-000000001' }), title, step, check);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The stepper over `trace` at `step`, in plain chromium with the shipped bundle. */
async function withStepper(trace: ColumnarTrace, title: string, step: number, check: (page: Page) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'trace-page-'));
  try {
    const chromium = process.env[E2E_ENV.chromium];
    assert.ok(chromium, `${E2E_ENV.chromium} is not set: run with npm run test:e2e`);
    const stepper = await openStepperPage(new TraceSession(trace, { key: 'page', title, network: 'custom' }, step), chromium, dir, true);
    try {
      await check(stepper.page);
    } finally {
      await stepper.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const op = (pc: number, name: string, gas: number, stack: string[], reason: string | null = null) => ({
  pc,
  op: name,
  gas,
  gas_cost: 3,
  depth: 0,
  stack,
  memory: [],
  storage: {},
  reason,
});

describe('Trace stepper webview in plain chromium (the shipped bundle and CSP)', () => {
  it('renders a revert string carrying markup as text, creating no element', async () => {
    const markup = '<img src=x onerror="document.title=1"><b>bold</b>';
    const message = Buffer.from(markup, 'utf8');
    const word = (n: number) => n.toString(16).padStart(64, '0');
    const data = '0x08c379a0' + word(32) + word(message.length) + message.toString('hex').padEnd(Math.ceil(message.length / 32) * 64, '0');
    const body = {
      address: '0x00000000000000000000000000000000000003e9',
      contract_id: '0.0.1001',
      failed: true,
      gas: 30000,
      return_value: data,
      opcodes: [op(2, 'PUSH1', 30000, []), op(4, 'PUSH1', 29997, ['0x64']), op(5, 'REVERT', 29994, ['0x64', '0x0'], data)],
    };
    await withStepperFor(body, markup, 2, async (page) => {
      const reason = page.locator('[data-testid="revert-reason"]');
      await reason.waitFor();
      assert.equal(await reason.locator('code').innerText(), `Error(${JSON.stringify(markup)})`);
      assert.equal(await page.locator('.trace-header h1').innerText(), markup);
      await page.locator('.panel-outcome dd', { hasText: '<b>bold</b>' }).first().waitFor();
      assert.equal(await page.locator('#app img, #app b').count(), 0, 'no element was created from the string');
      assert.notEqual(await page.title(), '1');
    });
  });

  it('says in the header, and at the last step, that the mirror cut a real trace at its caps', async function () {
    this.timeout(180_000);
    const capped = await startMirror({
      traces: await createEvmTraceProvider(),
      opcodeRequestsPerSecond: Infinity,
      opcodeCaps: { maxOpcodes: 301 },
    });
    const http = new HttpClient();
    try {
      const id = caseTransaction(
        CASES.findIndex((c) => c.name === 'nested-call'),
        'nested-call',
      ).transactionId;
      const trace = await fetchTrace(new MirrorClient(resolveNetwork('custom', { mirrorUrl: capped.url }), http), id);
      assert.equal(trace.length, 300);
      await withStepper(trace, 'capped', 299, async (page) => {
        const banner = page.locator('[data-testid="truncated-banner"][role="alert"]');
        await banner.waitFor();
        assert.match(
          await banner.innerText(),
          /^The mirror cut this trace after 300 steps \(its trace limits\): what the transaction did after that is missing.*a self-hosted mirror or a local node\.$/,
        );
        await page
          .locator('.status', {
            hasText:
              /^Step 299 of 0–299: .*End of what the mirror sent: the trace was cut here \(the rest of the transaction is missing\)\.$/,
          })
          .waitFor();
      });
    } finally {
      await http.close();
      await capped.close();
    }
  });
});
