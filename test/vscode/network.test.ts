// Network selection inside a real VS Code: the status bar, where requests go, and the tree following a switch.
// Nothing here contacts a public mirror: the tree is emptied before switching to one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SAMPLE } from '../../servers/mirror/sample';
import type { LedgerMirrorApi } from '../../src/extension/extension';
import { activate, labelOf, removeAll, settled, showToken, startRecordingServer, waitFor, withSetting } from './tokens-support';

const mirrorUrl = process.env.LEDGER_MIRROR_TEST_MIRROR_URL ?? '';
const setting = (key: string) => vscode.workspace.getConfiguration('ledgerMirror').get<string>(key);

describe('Network selection', () => {
  let api: LedgerMirrorApi;

  before(async () => {
    api = await activate();
    await removeAll(api);
  });

  it('shows the configured network and its URLs in the status bar', () => {
    assert.equal(api.networkStatus.text, '$(globe) custom');
    assert.match(String(api.networkStatus.tooltip), new RegExp(`REST ${mirrorUrl.replace(/[.:/]/g, '\\$&')}`));
    assert.equal(api.networkStatus.command, 'ledgerMirror.selectNetwork');
  });

  it('sends token requests to the configured mirror URL', async () => {
    const recorder = await startRecordingServer();
    try {
      await withSetting('mirrorUrl', recorder.url, async () => {
        await waitFor('the status bar to follow the URL', () => String(api.networkStatus.tooltip).includes(recorder.url));
        const result = await showToken('0.0.1234');
        assert.ok(result.ok);
        assert.equal(api.tokensTree.getTreeItem(result.value).description, 'Not found');
      });
      assert.deepEqual(recorder.paths, ['/api/v1/tokens/0.0.1234']);
    } finally {
      await removeAll(api);
      await recorder.close();
    }
  });

  it('reloads pinned tokens from the new mirror when the network changes', async () => {
    const result = await showToken(SAMPLE.fungible);
    assert.ok(result.ok && result.value.state.status === 'loaded');
    const root = result.value;
    const recorder = await startRecordingServer();
    try {
      await withSetting('mirrorUrl', recorder.url, async () => {
        await waitFor('the token to reload from the new mirror', () => root.state.status === 'error');
        assert.deepEqual(recorder.paths, [`/api/v1/tokens/${SAMPLE.fungible}`]);
      });
      await waitFor('the token to reload from the reference mirror', () => settled(root) && root.state.status === 'loaded');
    } finally {
      await removeAll(api);
      await recorder.close();
    }
  });

  it('applies a changed request timeout to the next request', async () => {
    const stalled = await startRecordingServer({ stall: true });
    try {
      await withSetting('mirrorUrl', stalled.url, () =>
        withSetting('requestTimeoutSeconds', 1, async () => {
          const result = await showToken('0.0.1234');
          assert.ok(result.ok);
          const item = api.tokensTree.getTreeItem(result.value);
          assert.match(String(item.description), /[Tt]imed out/);
          // The time-out names the budget it ran under: the new 1 s, not the default 30 s.
          assert.match(String(item.tooltip), /Timed out waiting for the response after 1 s/);
        }),
      );
    } finally {
      await removeAll(api);
      await stalled.close();
    }
  });

  it('switches to testnet: status bar text and endpoints change', async () => {
    await removeAll(api);
    await withSetting('network', 'testnet', async () => {
      await waitFor('the status bar to show testnet', () => api.networkStatus.text === '$(globe) testnet');
      assert.match(String(api.networkStatus.tooltip), /REST https:\/\/testnet\.mirrornode\.hedera\.com .*chain id 296/);
    });
    await waitFor('the status bar to show custom again', () => api.networkStatus.text === '$(globe) custom');
  });

  it('selects a network given as the command argument', async () => {
    assert.equal(await vscode.commands.executeCommand('ledgerMirror.selectNetwork', 'previewnet'), 'previewnet');
    try {
      assert.equal(setting('network'), 'previewnet');
      await waitFor('the status bar to show previewnet', () => api.networkStatus.text === '$(globe) previewnet');
    } finally {
      // The mirror URL is set, so choosing custom does not prompt for it.
      assert.equal(await vscode.commands.executeCommand('ledgerMirror.selectNetwork', 'custom'), 'custom');
    }
    assert.equal(setting('network'), 'custom');
    assert.equal(await vscode.commands.executeCommand('ledgerMirror.selectNetwork', 'moonnet'), undefined, 'an unknown name is refused');
    assert.equal(setting('network'), 'custom');
  });

  it('explains a custom network without a URL, in the status bar and on the token node', async () => {
    await withSetting('mirrorUrl', '', async () => {
      await waitFor('the warning in the status bar', () => api.networkStatus.text === '$(warning) custom');
      const result = await showToken('0.0.1135');
      assert.ok(result.ok);
      const item = api.tokensTree.getTreeItem(result.value);
      assert.equal(labelOf(item), '0.0.1135');
      assert.match(String(item.description), /needs a mirror URL/);
    });
    await removeAll(api);
  });
});
