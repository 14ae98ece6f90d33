// The in-VS-Code harness itself: the suite runs in the real extension host, on a copy of the sample workspace
// pointed at the reference mirror started for this run.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SAMPLE } from '../../servers/mirror/sample';

const mirrorUrl = process.env.LEDGER_MIRROR_TEST_MIRROR_URL;

describe('in-VS-Code harness', () => {
  it('runs in the node extension host of a real VS Code', () => {
    assert.match(vscode.version, /^\d+\.\d+\.\d+/);
    assert.equal(typeof process.versions.node, 'string');
  });

  it('loads the extension under development', () => {
    const extension = vscode.extensions.getExtension('ledger-mirror.ledger-mirror');
    assert.ok(extension, 'ledger-mirror.ledger-mirror is not loaded');
    assert.equal(extension.packageJSON.displayName, 'Ledger Mirror');
  });

  it("opens the sample workspace with the run's reference mirror as a custom network", () => {
    assert.equal(vscode.workspace.workspaceFolders?.length, 1);
    const settings = vscode.workspace.getConfiguration('ledgerMirror');
    assert.equal(settings.get('network'), 'custom');
    assert.ok(mirrorUrl, 'LEDGER_MIRROR_TEST_MIRROR_URL is not set');
    assert.equal(settings.get('mirrorUrl'), mirrorUrl);
  });

  it('reaches the reference mirror from the extension host', async () => {
    const response = await fetch(`${mirrorUrl}/api/v1/tokens/${SAMPLE.fungible}`);
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { token_id?: string }).token_id, SAMPLE.fungible);
  });
});
