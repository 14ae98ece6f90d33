// The stepper webview (the shipped bundle, in plain chromium) drawing names: the reference mirror's token-service
// revert, named from the sample workspace's build output and the mirror's result and actions, shows the call and
// the mirror's error in the header and each frame by name in Call frames; the token it moves is a button that asks
// the host to show it in the Tokens view; a LOG step shows its event by name.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStepperPage, type StepperPage } from '../../bench/stepper-page';
import { copySampleWorkspace } from '../../scripts/vscode-real/sample-workspace';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { readBuildOutput } from '../../src/core/build-output/reader';
import { HttpClient } from '../../src/core/http';
import { MirrorClient } from '../../src/core/mirror/client';
import { AbiRegistry } from '../../src/core/names/registry';
import { resolveNetwork } from '../../src/core/networks';
import { fetchTrace, type FetchTraceOptions } from '../../src/core/opcodes-client';
import type { Trace } from '../../src/shared/trace-model';
import { TraceNames } from '../../src/core/session/names';
import { TraceSession } from '../../src/core/session/session';
import { E2E_ENV } from './harness-env';

function caseId(name: string): string {
  const index = CASES.findIndex((c) => c.name === name);
  assert.ok(index >= 0, `no reference case ${name}`);
  return caseTransaction(index, name).transactionId;
}

/**
 * The reference case's trace (with `parts`), named from the sample workspace's build output and the mirror's result
 * and actions, shown in the plain-chromium stepper at the step `at` picks; `check` looks at the page.
 */
async function withNamedStepper(
  name: string,
  parts: FetchTraceOptions,
  at: (trace: Trace) => number,
  check: (stepper: StepperPage, trace: Trace) => Promise<void>,
): Promise<void> {
  const chromium = process.env[E2E_ENV.chromium];
  assert.ok(chromium, `${E2E_ENV.chromium} is not set: run with npm run test:e2e`);
  const dir = mkdtempSync(join(tmpdir(), 'trace-names-'));
  const http = new HttpClient();
  try {
    const endpoints = resolveNetwork('custom', { mirrorUrl: process.env[E2E_ENV.mirrorUrl] ?? '' });
    const id = caseId(name);
    const [trace, { result }, { actions }, build] = await Promise.all([
      fetchTrace(new MirrorClient(endpoints, http), id, parts),
      new MirrorClient(endpoints, http).contractResult(id),
      new MirrorClient(endpoints, http).contractActions(id),
      copySampleWorkspace(join(dir, 'workspace'), {}).then(readBuildOutput),
    ]);
    const names = TraceNames.build(trace, { abis: AbiRegistry.fromContracts(build.contracts), result, actions });
    const stepper = await openStepperPage(
      new TraceSession(trace, { key: 'page', title: id, network: 'custom' }, at(trace), names),
      chromium,
      dir,
      true,
    );
    try {
      await check(stepper, trace);
    } finally {
      await stepper.close();
    }
  } finally {
    await http.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const firstStepOf = (trace: Trace, op: string) =>
  Array.from({ length: trace.length }, (_, i) => i).find((i) => trace.row(i).op === op) ?? -1;

describe('Trace stepper webview names (plain chromium)', () => {
  it('shows the called function, the mirror’s error and every frame by name, the HTS call with its response code', async () => {
    await withNamedStepper(
      'hts-insufficient',
      { stack: true },
      (trace) => trace.frame(1).entryStep,
      async (stepper) => {
        const page = stepper.page;
        const crumbs = page.locator('.crumbs .frame-name');
        await crumbs.nth(1).waitFor();
        assert.match(await crumbs.nth(0).innerText(), /^TokenSender\.pay\(/);
        assert.match(
          await crumbs.nth(1).innerText(),
          /^HTS\.transferToken\(token: 0\.0\.5001, sender: 0\.0\.1011, recipient: 0\.0\.1002, amount: 500\) → INSUFFICIENT_TOKEN_BALANCE/,
        );
        assert.match(await page.locator('[data-testid="header-call"] code').innerText(), /^TokenSender\.pay\(/);
        assert.equal(
          await page.locator('[data-testid="revert-reason"] code').innerText(),
          'TransferFailed(token: 0x0000000000000000000000000000000000001389, responseCode: 178)',
        );
        assert.match(await page.locator('[data-testid="header-to"]').innerText(), /0\.0\.1011/);
        assert.equal(await page.locator('.hd-field', { hasText: 'Gas limit' }).locator('.hd-value').innerText(), '15,000,000');

        const token = page.locator('.crumbs li').nth(1).locator('button.token-link');
        assert.equal(await token.innerText(), '0.0.5001');
        await token.click();
        for (let i = 0; i < 50 && stepper.received.length === 0; i++) await page.waitForTimeout(100);
        assert.deepEqual(stepper.received, [{ type: 'showToken', token: '0.0.5001' }]);
        assert.equal(
          await page.locator('.crumbs li').nth(0).locator('button.token-link').count(),
          0,
          'TokenSender.pay names no token argument',
        );
      },
    );
  });

  it('shows a LOG step’s event by name and arguments in the Event section, and hides the section elsewhere', async () => {
    await withNamedStepper(
      'logs',
      { stack: true, memory: true },
      (trace) => firstStepOf(trace, 'LOG1'),
      async ({ page }, trace) => {
        const log1 = firstStepOf(trace, 'LOG1');
        assert.ok(log1 > 0, 'the logs case emits a LOG1');
        const event = page.locator('.panel-event');
        await event.locator('.event-name').waitFor();
        assert.equal(await event.locator('.event-name').innerText(), 'Note(text: "hello from Events")');
        assert.match(await event.innerText(), /declared by Events/);
        await page.locator(`.st-row[data-step="${log1 + 1}"]`).click();
        await page.locator(`.st-row.current[data-step="${log1 + 1}"]`).waitFor();
        await event.waitFor({ state: 'hidden' });
      },
    );
  });
});
