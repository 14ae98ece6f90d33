// Open Documentation… inside a real VS Code: a docs/ page shipped with the extension opens in the Markdown preview
// (the walkthrough's links run the same command); a name that is not a page opens nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, waitFor } from './tokens-support';

const previewTabs = (file: string) => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.label.includes(file));

describe('Open Documentation', () => {
  before(async () => {
    await activate();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('opens a page of docs/ in the Markdown preview', async () => {
    assert.equal(await vscode.commands.executeCommand('ledgerMirror.openDocs', 'cli'), true);
    await waitFor('the preview of cli.md', () => previewTabs('cli.md').length === 1);
  });

  it('refuses a name that is not a page, a path above all, and opens nothing', async () => {
    const before = vscode.window.tabGroups.all.flatMap((g) => g.tabs).length;
    for (const name of ['../package', 'no-such-page', '/etc/passwd'])
      assert.equal(await vscode.commands.executeCommand('ledgerMirror.openDocs', name), undefined);
    assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length, before);
  });
});
