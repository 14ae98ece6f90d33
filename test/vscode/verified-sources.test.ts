// Verified sources inside the real extension host: the reference mirror's verified-only trace runs Grants, which the
// sample workspace's build output lacks and the run's reference verifier has verified. Opened by command, its call is
// named from the verified ABI, a step lights its Solidity line in a read-only `ledger-mirror-verified:` document
// titled with where it came from, and the debugger stops at a breakpoint set in that same document (one tab).
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { CASES, EXTERNAL_CASE } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import type { LedgerMirrorApi } from '../../src/extension/extension';
import type { OpenedTrace } from '../../src/extension/trace/open';
import { actionCommand } from '../../src/shared/trace-actions';
import { TRACE_VIEW_TYPE } from '../../src/shared/trace-protocol';
import { activate, waitFor } from './tokens-support';

// Run after the cases (servers/mirror/evm/index.ts), so its id follows theirs.
const transactionId = caseTransaction(CASES.length, EXTERNAL_CASE.name).transactionId;
const verifyUrl = process.env.LEDGER_MIRROR_TEST_VERIFIER_URL ?? '';
const traceTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE));
const verifySettings = () => vscode.workspace.getConfiguration('ledgerMirror.verify');
const GRANT = /^Grants\.grant\(to: .*, amount: 500\)/;

/** A verification server that answers as the run's reference verifier does, but only once `open()` is called. */
async function heldVerifier(target: string): Promise<{ url: string; asked: () => number; open: () => void; close: () => Promise<void> }> {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let asked = 0;
  const server = createServer((req, res) => {
    asked++;
    void gate
      .then(() => fetch(`${target}${req.url ?? '/'}`, { headers: { accept: req.headers.accept ?? '*/*' } }))
      .then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked: () => asked,
    open,
    close: () => {
      open();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('verified sources in VS Code', function () {
  this.timeout(120_000);
  let api: LedgerMirrorApi;
  let opened: OpenedTrace;

  before(async () => {
    assert.ok(verifyUrl, 'the runner starts the reference verifier (LEDGER_MIRROR_TEST_VERIFIER_URL)');
    api = await activate();
    await verifySettings().update('url', verifyUrl, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', transactionId, { stack: true })) as OpenedTrace;
    assert.ok(opened, 'the verified-only trace opened');
  });
  after(async () => {
    await vscode.debug.stopDebugging();
    await vscode.window.tabGroups.close(traceTabs());
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await verifySettings().update('url', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('names the call from the verified ABI', async () => {
    await waitFor('the call named from the verified ABI', () => GRANT.test(api.traces.names(opened.key)?.frames[0]?.call ?? ''));
  });

  it('lights the Solidity line in a read-only document titled with where it came from', async () => {
    assert.equal(await vscode.commands.executeCommand(actionCommand('gotoStep'), 0), 0);
    await vscode.commands.executeCommand(actionCommand('nextSstore'));
    await api.sourceStepping.settled();
    const shown = api.sourceStepping.shown();
    assert.ok(shown, `nothing shown; status: ${api.sourceStepping.status()}`);
    const uri = vscode.Uri.parse(shown.uri);
    assert.equal(uri.scheme, 'ledger-mirror-verified');
    assert.match(decodeURIComponent(uri.path), /\/contracts\/Grants\.sol — verified on 127\.0\.0\.1:\d+ \(0\.0\.\d+\)$/);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === shown.uri);
    assert.ok(document, 'the fetched source is open');
    assert.match(document.lineAt(shown.range[0]).text, /credit\[to\] \+= amount;/);
    assert.equal(
      vscode.workspace.workspaceFolders?.some((f) => document.uri.toString().startsWith(f.uri.toString())),
      false,
      'not a file of the workspace',
    );
  });

  it("binds a breakpoint set in the panel's tab, and the debugger stops in that same document (#28 §1)", async () => {
    assert.equal(await vscode.commands.executeCommand(actionCommand('gotoStep'), 0), 0);
    await vscode.commands.executeCommand(actionCommand('nextSstore'));
    await api.sourceStepping.settled();
    const shown = api.sourceStepping.shown();
    assert.ok(shown, `nothing shown; status: ${api.sourceStepping.status()}`);
    // A correctly verified source is not a warning.
    assert.doesNotMatch(api.sourceStepping.status() ?? '', /\$\(warning\)/);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === shown.uri);
    assert.ok(document, 'the fetched source is open');
    const line = document.getText().slice(0, document.getText().indexOf('granted += amount;')).split('\n').length - 1;
    // F9 in the panel's "Grants.sol — verified on …" tab, before the debugger starts.
    const breakpoint = new vscode.SourceBreakpoint(new vscode.Location(document.uri, new vscode.Position(line, 0)));
    vscode.debug.addBreakpoints([breakpoint]);
    try {
      const started = new Promise<vscode.DebugSession>((resolve) => {
        const sub = vscode.debug.onDidStartDebugSession((s) => {
          sub.dispose();
          resolve(s);
        });
      });
      assert.ok(
        await vscode.debug.startDebugging(undefined, {
          type: 'ledger-mirror',
          request: 'launch',
          name: 'verified',
          traceKey: opened.key,
          stopOnEntry: false,
        }),
      );
      const session = await started;
      const top = async () =>
        ((await session.customRequest('stackTrace', { threadId: 1 })) as DebugProtocol.StackTraceResponse['body']).stackFrames[0];
      await waitFor('the stop at the breakpoint', async () => (await top().catch(() => undefined))?.line === line + 1);
      const source = (await top()).source!;
      assert.match(source.origin ?? '', /^verified on /);
      // The debugger names the panel's document: VS Code opens no second tab for it.
      assert.equal(vscode.Uri.parse(source.path ?? '').toString(), document.uri.toString());
      assert.ok(!source.sourceReference, JSON.stringify(source));
      await waitFor('the stopped document in front', () => vscode.window.activeTextEditor?.document.uri.toString() === shown.uri);
      const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.label.startsWith('Grants.sol'));
      assert.equal(tabs.length, 1, tabs.map((t) => t.label).join(', '));
    } finally {
      vscode.debug.removeBreakpoints([breakpoint]);
    }
  });
});

describe('verified names arrive after the panel opened', function () {
  this.timeout(120_000);
  let api: LedgerMirrorApi;
  let held: Awaited<ReturnType<typeof heldVerifier>>;

  before(async () => {
    api = await activate();
    held = await heldVerifier(verifyUrl);
    await verifySettings().update('url', held.url, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await held?.close();
    await vscode.window.tabGroups.close(traceTabs());
    await verifySettings().update('url', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('shows the trace while the verification server has not answered, then names the call in place', async () => {
    const opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', transactionId, { stack: true })) as OpenedTrace;
    assert.ok(opened, 'the trace opened');
    assert.ok(api.traces.panels().some((p) => p.key === opened.key && p.length === opened.length));
    assert.doesNotMatch(api.traces.names(opened.key)?.frames[0]?.call ?? '', GRANT, 'not named before the server answered');
    await waitFor('the verification server asked', () => held.asked() > 0);
    held.open();
    await waitFor('the call named from the verified ABI', () => GRANT.test(api.traces.names(opened.key)?.frames[0]?.call ?? ''));
  });
});
