// Step-to-paint of the trace stepper in real chromium at 1M steps (`npx tsx bench/stepper-paint.ts [--steps N]`).
// A synthetic mirror-shaped body (bench/generate.ts) is decoded by the real decoder into a TraceSession; the
// shipped webview bundle runs in chromium (bench/stepper-page.ts) and reports, through the Performance API, the
// time from each pushed step to the frame after it painted (`ledger-step-paint`, see src/webview/trace/timing.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeTraceFile } from '../src/core/opcodes-client';
import { TraceSession } from '../src/core/session/session';
import { generateTrace } from './generate';
import { openStepperPage } from './stepper-page';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '1000000' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    presses: { type: 'string', default: '300' },
    shot: { type: 'string' },
    'no-memory': { type: 'boolean' },
    'memory-words': { type: 'string', default: '8' },
  },
});
const steps = Number(values.steps);
const presses = Number(values.presses);

function stats(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
  return `n=${s.length} median=${q(0.5)} ms p95=${q(0.95)} ms max=${s[s.length - 1].toFixed(2)} ms`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'stepper-bench-'));
  try {
    const file = join(dir, 'trace.json');
    let t = performance.now();
    await generateTrace(file, { steps, stack: true, memory: !values['no-memory'], memoryWords: Number(values['memory-words']) });
    const trace = await decodeTraceFile(file);
    console.log(
      `trace: ${trace.length} steps with stack${values['no-memory'] ? '' : ` and ${values['memory-words']} memory words`}, generated and decoded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const session = new TraceSession(trace, { key: 'bench', title: `synthetic ${steps}-step trace`, network: 'bench' });
    const stepper = await openStepperPage(session, values.chromium, dir, true);
    const { page } = stepper;
    try {
      t = performance.now();
      await page.locator('.st-row:not(.loading)').first().waitFor();
      console.log(`first rows painted ${(performance.now() - t).toFixed(0)} ms after load`);
      const grid = page.locator('.step-table');
      await grid.focus();
      const measure = (name: string) => page.evaluate((n) => performance.getEntriesByName(n).map((e) => e.duration), name);
      await page.evaluate(() => performance.clearMeasures());
      // One key press at a time, each waiting for its step to be shown, as a person stepping would.
      for (let i = 1; i <= presses; i++) {
        await page.keyboard.press('ArrowDown');
        await page.locator('.status', { hasText: `Step ${i.toLocaleString('en-US')} of` }).waitFor();
      }
      const sequential = await measure('ledger-step-paint');
      const sequentialRender = await measure('ledger-step-render');
      await page.evaluate(() => performance.clearMeasures());
      // Far jumps: a new region of the table with rows not yet loaded, through the mini-map.
      const box = await page.locator('.minimap').boundingBox();
      for (let i = 0; i < 40 && box; i++) {
        await page.mouse.click(box.x + box.width / 2, box.y + (((i * 37) % 100) / 100) * box.height);
        await page.waitForTimeout(30);
      }
      await page.waitForTimeout(300);
      const jumps = await measure('ledger-step-paint');
      const jumpsRender = await measure('ledger-step-render');
      // The table's own scrollbar over the whole trace: drag the thumb to the end, then wheel back up a little.
      const thumb = await page.locator('.step-table .vl-thumb').boundingBox();
      const track = await page.locator('.step-table .vl-track').boundingBox();
      if (thumb && track) {
        t = performance.now();
        await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + 2);
        await page.mouse.down();
        await page.mouse.move(thumb.x + thumb.width / 2, track.y + track.height + 50, { steps: 20 });
        await page.mouse.up();
        await page.locator(`.st-row[data-step="${trace.length - 1}"]:not(.loading)`).waitFor();
        await page.mouse.move(track.x - 100, track.y + track.height / 2);
        await page.mouse.wheel(0, -2000);
        await page.locator(`.st-row[data-step="${trace.length - 101}"]:not(.loading)`).waitFor();
        console.log(
          `scrollbar dragged to the last of ${trace.length} rows and wheeled back 100 rows in ${(performance.now() - t).toFixed(0)} ms`,
        );
      }
      console.log(`step to paint, one step at a time: ${stats(sequential)}`);
      console.log(`script work per step:              ${stats(sequentialRender)}`);
      console.log(`step to paint, mini-map jumps:      ${stats(jumps)}`);
      console.log(`script work per jump:              ${stats(jumpsRender)}`);
      console.log(`host messages: ${JSON.stringify(stepper.sent)}`);
      if (values.shot) await page.screenshot({ path: values.shot });
    } finally {
      await stepper.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
