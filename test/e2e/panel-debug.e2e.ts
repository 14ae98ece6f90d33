// The debugger started from the trace panel's bug icon, as a new user does (#28 §4): with the panel on the revert,
// the session stops there as an exception, so VS Code's exception widget shows, every time, with the error's
// signature and selector.
import * as assert from 'node:assert/strict';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { openTraceFromPalette, openWorkbench, type Workbench } from './harness';

const CASE = 'custom-error';

describe("Debugging from the trace panel's bug icon", () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
  });
  after(() => workbench.close());

  it('stops on the revert the panel shows, with the exception widget naming the signature and selector', async () => {
    const { page } = workbench;
    const id = caseTransaction(
      CASES.findIndex((c) => c.name === CASE),
      CASE,
    ).transactionId;
    const stepper = await openTraceFromPalette(workbench, id);
    await stepper.locator('button[data-action="nextRevert"]').click();
    await stepper.locator('.st-row.current', { hasText: 'REVERT' }).waitFor({ timeout: 15_000 });
    await stepper.locator('button[data-action="debug"]').click();
    const widget = page.locator('.exception-widget');
    await widget.waitFor({ timeout: 60_000 });
    const text = await widget.innerText();
    assert.match(text, /InsufficientBalance\(uint256,uint256\) \(selector 0xcf479181\)/);
    assert.match(text, /InsufficientBalance\(available: 5, required: 100\)/);
  });
});
