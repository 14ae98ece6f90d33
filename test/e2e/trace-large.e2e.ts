// The trace stepper at its size target, as a user meets it: a ~1,000,000-step trace from the reference mirror's
// long loop, opened from the palette in the packaged extension in code-server and stepped with the keyboard only.
// Each key must land on the step the core's navigation predicts; the key-to-paint times the webview records are
// logged (speed targets are asserted by `npm run bench`, not here: timed assertions are flaky on a shared machine).
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import type { TraceCaseInfo } from '../../servers/mirror/evm/index';
import type { RunningMirror } from '../../servers/mirror/server';
import { HttpClient } from '../../src/core/http';
import { MirrorClient } from '../../src/core/mirror/client';
import { resolveNetwork } from '../../src/core/networks';
import { fetchTrace } from '../../src/core/opcodes-client';
import type { NavCommand, Trace } from '../../src/shared/trace-model';
import { formatCount } from '../../src/webview/trace/format';
import type { Workbench } from './harness';
import { E2E_ENV } from './harness-env';
import { longLoopWorkbench } from './long-loop';

const STEPS = 1_000_000;
/** The body with stack is ~600 MB: the extension host downloads and decodes it before the first rows. */
const OPEN_TIMEOUT = 100_000;
/** How long before its key a chord's modifiers go down (people take 30-100 ms). */
const MODIFIER_LEAD_MS = 50;
/**
 * Presses of each key kind per pass. In `npm test` a few of each check that every kind lands where the core says; the
 * key-to-paint figures of bench/STEPPER.md need the measuring count (`npm run bench:stepper`: 50, so a kind's p95 is
 * not its worst press or two).
 */
const PER_KIND = Math.max(1, Math.min(200, Number(process.env[E2E_ENV.keysPerKind]) || 6));

function stats(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 'n=0';
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)].toFixed(1);
  return `n=${s.length} p50=${q(0.5)} p95=${q(0.95)} p99=${q(0.99)} max=${s[s.length - 1].toFixed(1)} ms`;
}

interface KeyMark {
  key: string;
  local: boolean;
  duration: number;
}

/** One line per key kind: how many the webview answered itself, key-to-paint and script work. */
function byKind(toPaint: KeyMark[], script: KeyMark[]): string[] {
  const kinds = [...new Set(toPaint.map((m) => m.key))];
  return kinds.map((kind) => {
    const mine = toPaint.filter((m) => m.key === kind);
    const local = mine.filter((m) => m.local).length;
    const work = script.filter((m) => m.key === kind).map((m) => m.duration);
    return `${kind.padEnd(12)} local ${local}/${mine.length}  key to paint ${stats(mine.map((m) => m.duration))} | script ${stats(work)}`;
  });
}

describe('Trace stepper in the browser at 1,000,000 steps', () => {
  let mirror: RunningMirror;
  let workbench: Workbench;
  let loop: TraceCaseInfo;
  /** The same trace without stack, decoded here only to predict where each key lands. */
  let expected: Trace;

  before(async function () {
    this.timeout(180_000);
    ({ mirror, workbench, loop } = await longLoopWorkbench(STEPS));
    const http = new HttpClient();
    try {
      expected = await fetchTrace(new MirrorClient(resolveNetwork('custom', { mirrorUrl: mirror.url }), http), loop.transactionId, {
        stack: false,
      });
    } finally {
      await http.close();
    }
  });
  after(async () => {
    await workbench?.close();
    await mirror?.close();
  });

  const stepper = (): FrameLocator => workbench.webviewFrame(0);
  const currentStep = async () => Number(await stepper().locator('.st-row.current').getAttribute('data-step', { timeout: 15_000 }));
  const waitForStep = (step: number) => stepper().locator(`.st-row.current[data-step="${step}"]`).waitFor({ timeout: 30_000 });
  /**
   * Calls back with the current step each time the webview records a key's paint (`ledger-key-to-paint`): the test
   * learns where a key landed without polling the DOM or evaluating in the page while the key's frame is produced,
   * which would add the test's own work to the frames being measured (the webview shares the workbench's renderer).
   */
  const watchKeyPaints = async (onPainted: (step: number) => void) => {
    await workbench.page.context().exposeBinding('__ledgerKeyPainted', (_source, step: number) => onPainted(step));
    await stepper()
      .locator('body')
      .evaluate(() => {
        new PerformanceObserver((list) => {
          for (const _entry of list.getEntriesByName('ledger-key-to-paint')) {
            const row = document.querySelector('.st-row.current');
            (window as unknown as { __ledgerKeyPainted(step: number): void }).__ledgerKeyPainted(Number(row?.getAttribute('data-step')));
          }
        }).observe({ type: 'measure' });
      });
  };
  /** The webview's own timing marks (src/webview/trace/timing.ts) since the last call; the last paint may lag a frame. */
  const takeMeasures = async () => {
    await workbench.page.waitForTimeout(100);
    // No named helper inside: tsx would wrap it in a `__name` call the page does not have.
    return stepper()
      .locator('body')
      .evaluate(() => {
        const [paint] = ['ledger-step-paint'].map((name) => performance.getEntriesByName(name).map((e) => e.duration));
        const [key, script, inputDelay] = ['ledger-key-to-paint', 'ledger-key-script', 'ledger-key-input-delay'].map((name) =>
          performance
            .getEntriesByName(name)
            .map((e) => ({ ...((e as PerformanceMeasure).detail as { key: string; local: boolean }), duration: e.duration })),
        );
        performance.clearMeasures();
        return { paint, key, script, inputDelay };
      });
  };

  it('opens the long loop from the palette with its whole length in the status line', async function () {
    this.timeout(OPEN_TIMEOUT + 30_000);
    assert.ok(loop.steps >= STEPS, `the long loop has ${loop.steps} steps`);
    assert.equal(expected.length, loop.steps);
    await workbench.openTrace(loop.transactionId);
    await stepper().locator('.st-row:not(.loading)').first().waitFor({ timeout: OPEN_TIMEOUT });
    assert.equal(await currentStep(), 0);
    await stepper()
      .locator('.status', { hasText: `Step 0 of 0–${formatCount(loop.steps - 1)}:` })
      .waitFor({ timeout: 15_000 });
    assert.equal(await stepper().locator('.trace-header h1').innerText(), loop.transactionId);
  });

  /**
   * The keys of one pass, `perKind` presses of each kind (the long loop runs in one frame, so Shift+F11 goes to the
   * last step and Alt+Shift+F11 to the first): every key the webview answers itself when it holds the rows (the step
   * table's keys, the step-by-frame F-keys and Ctrl+Home/End), forward, backward and to both ends, from step 0 back
   * to step 0.
   */
  const keyList = (perKind: number): [string, NavCommand][] => {
    const cycle = (pairs: [string, NavCommand][], n: number) => Array.from({ length: n }, (_, i) => pairs[i % pairs.length]);
    return [
      ...cycle(
        [
          ['ArrowDown', { kind: 'step', delta: 1 }],
          ['F10', { kind: 'over' }],
          ['F11', { kind: 'into' }],
          ['PageDown', { kind: 'step', delta: 0 }],
        ],
        4 * perKind,
      ),
      ...cycle(
        [
          ['ArrowUp', { kind: 'step', delta: -1 }],
          ['Alt+F10', { kind: 'over', backward: true }],
          ['Alt+F11', { kind: 'into', backward: true }],
          ['PageUp', { kind: 'step', delta: 0 }],
        ],
        4 * perKind,
      ),
      ...cycle(
        [
          ['End', { kind: 'last' }],
          ['Home', { kind: 'first' }],
          ['Control+End', { kind: 'last' }],
          ['Control+Home', { kind: 'first' }],
        ],
        2 * perKind,
      ),
      ...cycle(
        [
          ['ArrowDown', { kind: 'step', delta: 1 }],
          ['Shift+F11', { kind: 'out' }],
          ['ArrowUp', { kind: 'step', delta: -1 }],
          ['Alt+Shift+F11', { kind: 'out', backward: true }],
        ],
        4 * perKind,
      ),
    ];
  };
  // A page is what the table shows less one row, as its own PageUp/PageDown say (read at each press: the panel
  // narrows when the source editor opens beside it).
  const pageRows = () =>
    stepper()
      .locator('.step-table')
      .evaluate((el) => {
        const viewport = el.querySelector('.vl-viewport') as HTMLElement;
        const row = el.querySelector('.st-row') as HTMLElement;
        return Math.max(1, Math.floor(viewport.clientHeight / row.getBoundingClientRect().height) - 1);
      });
  let painted: ((step: number) => void) | undefined;

  /**
   * Presses `keys` from step 0, each checked against the core's navigation, and logs the webview's timing marks
   * under `label`. `pauseMs`: how long after a key's step is on screen the next key goes down (0: at once, faster
   * than a held key repeats).
   */
  const stepThrough = async (label: string, keys: [string, NavCommand][], pauseMs: number) => {
    const { page } = workbench;
    await stepper().locator('.step-table').focus();
    await takeMeasures();
    let at = await currentStep();
    assert.equal(at, 0);
    // The webview keeps at most 5,000 timing entries: take them every 200 keys.
    const measured: Awaited<ReturnType<typeof takeMeasures>>[] = [];
    for (const [pressed, [key, cmd]] of keys.entries()) {
      if (pressed > 0 && pressed % 200 === 0) measured.push(await takeMeasures());
      const paged =
        cmd.kind === 'step' && cmd.delta === 0
          ? { kind: 'step' as const, delta: (key === 'PageUp' ? -1 : 1) * (await pageRows()) }
          : undefined;
      const next = expected.navigate(at, paged ?? cmd);
      if (next === at) throw new Error(`${key} from step ${at} would not move: no paint to wait for (fix the key list)`);
      const landed = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${key} from step ${at}: no paint within 30 s`)), 30_000);
        painted = (step) => {
          clearTimeout(timer);
          resolve(step);
        };
      });
      // A person's chord: the modifiers go down a moment before the key (the workbench reacts to a bare Alt, on the
      // thread the webview shares, and a test pressing both within a millisecond would time that too). And a person
      // lets go after the step is on screen; Playwright's press() would send the key-up (which the webview forwards
      // to the workbench) inside the frame being measured.
      const parts = key.split('+');
      const main = parts.pop() as string;
      for (const modifier of parts) await page.keyboard.down(modifier);
      if (parts.length > 0) await page.waitForTimeout(MODIFIER_LEAD_MS);
      await page.keyboard.down(main);
      assert.equal(await landed, next, `${key} from step ${at}`);
      for (const part of [main, ...parts.reverse()]) await page.keyboard.up(part);
      at = next;
      if (pauseMs > 0) await page.waitForTimeout(pauseMs);
    }
    assert.equal(at, 0);
    measured.push(await takeMeasures());
    const keyed = {
      paint: measured.flatMap((m) => m.paint),
      key: measured.flatMap((m) => m.key),
      script: measured.flatMap((m) => m.script),
      inputDelay: measured.flatMap((m) => m.inputDelay),
    };
    assert.ok(keyed.paint.length >= keys.length - 1, `a step-paint mark per key (${keyed.paint.length} for ${keys.length})`);
    const head = `      ${formatCount(loop.steps)} steps in code-server, ${label}`;
    console.log(`${head}, step to paint: ${stats(keyed.paint)}`);
    console.log(`${head}, key to paint (all keys): ${stats(keyed.key.map((m) => m.duration))}`);
    console.log(`${head}, script work per key (all keys): ${stats(keyed.script.map((m) => m.duration))}`);
    console.log(`${head}, key to handler (input delay, all keys): ${stats(keyed.inputDelay.map((m) => m.duration))}`);
    for (const line of byKind(keyed.key, keyed.script)) console.log(`        ${line}`);
  };

  it('steps with the keyboard only, each key landing where the core navigation predicts', async function () {
    this.timeout(900_000);
    await watchKeyPaints((step) => painted?.(step));
    // Stepping as a person reads a trace: the next key ~150 ms after the step is on screen (about as fast as a
    // finger taps), so each key meets an idle renderer.
    await stepThrough('one key at a time', keyList(PER_KIND), 150);
    // The stress case: the next key as soon as the last one's step is painted, while the workbench is still
    // drawing that frame (a held key repeats every 33-40 ms; this comes every ~20 ms).
    await stepThrough('back to back', keyList(2 * PER_KIND), 0);
    // The same without the workbench's experimental modern UI: its rounded corners are drawn over the panel as a
    // mask, which a software compositor (no GPU here) applies to every frame.
    const settingsFile = join(workbench.workspace, '.vscode/settings.json');
    const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(settingsFile, JSON.stringify({ ...settings, 'workbench.experimental.modernUI': false }, null, 2));
    await workbench.page.locator('.monaco-workbench:not(.modern-ui)').waitFor({ timeout: 30_000 });
    await stepThrough('back to back, modern UI off', keyList(PER_KIND), 0);

    const { page } = workbench;
    const at = 0;
    const last = loop.steps - 1;
    const far = Math.floor(loop.steps * 0.654321);
    // A far jump, still from the keyboard: Ctrl+G, the step number, Enter.
    await page.keyboard.press('Control+G');
    const input = page.locator('.quick-input-widget input.input');
    await page.locator('.quick-input-widget', { hasText: 'Go to Step' }).waitFor({ timeout: 15_000 });
    await input.fill(String(far));
    await page.keyboard.press('Enter');
    await waitForStep(expected.navigate(at, { kind: 'goto', step: far }));
    await stepper()
      .locator('.status', { hasText: `Step ${formatCount(far)} of 0–${formatCount(last)}:` })
      .waitFor({ timeout: 15_000 });
    assert.equal(await stepper().locator(`.st-row.current[data-step="${far}"] .c-op`).innerText(), expected.row(far).op);
    await stepper().locator('.step-table').focus();
    await page.keyboard.press('ArrowDown');
    await waitForStep(far + 1);

    const jump = await takeMeasures();
    console.log(
      `      ${formatCount(loop.steps)} steps, far jump (Go to Step) + 1 step, step to paint: ${jump.paint.map((d) => d.toFixed(1)).join(', ')} ms`,
    );
  });
});
