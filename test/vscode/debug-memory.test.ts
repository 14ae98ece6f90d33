// Long values in the real extension host, on the run's reference mirror and the sample workspace's Bulk.sol: the
// memory view's file system (vscode-debug-memory:, what View Binary Data opens) reads a local's bytes through the
// adapter, and a long memory array is paged as VS Code's Variables view asks for it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { activate } from './tokens-support';

const CASE = 'long-values';
const transactionId = caseTransaction(
  CASES.findIndex((c) => c.name === CASE),
  CASE,
).transactionId;

/** Starts a `ledger-mirror` launch configuration in the workspace and resolves with the frame VS Code focuses on its stop. */
async function launchAndStop(configuration: { name: string } & Record<string, unknown>): Promise<vscode.DebugStackFrame> {
  const stopped = new Promise<vscode.DebugStackFrame>((resolve) => {
    const sub = vscode.debug.onDidChangeActiveStackItem((item) => {
      if (item instanceof vscode.DebugStackFrame) {
        sub.dispose();
        resolve(item);
      }
    });
  });
  const folder = vscode.workspace.workspaceFolders![0];
  assert.ok(await vscode.debug.startDebugging(folder, { type: 'ledger-mirror', request: 'launch', ...configuration }));
  return stopped;
}

describe('debugger in VS Code: memory view and paged arrays', function () {
  this.timeout(120_000);

  before(async () => {
    await activate();
  });
  afterEach(async () => {
    if (vscode.debug.activeDebugSession) await vscode.debug.stopDebugging();
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
  });

  it("View Binary Data's memory view reads a local's bytes; a 150-element array comes a page at a time", async () => {
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'contracts/Bulk.sol');
    const line = readFileSync(file.fsPath, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('emit Filled('));
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(file, new vscode.Position(line, 0)))]);
    const { session, frameId } = await launchAndStop({ name: 'Long values', transaction: transactionId, stopOnEntry: false, memory: true });
    const scopes = ((await session.customRequest('scopes', { frameId })) as DebugProtocol.ScopesResponse['body']).scopes;
    const locals = (
      (await session.customRequest('variables', {
        variablesReference: scopes.find((s) => s.name === 'Locals')!.variablesReference,
      })) as DebugProtocol.VariablesResponse['body']
    ).variables;
    const tag = locals.find((v) => v.name === 'tag')!;
    // The URI the workbench's View Binary Data opens (debugMemory.ts: session id, encoded reference, a byte range).
    const memory = vscode.Uri.from({
      scheme: 'vscode-debug-memory',
      authority: session.id,
      path: `/${encodeURIComponent(tag.memoryReference!)}/tag.bin`,
      query: 'range=0:3',
    });
    assert.equal(Buffer.from(await vscode.workspace.fs.readFile(memory)).toString('hex'), 'c0ffee');

    const copy = locals.find((v) => v.name === 'copy')!;
    assert.equal(copy.indexedVariables, 150);
    const group = (
      (await session.customRequest('variables', {
        variablesReference: copy.variablesReference,
        filter: 'indexed',
        start: 100,
        count: 50,
      })) as DebugProtocol.VariablesResponse['body']
    ).variables;
    assert.deepEqual(
      group.map((v) => v.name),
      Array.from({ length: 50 }, (_, i) => `[${100 + i}]`),
    );
    assert.equal(group[49].value, String(149 ** 2));
  });
});
