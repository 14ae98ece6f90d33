// Links and comparisons inside the real extension host, against the run's reference mirror: a trace link opens
// that trace at that step, a bad link sends nothing, and Compare with Timestamp opens a diff of two token states.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import { SAMPLE } from '../../servers/mirror/sample';
import { buildTraceLink } from '../../src/core/links/trace-link';
import type { LedgerMirrorApi } from '../../src/extension/extension';
import type { Comparison } from '../../src/extension/tokens/compare';
import { TRACE_VIEW_TYPE } from '../../src/shared/trace-protocol';
import { activate, removeAll, showToken, startRecordingServer, withSetting } from './tokens-support';

const caseId = (name: string) =>
  caseTransaction(
    CASES.findIndex((c) => c.name === name),
    name,
  ).transactionId;
const transaction = caseId('nested-call');

const traceTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE));

const link = (query: string) => vscode.Uri.parse(`${vscode.env.uriScheme}://ledger-mirror.ledger-mirror/trace?${query}`);

describe('trace links and token comparison in VS Code', function () {
  this.timeout(120_000);
  let api: LedgerMirrorApi;

  before(async () => {
    api = await activate();
    await vscode.window.tabGroups.close(traceTabs());
  });
  after(async () => {
    await vscode.window.tabGroups.close(traceTabs());
    await removeAll(api);
  });

  it('contributes the onUri activation event', () => {
    const pkg = vscode.extensions.getExtension('ledger-mirror.ledger-mirror')?.packageJSON as { activationEvents: string[] };
    assert.ok(pkg.activationEvents.includes('onUri'));
  });

  it('opens a reference-mirror trace at the linked step, beside another open trace, and Copy Link to Step gives the same link back', async () => {
    const other = (await vscode.commands.executeCommand('ledgerMirror.openTrace', caseId('storage'))) as { key: string } | undefined;
    assert.ok(other, 'the other trace did not open');
    const text = buildTraceLink({ transaction, network: 'custom', step: 25 }, vscode.env.uriScheme);
    const result = await api.traceLinks.open(vscode.Uri.parse(text));
    assert.ok(result, 'the link opened nothing');
    assert.equal(result.opened.transaction, transaction);
    assert.equal(result.step, 25);
    const panel = api.traces.panels().find((p) => p.key === result.opened.key);
    assert.equal(panel?.step, 25);
    assert.equal(api.traces.panels().find((p) => p.key === other.key)?.step, 0, 'the other trace stays where it was');
    const copied = await vscode.commands.executeCommand('ledgerMirror.trace.copyLinkToStep');
    assert.equal(copied, text);
    assert.equal(await vscode.env.clipboard.readText(), copied);
  });

  it('leaves a link to a step past the end at the step it opened on', async () => {
    const result = await api.traceLinks.open(link(`tx=${transaction}&network=custom&step=999999`));
    assert.ok(result);
    assert.ok(result.opened.length < 999999);
    assert.equal(result.step, result.opened.step);
  });

  it('sends nothing for a bad link', async () => {
    const recorder = await startRecordingServer();
    try {
      await withSetting('mirrorUrl', recorder.url, async () => {
        for (const query of [
          `tx=0.0.x&step=1`,
          `tx=${transaction}&network=devnet`,
          `tx=${transaction}&step=-1`,
          `tx=${transaction}&step=1&parts=all`,
          'step=3',
        ]) {
          assert.equal(await api.traceLinks.open(link(query)), undefined, query);
        }
      });
      assert.deepEqual(recorder.paths, []);
    } finally {
      await recorder.close();
    }
  });

  it('compares a token with its state at a timestamp in a read-only diff, counting the changed fields', async () => {
    const shown = await showToken(SAMPLE.fungible);
    assert.ok(shown.ok && shown.value.state.status === 'loaded');
    const comparison = (await vscode.commands.executeCommand(
      'ledgerMirror.tokens.compareWithTimestamp',
      shown.value,
      '1234567880.000000003',
    )) as Comparison | undefined;
    assert.ok(comparison, 'the comparison opened nothing');
    assert.ok(comparison.changed.includes('Token / Symbol'), `changed: ${comparison.changed.join(', ')}`);
    assert.ok(
      comparison.changed.some((c) => c.startsWith('Custom fees')),
      `changed: ${comparison.changed.join(', ')}`,
    );
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'the active editor is a diff');
    assert.equal(tab.input.original.toString(), comparison.left.toString());
    assert.equal(tab.input.modified.toString(), comparison.right.toString());
    assert.match(tab.label, /fields? changed/);
    const [left, right] = await Promise.all([
      vscode.workspace.openTextDocument(comparison.left),
      vscode.workspace.openTextDocument(comparison.right),
    ]);
    assert.match(left.lineAt(0).text, new RegExp(` ${SAMPLE.fungible.replace(/\./g, '\\.')} @ eq:1234567880\\.000000003 — `));
    assert.match(right.lineAt(0).text, new RegExp(`^\\S+ ${SAMPLE.fungible.replace(/\./g, '\\.')} — `));
    assert.notEqual(left.getText(), right.getText());
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
