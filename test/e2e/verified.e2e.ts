// Verified sources as a user meets them: a trace whose contract (Grants) is not in the workspace's build output but
// is verified on the verification server steps in Solidity, in a read-only editor titled with where the source came
// from. Also takes the README screenshot.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASES, EXTERNAL_CASE } from '../../servers/mirror/evm/cases';
import { compileContracts, contractOf, EXTERNAL_CONTRACTS_DIR } from '../../servers/mirror/evm/compile';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { startVerifier, type VerifierHandle } from '../../servers/verifier/server';
import { submitV2 } from '../../servers/verifier/submit-v2';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { openTraceFromPalette, openWorkbench, readmeShot, type Workbench } from './harness';

const README_SHOT = join(projectRoot, 'media/screenshots/verified.png');
// Run after the cases (servers/mirror/evm/index.ts), so its id follows theirs.
const transactionId = caseTransaction(CASES.length, EXTERNAL_CASE.name).transactionId;

describe('Verified sources in the browser', () => {
  let workbench: Workbench;
  let verifier: VerifierHandle;

  before(async () => {
    workbench = await openWorkbench();
    verifier = await startVerifier({ mirrorUrl: workbench.mirrorUrl });
    // As `npm start` does: another team verified Grants; the workspace never built it.
    const result = (await (await fetch(`${workbench.mirrorUrl}/api/v1/contracts/results/${transactionId}`)).json()) as { to: string };
    const external = await compileContracts(EXTERNAL_CONTRACTS_DIR);
    const { sourceName } = contractOf(external, EXTERNAL_CASE.contract);
    assert.equal(await submitV2(verifier.url, '298', result.to, `${sourceName}:${EXTERNAL_CASE.contract}`, external.input), 'exact_match');
    const settingsFile = join(workbench.workspace, '.vscode/settings.json');
    const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(settingsFile, JSON.stringify({ ...settings, 'ledgerMirror.verify.url': verifier.url }, null, 2));
  });
  after(async () => {
    await workbench.close();
    await verifier.close();
  });

  it('steps a contract only the verification server has, in its fetched Solidity', async () => {
    const { page } = workbench;
    const stepper = await openTraceFromPalette(workbench, transactionId);

    await stepper.locator('.step-table').focus();
    await page.keyboard.press('Alt+W');
    await stepper.locator('.st-row.current .c-op', { hasText: 'SSTORE' }).waitFor({ timeout: 15_000 });

    const tab = page.locator('.tabs-container .tab', { hasText: /Grants\.sol — verified on 127\.0\.0\.1:\d+ \(0\.0\.\d+\)/ });
    await tab.waitFor({ timeout: 30_000 });
    const editor = page.locator('.editor-group-container', { has: page.locator('.tab.active', { hasText: 'Grants.sol' }) });
    await editor.locator('.view-line', { hasText: 'credit[to] += amount;' }).waitFor({ timeout: 15_000 });
    // The step's decoration follows the verified names; wait for it rather than look once.
    await editor
      .locator('.view-overlays [class*="ced-"], .view-lines [class*="ced-"]')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => assert.fail('the step is decorated'));

    await readmeShot(workbench, 'verified', README_SHOT);
  });
});
