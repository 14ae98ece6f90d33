// The Contracts view inside the real extension host, on the sample workspace (deployments/local/Caller.json, and the
// run's reference mirror): the deployed contract with its results newest first, the failed one named and marked; a
// pinned contract; an unknown one that fails alone; the failed-only filter; Debug on a failed row stopping at the
// revert in the Solidity source.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { CASES, EXTERNAL_CASE } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import type { LedgerMirrorApi } from '../../src/extension/extension';
import type { ContractNode, ContractsTreeNode, RowNode } from '../../src/extension/contracts/tree';
import { nextStop } from './debug-support';
import { activate, labelOf, waitFor, withSetting } from './tokens-support';

const CALLER = '0x00000000000000000000000000000000000003eB';
const workspaceFile = (relative: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, relative);
const lineOf = (relative: string, needle: string) =>
  readFileSync(workspaceFile(relative).fsPath, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

describe('Contracts view', function () {
  this.timeout(120_000);
  let api: LedgerMirrorApi;
  const tree = () => api.contracts.tree;
  const contract = (ref: string) =>
    tree()
      .contracts()
      .find((c) => c.ref.toLowerCase() === ref.toLowerCase());
  const children = (node: ContractsTreeNode) =>
    tree()
      .getChildren(node)
      .map((c) => ({ node: c, item: tree().getTreeItem(c) }));
  const loaded = async (ref: string): Promise<ContractNode> => {
    await waitFor(`${ref} loaded`, () => {
      const c = contract(ref);
      return c !== undefined && c.loading === undefined && (c.rows.length > 0 || c.error !== undefined);
    });
    return contract(ref)!;
  };

  before(async () => {
    api = await activate();
    await api.contracts.tree.ready;
  });
  afterEach(async () => {
    if (vscode.debug.activeDebugSession) await vscode.debug.stopDebugging();
    await vscode.commands.executeCommand('ledgerMirror.contracts.showAll');
  });

  it("lists the workspace's deployed Caller with its results, the failed one named and marked, and says what it reads", async () => {
    const caller = await loaded(CALLER);
    assert.equal(caller.origin, 'deployed');
    assert.match(labelOf(tree().getTreeItem(caller.group)), /Deployed on local \/ custom \(chain 298\)/);
    const rows = children(caller);
    assert.deepEqual(
      rows.map(({ item }) => [labelOf(item), (item.iconPath as vscode.ThemeIcon).id]),
      [
        ['callCheck', 'error'],
        ['callDouble', 'pass'],
      ],
    );
    assert.match(String(rows[0].item.description), /^Error\("Callee: amount must be zero"\) · .+ · gas \d+ · 0x/);
    assert.match(String(rows[0].item.tooltip), /consensus timestamp \d+\.\d{9} \(2025-01-01T/);
    assert.equal(rows[0].item.contextValue, 'ledgerMirror.contractResult.failed');
    const mirror = process.env.LEDGER_MIRROR_TEST_MIRROR_URL ?? '';
    assert.match(api.contracts.view.description ?? '', /^custom · /);
    assert.ok(api.contracts.view.message?.includes(mirror), api.contracts.view.message);
  });

  it('pins a contract by HashScan URL; an unknown address fails alone, the others keep their rows', async () => {
    await vscode.commands.executeCommand('ledgerMirror.contracts.pin', 'https://hashscan.io/testnet/contract/0.0.1001');
    const unknown = '0x' + 'ab'.repeat(20);
    await vscode.commands.executeCommand('ledgerMirror.contracts.pin', unknown);
    try {
      const calculator = await loaded('0.0.1001');
      assert.equal(calculator.origin, 'pinned');
      assert.deepEqual(
        children(calculator).map(({ item }) => labelOf(item)),
        ['sumOfSquares', 'divide', 'add'],
      );
      assert.match(String(children(calculator)[1].item.description), /^Panic\(0x12\): division or modulo by zero/);
      const broken = await loaded(unknown);
      assert.match(labelOf(children(broken).at(-1)!.item), /knows no contract/);
      assert.equal((await loaded(CALLER)).rows.length, 2);
    } finally {
      for (const ref of ['0.0.1001', unknown]) await vscode.commands.executeCommand('ledgerMirror.contracts.unpin', contract(ref));
    }
    assert.equal(contract('0.0.1001'), undefined);
  });

  it("names a contract the workspace never built by its verified sources' ABI", async () => {
    // Grants (npm start's verified-only contract), verified on the run's reference verifier before the suite.
    const { hash } = caseTransaction(CASES.length, EXTERNAL_CASE.name);
    const mirror = process.env.LEDGER_MIRROR_TEST_MIRROR_URL ?? '';
    const result = (await (await fetch(`${mirror}/api/v1/contracts/results/${hash}`)).json()) as { contract_id: string };
    await vscode.commands.executeCommand('ledgerMirror.contracts.pin', result.contract_id);
    try {
      const pinned = await loaded(result.contract_id);
      assert.deepEqual(
        children(pinned).map(({ item }) => labelOf(item)),
        ['grant'],
      );
    } finally {
      await vscode.commands.executeCommand('ledgerMirror.contracts.unpin', contract(result.contract_id));
    }
  });

  it('the failed-only filter keeps the failures', async () => {
    const caller = await loaded(CALLER);
    await vscode.commands.executeCommand('ledgerMirror.contracts.showFailedOnly');
    assert.deepEqual(
      children(caller).map(({ item }) => labelOf(item)),
      ['callCheck'],
    );
    await vscode.commands.executeCommand('ledgerMirror.contracts.showAll');
    assert.equal(children(caller).length, 2);
  });

  it('refreshes by itself while visible when ledgerMirror.contracts.refreshSeconds asks for it', async () => {
    const caller = await loaded(CALLER);
    await vscode.commands.executeCommand('ledgerMirror.contracts.focus');
    await waitFor('the view to be visible', () => api.contracts.view.visible);
    const before = caller.rows;
    await withSetting('contracts.refreshSeconds', 10, () =>
      // The first page is read again (a new array of rows) without a command; at least 10 s apart.
      waitFor('a refresh by polling', () => caller.rows !== before && caller.loading === undefined, 60_000),
    );
    assert.equal(caller.rows.length, 2);
  });

  it('Debug on the failed row stops at the revert in the Solidity source', async () => {
    const caller = await loaded(CALLER);
    const failed = children(caller).find(({ node }) => node.kind === 'row' && node.row.failed)!.node as RowNode;
    const stopped = nextStop();
    assert.ok(await vscode.commands.executeCommand('ledgerMirror.contracts.debug', failed));
    const top = await stopped;
    assert.equal(top.session.type, 'ledger-mirror');
    const frames = (
      (await top.session.customRequest('stackTrace', { threadId: 1 })) as {
        stackFrames: Array<{ name: string; line: number; source?: { path?: string } }>;
      }
    ).stackFrames;
    assert.equal(frames[0].name, 'Callee.check');
    assert.equal(frames[0].line, lineOf('contracts/Callee.sol', 'require(amount == 0'));
    assert.ok(frames[0].source?.path?.endsWith(workspaceFile('contracts/Callee.sol').path), frames[0].source?.path);
  });
});
