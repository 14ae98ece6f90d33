// Source stepping inside the real extension host: a reference-mirror trace stepped to its revert shows the callee's
// Solidity beside the panel, marked on the require line, from the sample workspace's Hardhat build output.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { HttpClient } from '../../src/core/http';
import { MirrorClient } from '../../src/core/mirror/client';
import { resolveNetwork } from '../../src/core/networks';
import { fetchTrace } from '../../src/core/opcodes-client';
import { discoverArtifacts } from '../../src/core/sourcemap/discover';
import { ArtifactIndex } from '../../src/core/sourcemap/match';
import { SourceFiles } from '../../src/core/sourcemap/source-files';
import { TraceSources } from '../../src/core/sourcemap/trace-sources';
import type { Trace } from '../../src/shared/trace-model';
import type { LedgerMirrorApi } from '../../src/extension/extension';
import { actionCommand } from '../../src/shared/trace-actions';
import { TRACE_VIEW_TYPE } from '../../src/shared/trace-protocol';
import { activate } from './tokens-support';

const CASE = 'revert-error';
const transactionId = caseTransaction(
  CASES.findIndex((c) => c.name === CASE),
  CASE,
).transactionId;

const workspaceFile = (relative: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, relative);

/** 0-based line of the first line containing `needle` in a workspace file. */
function lineOf(relative: string, needle: string): number {
  const line = readFileSync(workspaceFile(relative).fsPath, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, `${needle} not in ${relative}`);
  return line;
}

const traceTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE));

describe('source stepping in VS Code', function () {
  this.timeout(120_000);
  let api: LedgerMirrorApi;
  let trace: Trace;
  const goto = async (step: number) => {
    assert.equal(await vscode.commands.executeCommand(actionCommand('gotoStep'), step), step);
    await api.sourceStepping.settled();
  };

  before(async () => {
    api = await activate();
    const http = new HttpClient();
    try {
      trace = await fetchTrace(
        new MirrorClient(resolveNetwork('custom', { mirrorUrl: process.env.LEDGER_MIRROR_TEST_MIRROR_URL ?? '' }), http),
        transactionId,
      );
    } finally {
      await http.close();
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.ok(await vscode.commands.executeCommand('ledgerMirror.openTrace', transactionId, { stack: true }));
  });
  after(async () => {
    await vscode.window.tabGroups.close(traceTabs());
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("at the callee's REVERT, shows Callee.sol beside the panel with the require line marked", async () => {
    let revert = -1;
    for (let i = 0; i < trace.length && revert < 0; i++) if (trace.row(i).op === 'REVERT' && trace.row(i).depth === 1) revert = i;
    assert.ok(revert > 0, 'the revert case has a REVERT in the callee');
    await goto(revert);

    const callee = workspaceFile('contracts/Callee.sol');
    const line = lineOf('contracts/Callee.sol', 'require(amount == 0');
    const shown = api.sourceStepping.shown();
    assert.ok(shown, `nothing shown; status: ${api.sourceStepping.status()}`);
    assert.equal(shown.uri, callee.toString());
    assert.equal(shown.style, 'current');
    assert.equal(shown.range[0], line);
    assert.equal(shown.range[1], readFileSync(callee.fsPath, 'utf8').split('\n')[line].indexOf('require'));
    assert.equal(api.sourceStepping.status(), `$(file-code) Callee.sol:${line + 1}`);

    const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === callee.toString());
    assert.ok(editor, 'Callee.sol is open in an editor');
    assert.ok(
      editor.visibleRanges.some((r) => r.start.line <= line && line <= r.end.line),
      'the marked line is in view',
    );
    const active = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(active instanceof vscode.TabInputWebview && active.viewType.endsWith(TRACE_VIEW_TYPE), 'the trace panel keeps the focus');
    assert.notEqual(editor.viewColumn, vscode.window.tabGroups.activeTabGroup.viewColumn, 'the source opens beside the panel');
  });

  it('follows the step back into the caller, in the same editor column', async () => {
    const column = vscode.window.visibleTextEditors.find((e) => e.document.uri.path.endsWith('/Callee.sol'))?.viewColumn;
    const last = trace.length - 1;
    assert.equal(trace.row(last).op, 'REVERT');
    await goto(last);
    const shown = api.sourceStepping.shown();
    assert.equal(shown?.uri, workspaceFile('contracts/Caller.sol').toString());
    assert.equal(shown.range[0], lineOf('contracts/Caller.sol', 'return callee.check(amount)'));
    assert.equal(vscode.window.visibleTextEditors.find((e) => e.document.uri.path.endsWith('/Caller.sol'))?.viewColumn, column);
  });

  it('in compiler-generated code, marks the Solidity that called it in the caller style', async () => {
    // The core says which step is the first in generated code (the ABI decoder of callCheck's argument).
    const build = await discoverArtifacts(vscode.workspace.workspaceFolders![0].uri.fsPath);
    const sources = new TraceSources(trace, new ArtifactIndex(build.artifacts), new SourceFiles(), undefined);
    let generated = -1;
    for (let i = 0; i < trace.length && generated < 0; i++) {
      const r = await sources.locate(i);
      if (r.kind === 'none' && r.reason === 'generated') generated = i;
    }
    assert.ok(generated > 0);
    await goto(generated);
    const shown = api.sourceStepping.shown();
    assert.equal(shown?.style, 'caller');
    const line = lineOf('contracts/Caller.sol', 'function callCheck');
    assert.equal(shown.range[0], line);
    assert.equal(api.sourceStepping.status(), `$(symbol-misc) Generated code (from Caller.sol:${line + 1})`);
  });

  it('clears the marks and the status when the trace panel closes', async () => {
    await vscode.window.tabGroups.close(traceTabs());
    await api.sourceStepping.settled();
    assert.equal(api.sourceStepping.shown(), undefined);
    assert.equal(api.sourceStepping.status(), undefined);
  });
});
