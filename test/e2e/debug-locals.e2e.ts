// The debugger's scopes as a user sees them in VS Code's own Run and Debug view: breakpoints set with F9 in Locals.sol
// (the reference mirror's locals-storage case: `pointers`, guarded by the modifier `counted`, which has a local of its
// own), Debug Transaction…, Continue to each. Inside the modifier its own frame (`counted(uint256)`) is on top with its
// argument and local; in the function's body the Locals, Globals and Events scopes show their values and the Call Stack
// the frame. Also takes the screenshot the README's and docs/debugger.md's debugger sections show.
import * as assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toFunctionSelector } from 'viem';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction, entityId, PAYER_NUM } from '../../servers/mirror/evm/ids';
import { projectRoot } from '../../scripts/vscode-real/tools';
import { openWorkbench, widenSideBar, type Workbench } from './harness';

const SHOT = join(projectRoot, 'media/screenshots/debugger-locals.png');
const CASE = 'locals-storage';
const LAUNCH = 'Locals: pointers (storage case)';

describe('Debugger scopes in the browser (Locals, Globals, Events)', () => {
  let workbench: Workbench;
  let source: string[];
  const lineOf = (needle: string) => {
    const at = source.findIndex((l) => l.includes(needle)) + 1;
    assert.ok(at > 0, `${needle} not in Locals.sol`);
    return at;
  };

  before(async () => {
    workbench = await openWorkbench();
    source = readFileSync(join(workbench.workspace, 'contracts/Locals.sol'), 'utf8').split('\n');
  });
  after(() => workbench.close());

  const variables = () => workbench.page.locator('.debug-variables');
  const callStack = () => workbench.page.locator('.debug-call-stack');

  /**
   * Opens a quick pick with `open` and picks the row showing `text`; again while the workbench has not caught up
   * (Quick Open lists nothing while the folder is indexed, a launch.json just written is read a moment later).
   */
  async function pick(open: () => Promise<void>, text: string): Promise<void> {
    const { page } = workbench;
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
    for (let attempt = 1; ; attempt++) {
      await open();
      const listed = await row.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (listed) break;
      assert.ok(attempt < 6, `the quick pick never listed ${text}`);
      await page.keyboard.press('Escape');
    }
    await row.click();
  }

  /** Opens a file by name with Quick Open. */
  async function openFile(name: string): Promise<void> {
    const { page } = workbench;
    await pick(async () => {
      await page.keyboard.press('Control+P');
      await page.locator('.quick-input-widget input.input').fill(name, { timeout: 15_000 });
    }, name);
    await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: 15_000 });
  }

  /** Go to Line, then F9: a line breakpoint, as a user sets one (the gutter shows one more). */
  async function toggleBreakpoint(line: number): Promise<void> {
    const { page } = workbench;
    const glyphs = page.locator('.monaco-editor [class*="codicon-debug-breakpoint"]');
    const at = page.locator('.part.statusbar', { hasText: `Ln ${line},` });
    // The editor has the focus Go to Line needs once its text was clicked; again if the palette closed meanwhile.
    await assertEventually(async () => {
      await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+G');
      const input = page.locator('.quick-input-widget input.input');
      if (
        !(await input.waitFor({ timeout: 3000 }).then(
          () => true,
          () => false,
        ))
      )
        return false;
      await input.fill(`:${line}`);
      await page.keyboard.press('Enter');
      return at.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      );
    }, `Go to Line ${line}`);
    // Counted where the line is in view (the editor draws only the lines it shows).
    const before = await glyphs.count();
    await page.keyboard.press('F9');
    await assertEventually(async () => (await glyphs.count()) > before, `a breakpoint glyph on line ${line}`);
  }

  /** Continue (the toolbar's button) until the debugger stops on `line` of Locals.sol and the views show that stop. */
  async function continueTo(line: number): Promise<void> {
    const { page } = workbench;
    const there = page.locator('.part.statusbar', { hasText: `Ln ${line},` });
    // Under load a click on the toolbar while the stop is still being drawn can go nowhere: the debugger is still
    // on the line before (this case has no breakpoint between), so clicking again cannot skip past `line`.
    for (let attempt = 1; ; attempt++) {
      await page.locator('.debug-toolbar .codicon-debug-continue').click();
      if (
        await there.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      assert.ok(attempt < 4, `Continue never reached line ${line}`);
    }
    await callStack()
      .locator('.monaco-list-row', { hasText: `${line}:` })
      .waitFor({ timeout: 15_000 });
  }

  /** Opens a scope of the Variables view (one VS Code kept open from the last stop stays open). */
  async function expand(scope: string): Promise<void> {
    const row = variables().locator('.monaco-list-row', { hasText: new RegExp(`^\\s*${scope}\\s*$`) });
    const open = async () => (await row.getAttribute('aria-expanded')) === 'true';
    for (let attempt = 1; !(await open()); attempt++) {
      assert.ok(attempt <= 4, `the ${scope} scope never opened`);
      await row.click();
      // A click toggles; the row says so a moment later (and a stop re-renders the scopes): wait before another.
      for (let i = 0; i < 12 && !(await open()); i++) await workbench.page.waitForTimeout(250);
    }
  }

  /** The Variables view shows a row matching `pattern` (its text is `name = value`). */
  async function shows(pattern: RegExp): Promise<void> {
    await variables().locator('.monaco-list-row', { hasText: pattern }).first().waitFor({ timeout: 15_000 });
  }

  it('stops inside the modifier `counted`: its own frame above the guarded function, its argument and its local', async () => {
    const { page } = workbench;
    await openFile('Locals.sol');
    await toggleBreakpoint(lineOf('emit U("before", before);'));
    await toggleBreakpoint(lineOf('emit U("length", length);'));

    // A launch configuration that fetches storage and memory too, so the storage pointers show their values.
    const transaction = caseTransaction(
      CASES.findIndex((c) => c.name === CASE),
      CASE,
    ).transactionId;
    const launch = { type: 'ledger-mirror', request: 'launch', name: LAUNCH, transaction, network: 'custom', memory: true, storage: true };
    writeFileSync(
      join(workbench.workspace, '.vscode/launch.json'),
      JSON.stringify({ version: '0.2.0', configurations: [launch] }, null, 2),
    );
    await pick(() => workbench.runCommand('Debug: Select and Start Debugging'), LAUNCH);
    // Stopped on entry (the toolbar offers Continue) before the palette is used again: the stop opens the source and
    // moves focus, which would close a palette opened meanwhile.
    await page.locator('.debug-toolbar .codicon-debug-continue').waitFor({ timeout: 60_000 });
    await workbench.runCommand('View: Show Run and Debug');
    await callStack().locator('.monaco-list-row', { hasText: 'Locals.pointers' }).waitFor({ timeout: 60_000 });
    // Room for the scopes (the Variables view draws only the rows in view): the other panes folded, the bar wider.
    for (const pane of ['Watch', 'Breakpoints', 'Loaded Scripts']) {
      const header = page.locator('.part.sidebar .pane-header[aria-expanded="true"]', { hasText: pane });
      if (await header.count()) await header.first().click();
    }
    await widenSideBar(page, 560);
    // The Variables pane takes the height the Call Stack does not need: the sash at its lower edge (above the folded
    // Watch pane) dragged down, again if the view was still laying out.
    for (let attempt = 0; attempt < 5; attempt++) {
      const bar = await page.locator('.part.sidebar').boundingBox();
      const pane = await variables().boundingBox();
      const watch = await page.locator('.part.sidebar .pane-header', { hasText: 'Watch' }).boundingBox();
      if (!bar || !pane || !watch) continue;
      if (pane.y + pane.height > bar.y + bar.height - 220) break;
      await page.mouse.move(watch.x + watch.width / 2, watch.y - 1, { steps: 2 });
      await page.mouse.down();
      await page.mouse.move(watch.x + watch.width / 2, bar.y + bar.height - 140, { steps: 8 });
      await page.mouse.up();
      await page.waitForTimeout(300);
    }

    // Inside the modifier: its own frame on top (with its parameter's type), the guarded function under it.
    await continueTo(lineOf('emit U("before", before);'));
    const frames = await callStack().locator('.monaco-list-row').allInnerTexts();
    assert.match(frames[0], /counted\(uint256\)/);
    assert.match(frames[1], /Locals\.pointers/);
    await expand('Arguments');
    await shows(/^\s*by\s*=\s*2\b/);
    await expand('Locals');
    await shows(/^\s*before\s*=\s*0\b/);
  });

  it("stops in the function's body with its Locals, Globals and Events, and the frame on the Call Stack", async () => {
    const { page } = workbench;
    await continueTo(lineOf('emit U("length", length);'));
    const frames = await callStack().locator('.monaco-list-row').allInnerTexts();
    assert.match(frames[0], /Locals\.pointers/);
    assert.match(frames[0], /Locals\.sol/);
    // The modifier waits at its `_` under the body it called.
    assert.match(frames[1], /counted\(uint256\)/);

    await expand('Arguments');
    await shows(/key\s*=\s*5\b/);
    await shows(/amount\s*=\s*77\b/);
    await expand('Locals');
    // Storage pointers, followed to the struct and the array they point at; a value.
    await shows(/^\s*it\s*=\s*struct Locals\.Item/);
    const it = variables()
      .locator('.monaco-list-row', { hasText: /^\s*it\s*=/ })
      .first();
    await it.click();
    await shows(/^\s*open\s*=\s*true/);
    await shows(/^\s*owner\s*=\s*0x/);
    await it.click(); // folded again: the view has room for every scope's rows
    await shows(/^\s*h\s*=\s*uint256\[\]/);
    await shows(/length\s*=\s*1\b/);
    await expand('Globals');
    await shows(new RegExp(`msg\\.sender\\s*=.*\\(${entityId(PAYER_NUM).replace(/\./g, '\\.')}\\)`));
    await shows(/msg\.value\s*=\s*0 tinybars/);
    await shows(new RegExp(`msg\\.sig\\s*=\\s*${toFunctionSelector('pointers(uint256,uint128)')}`));
    await expand('Events');
    // The modifier's event, then the body's: decoded by name as the trace panel names them.
    await shows(/U\(name: "before", value: 0\)/);
    await shows(/Entry\(name: "it"/);
    await shows(/Words\(name: "h"/);

    // The README's picture.
    await page.mouse.move(5, 450);
    await page.waitForTimeout(500);
    copyFileSync(await workbench.shot('debugger-locals'), SHOT);
  });
});

/** Polls `check` (UI state that settles after an action) for up to 15 s. */
async function assertEventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`never: ${what}`);
}
