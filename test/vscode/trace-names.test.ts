// Names in the trace panel inside the real extension host: a reference-mirror revert opened by command on the sample
// workspace shows the custom error by name, the header from the mirror's contract result and each frame by name
// (the token-service call with its response code), as the host hands them to the webview; a token argument the
// webview activates is shown in the Tokens view.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import type { OpenedTrace } from '../../src/extension/trace/open';
import { actionCommand, type TraceActionId } from '../../src/shared/trace-actions';
import { TRACE_VIEW_TYPE } from '../../src/shared/trace-protocol';
import { activate, removeAll, settled, waitFor } from './tokens-support';

function caseId(name: string): string {
  const index = CASES.findIndex((c) => c.name === name);
  assert.ok(index >= 0, `no reference case ${name}`);
  return caseTransaction(index, name).transactionId;
}

const closeTracePanels = () =>
  vscode.window.tabGroups.close(
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE)),
  );

describe('trace panel names in VS Code', function () {
  this.timeout(120_000);
  let api: Awaited<ReturnType<typeof activate>>;

  before(async () => {
    api = await activate();
  });
  afterEach(closeTracePanels);

  /** Opens the case's trace, moves with `moves`, and returns what the panel is given to show there. */
  const open = async (name: string, moves: TraceActionId[]) => {
    const opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', caseId(name), { stack: true })) as OpenedTrace;
    assert.ok(opened, `${name} did not open`);
    for (const move of moves) await vscode.commands.executeCommand(actionCommand(move));
    const names = api.traces.names(opened.key);
    assert.ok(names, `no panel for ${opened.key}`);
    return names;
  };

  it('a custom-error revert: the error and the call by name, the header from the mirror', async () => {
    const { init, frames } = await open('custom-error', ['last']);
    assert.equal(init.revert, 'InsufficientBalance(available: 5, required: 100)');
    assert.equal(init.header?.call, 'Vault.withdraw(amount: 100) reverted: InsufficientBalance(available: 5, required: 100)');
    assert.equal(init.header?.result, 'CONTRACT_REVERT_EXECUTED');
    assert.match(init.header?.toId ?? '', /^0\.0\.\d+$/);
    assert.equal(frames[0]?.call, 'Vault.withdraw(amount: 100) reverted: InsufficientBalance(available: 5, required: 100)');
  });

  it('a token-service call: the HTS frame by name and response code', async () => {
    const { frames } = await open('hts-insufficient', ['nextCall', 'stepInto']);
    assert.equal(frames.length, 2);
    assert.match(frames[0]?.call ?? '', /^TokenSender\.pay\(/);
    assert.match(frames[1]?.call ?? '', /^HTS\.transferToken\(token: 0\.0\.5001, .*\) → INSUFFICIENT_TOKEN_BALANCE/);
  });

  it('a precompile call: the panel shows ecrecover by name, a frame of its own that did not revert', async () => {
    const { frames, stack } = await open('permit', ['nextCall', 'stepInto']);
    assert.equal(stack.length, 2);
    assert.deepEqual([stack[1]?.native, stack[1]?.reverted], [true, false]);
    assert.match(
      frames[1]?.call ?? '',
      /^ecrecover\(hash: 0x[0-9a-f]{64}, v: 2[78], r: 0x[0-9a-f]{64}, s: 0x[0-9a-f]{64}\) → 0x[0-9a-f]{40}$/,
    );
    assert.equal(frames[1]?.error, null);
  });

  it('a token argument the webview activates opens that token in the Tokens view; a malformed id opens nothing', async () => {
    await removeAll(api);
    const opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', caseId('hts-insufficient'), {
      stack: true,
    })) as OpenedTrace;
    for (const move of ['nextCall', 'stepInto'] as const) await vscode.commands.executeCommand(actionCommand(move));
    assert.deepEqual(api.traces.names(opened.key)?.frames[1]?.tokens, ['0.0.5001']);
    api.traces.post(opened.key, { type: 'showToken', token: '<b>0.0.5001' });
    api.traces.post(opened.key, { type: 'showToken', token: 5001 });
    api.traces.post(opened.key, { type: 'showToken', token: '0.0.5001' });
    await waitFor('the token pinned and loaded', () => api.tokensTree.roots().some((r) => r.pin.id === '0.0.5001' && settled(r)));
    assert.deepEqual(
      api.tokensTree.roots().map((r) => [r.pin.id, r.state.status]),
      [['0.0.5001', 'loaded']],
    );
    await removeAll(api);
  });
});
