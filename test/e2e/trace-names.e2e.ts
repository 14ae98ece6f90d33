// The stepper webview (the shipped bundle, in plain chromium) drawing names: the reference mirror's token-service
// revert, named from the sample workspace's build output and the mirror's result and actions, shows the call and
// the mirror's error in the header and each frame by name in Call frames.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStepperPage } from '../../bench/stepper-page';
import { copySampleWorkspace } from '../../scripts/vscode-real/sample-workspace';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { readBuildOutput } from '../../src/core/build-output/reader';
import { fetchContractActions, fetchContractResult } from '../../src/core/contract-results';
import { HttpClient } from '../../src/core/http';
import { AbiRegistry } from '../../src/core/names/registry';
import { resolveNetwork } from '../../src/core/networks';
import { fetchTrace } from '../../src/core/opcodes-client';
import { TraceNames } from '../../src/core/session/names';
import { TraceSession } from '../../src/core/session/session';
import { E2E_ENV } from './harness-env';

function caseId(name: string): string {
  const index = CASES.findIndex((c) => c.name === name);
  assert.ok(index >= 0, `no reference case ${name}`);
  return caseTransaction(index, name).transactionId;
}

describe('Trace stepper webview names (plain chromium)', () => {
  it('shows the called function, the mirror’s error and every frame by name, the HTS call with its response code', async () => {
    const chromium = process.env[E2E_ENV.chromium];
    assert.ok(chromium, `${E2E_ENV.chromium} is not set: run with npm run test:e2e`);
    const dir = mkdtempSync(join(tmpdir(), 'trace-names-'));
    const http = new HttpClient();
    try {
      const endpoints = resolveNetwork('custom', { mirrorUrl: process.env[E2E_ENV.mirrorUrl] ?? '' });
      const id = caseId('hts-insufficient');
      const [trace, { result }, { actions }, build] = await Promise.all([
        fetchTrace(http, endpoints, id, { stack: true }),
        fetchContractResult(http, endpoints, id),
        fetchContractActions(http, endpoints, id),
        copySampleWorkspace(join(dir, 'workspace'), {}).then(readBuildOutput),
      ]);
      const names = TraceNames.build(trace, { abis: AbiRegistry.fromContracts(build.contracts), result, actions });
      const hts = trace.frame(1);
      const stepper = await openStepperPage(new TraceSession(trace, { key: 'page', title: id, network: 'custom' }, hts.entryStep, names), chromium, dir, true);
      try {
        const page = stepper.page;
        const crumbs = page.locator('.crumbs .frame-name');
        await crumbs.nth(1).waitFor();
        assert.match(await crumbs.nth(0).innerText(), /^TokenSender\.pay\(/);
        assert.match(await crumbs.nth(1).innerText(), /^HTS\.transferToken\(token: 0\.0\.5001, sender: 0\.0\.1011, recipient: 0\.0\.1002, amount: 500\) → INSUFFICIENT_TOKEN_BALANCE/);
        assert.match(await page.locator('[data-testid="header-call"] code').innerText(), /^TokenSender\.pay\(/);
        assert.equal(await page.locator('[data-testid="revert-reason"] code').innerText(), 'TransferFailed(token: 0x0000000000000000000000000000000000001389, responseCode: 178)');
        assert.match(await page.locator('[data-testid="header-to"]').innerText(), /0\.0\.1011/);
        assert.equal(await page.locator('.hd-field', { hasText: 'Gas limit' }).locator('.hd-value').innerText(), '15000000');
      } finally {
        await stepper.close();
      }
    } finally {
      await http.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
