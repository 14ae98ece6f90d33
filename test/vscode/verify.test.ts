// Verification inside the real extension host, on the sample workspace's Caller (deployed by the run's reference
// mirror at 0.0.1003, recorded in deployments/local/Caller.json): on demand through both protocols, and on save,
// where an edited or deleted import lands in the Problems panel on the import line. Also what the user reads when
// the server moved, a v2 job outlives the polling limit, or an explorer import is asked for on a Hedera chain, and
// an explorer import through API v2 with the key from SecretStorage.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { etherscanSourceFromStdJson, startExplorerStub, type ExplorerStub } from '../../servers/verifier/explorer-stub';
import type { StdJsonInput } from '../../src/core/verify/std-json';
import type { VerificationReport } from '../../src/core/verify/verify';
import type { LedgerMirrorApi } from '../../src/extension/extension';
import { activate, EXTENSION_ID, startRecordingServer, waitFor } from './tokens-support';

const mirrorUrl = process.env.LEDGER_MIRROR_TEST_MIRROR_URL ?? '';
const CALLER = '0x00000000000000000000000000000000000003eB';
/** A chain with an Etherscan-style explorer (the stub), whose code the verifier reads from the run's mirror too. */
const EXPLORER_CHAIN = 11155111;

/** Runs `npm run verifier` (the reference verifier, reading code from the run's mirror) as a child process. */
async function startReferenceVerifier(extraArgs: readonly string[]): Promise<{ url: string; stop(): void }> {
  const root = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'scripts/run-ts.mjs'), 'servers/verifier/main.ts', '--port', '0', '--mirror', mirrorUrl, ...extraArgs],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the reference verifier did not start: ${out}`)), 60_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the reference verifier exited with ${code}: ${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

const workspaceFile = (rel: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, rel);

/** Caller as an explorer that verified it would serve it: the workspace's own compiler input. */
function callerOnExplorer() {
  const dir = workspaceFile('artifacts/build-info').fsPath;
  const infos = readdirSync(dir).map(
    (f) =>
      JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
        solcLongVersion: string;
        input: StdJsonInput;
        output: { contracts: Record<string, Record<string, unknown>> };
      },
  );
  const info = infos.find((i) => i.output.contracts['contracts/Caller.sol']?.Caller);
  assert.ok(info, 'the sample workspace has build output for Caller');
  return etherscanSourceFromStdJson(info.input, 'Caller', info.solcLongVersion);
}

interface Shown {
  message: string;
  items: string[];
}

/** Runs `body` recording the error and warning notifications it shows, each answered as if dismissed. */
async function notifications<T>(body: () => Thenable<T>): Promise<{ result: T; errors: Shown[]; warnings: Shown[] }> {
  const window = vscode.window as { showErrorMessage: unknown; showWarningMessage: unknown };
  const original = { showErrorMessage: window.showErrorMessage, showWarningMessage: window.showWarningMessage };
  const errors: Shown[] = [];
  const warnings: Shown[] = [];
  const recorder =
    (into: Shown[]) =>
    (message: string, ...items: unknown[]) => {
      into.push({ message, items: items.filter((i): i is string => typeof i === 'string') });
      return Promise.resolve(undefined);
    };
  window.showErrorMessage = recorder(errors);
  window.showWarningMessage = recorder(warnings);
  try {
    return { result: await body(), errors, warnings };
  } finally {
    Object.assign(window, original);
  }
}

/** Runs `body` with every input box answered `answer`. */
async function answeringInputBoxes<T>(answer: string, body: () => Thenable<T>): Promise<T> {
  const window = vscode.window as { showInputBox: unknown };
  const original = window.showInputBox;
  window.showInputBox = () => Promise.resolve(answer);
  try {
    return await body();
  } finally {
    window.showInputBox = original;
  }
}
const settings = () => vscode.workspace.getConfiguration('ledgerMirror.verify');
const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Ledger Mirror verification');

async function editAndSave(rel: string, edit: (text: string) => string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(workspaceFile(rel));
  const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length));
  const we = new vscode.WorkspaceEdit();
  we.replace(doc.uri, whole, edit(doc.getText()));
  assert.ok(await vscode.workspace.applyEdit(we));
  assert.ok(await doc.save(), `saving ${rel}`);
}

describe('verification in VS Code', function () {
  this.timeout(120_000);
  let api: LedgerMirrorApi;
  let verifier: { url: string; stop(): void };
  let explorer: ExplorerStub;
  let calleeText: string;

  before(async () => {
    api = await activate();
    explorer = await startExplorerStub({ contracts: { [CALLER]: callerOnExplorer() }, validKeys: ['good-key'] });
    verifier = await startReferenceVerifier(['--explorer-chain', `${EXPLORER_CHAIN}=${explorer.url}`]);
    await settings().update('url', verifier.url, vscode.ConfigurationTarget.Workspace);
    calleeText = Buffer.from(await vscode.workspace.fs.readFile(workspaceFile('contracts/Callee.sol'))).toString('utf8');
  });
  after(async () => {
    for (const key of ['url', 'protocol', 'onSave', 'contracts', 'pollTimeoutSeconds'])
      await settings().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    verifier?.stop();
    await explorer?.close();
  });

  const verify = async (command: string, protocol: 'session' | 'v2') => {
    await settings().update('protocol', protocol, vscode.ConfigurationTarget.Workspace);
    return (await vscode.commands.executeCommand(command, { address: CALLER })) as VerificationReport;
  };

  it('previews the sample Caller through the session API: perfect, shown in the view, nothing stored', async () => {
    const report = await verify('ledgerMirror.previewVerification', 'session');
    assert.deepEqual([report.protocol, report.dryRun], ['session', true]);
    assert.deepEqual(
      report.outcomes.map((o) => [o.result.name, o.result.status, o.result.alreadyVerified]),
      [['Caller', 'perfect', false]],
    );
    const shown = api.verification.tree.contracts().find((c) => c.outcome.target.address === CALLER);
    assert.ok(shown, 'the view lists Caller');
    const item = api.verification.tree.getTreeItem({ kind: 'contract', shown });
    assert.match(String(item.description), /chain 298 · perfect match \(dry run\)/);
    assert.deepEqual(ours(workspaceFile('contracts/Caller.sol')), []);
  });

  it('verifies through API v2, after which the session API reports it as already verified', async () => {
    const v2 = await verify('ledgerMirror.verifyContract', 'v2');
    assert.deepEqual([v2.protocol, v2.outcomes[0].result.status], ['v2', 'perfect']);
    const again = await verify('ledgerMirror.previewVerification', 'session');
    assert.deepEqual([again.outcomes[0].result.status, again.outcomes[0].result.alreadyVerified], ['perfect', true]);
    const shown = api.verification.tree.contracts().find((c) => c.outcome.target.address === CALLER)!;
    const labels = api.verification.tree
      .getChildren({ kind: 'contract', shown })
      .map((n) => String(api.verification.tree.getTreeItem(n).label));
    // A local verifier: public Sourcify's repository does not have the contract, so there is no link to it (#28 §15).
    assert.ok(!labels.includes('Open verified contract'), `children: ${labels.join(', ')}`);
  });

  it('reports a 500 while verifying as a server error (the CLI exit code 5), not as a failed match', async () => {
    await settings().update('url', `${verifier.url}/modes/failing`, vscode.ConfigurationTarget.Workspace);
    try {
      const report = await verify('ledgerMirror.verifyContract', 'session');
      assert.deepEqual([report.outcomes[0].result.status, report.outcomes[0].result.failure], ['error', 'server']);
      const shown = api.verification.tree
        .contracts()
        .find((c) => c.outcome.target.address === CALLER && c.outcome.target.chainId === '298')!;
      const item = api.verification.tree.getTreeItem({ kind: 'contract', shown });
      assert.match(String(item.description), /chain 298 · not verified \(server error\)$/);
      assert.match((item.tooltip as vscode.MarkdownString).value, /CLI exit code 5: server error/);
    } finally {
      await settings().update('url', verifier.url, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('offers "Open on HashScan" for a contract verified on a Hedera public network', async () => {
    await settings().update('contracts', [{ address: CALLER, chainId: 296, name: 'Caller' }], vscode.ConfigurationTarget.Workspace);
    try {
      await settings().update('protocol', 'v2', vscode.ConfigurationTarget.Workspace);
      const report = (await vscode.commands.executeCommand('ledgerMirror.verifyContract', {
        address: CALLER,
        chainId: 296,
      })) as VerificationReport;
      assert.deepEqual(
        report.outcomes.map((o) => [o.target.chainId, o.result.status]),
        [['296', 'perfect']],
      );
      const shown = api.verification.tree.contracts().find((c) => c.outcome.target.chainId === '296')!;
      assert.equal(shown.hashscan, `https://hashscan.io/testnet/contract/${CALLER}`);
      assert.equal(api.verification.tree.getTreeItem({ kind: 'contract', shown }).contextValue, 'verification.perfect.hashscan');
      const open = api.verification.tree
        .getChildren({ kind: 'contract', shown })
        .map((n) => api.verification.tree.getTreeItem(n))
        .find((i) => i.label === 'Open on HashScan');
      assert.equal(open?.command?.command, 'ledgerMirror.verify.openOnHashScan');
      assert.ok((await vscode.commands.getCommands(true)).includes('ledgerMirror.verify.openOnHashScan'));
    } finally {
      await settings().update('contracts', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand('ledgerMirror.verify.clearResults');
    }
  });

  for (const protocol of ['session', 'v2'] as const) {
    it(`names where a moved server went and the setting to change, with Open Settings (${protocol})`, async () => {
      await settings().update('url', `${verifier.url}/modes/moved`, vscode.ConfigurationTarget.Workspace);
      try {
        const { result, errors } = await notifications(() => verify('ledgerMirror.verifyContract', protocol));
        assert.equal(result, undefined);
        const newBase = `http://localhost:${new URL(verifier.url).port}`;
        assert.deepEqual(
          errors.map((e) => e.items),
          [['Open Settings']],
        );
        assert.ok(errors[0].message.includes(`has moved to ${newBase} (HTTP 301). Nothing was sent there`), errors[0].message);
        assert.ok(errors[0].message.endsWith(`set the setting ledgerMirror.verify.url to ${newBase}.`), errors[0].message);
      } finally {
        await settings().update('url', verifier.url, vscode.ConfigurationTarget.Workspace);
      }
    });
  }

  it('gives up on an API v2 job that outlives ledgerMirror.verify.pollTimeoutSeconds', async () => {
    // Chain 297: nothing verified Caller there yet, so the server starts a job (which this mode never finishes).
    await settings().update('contracts', [{ address: CALLER, chainId: 297, name: 'Caller' }], vscode.ConfigurationTarget.Workspace);
    await settings().update('url', `${verifier.url}/modes/stuck`, vscode.ConfigurationTarget.Workspace);
    await settings().update('pollTimeoutSeconds', 5, vscode.ConfigurationTarget.Workspace);
    await settings().update('protocol', 'v2', vscode.ConfigurationTarget.Workspace);
    try {
      const { result, errors } = await notifications(() =>
        vscode.commands.executeCommand('ledgerMirror.verifyContract', { address: CALLER, chainId: 297 }),
      );
      assert.equal(result, undefined);
      assert.match(errors.map((e) => e.message).join('\n'), /^Verification job \S+ did not finish in 5 s$/);
    } finally {
      for (const key of ['contracts', 'pollTimeoutSeconds']) await settings().update(key, undefined, vscode.ConfigurationTarget.Workspace);
      await settings().update('url', verifier.url, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('says, sending nothing, that Hedera has no Etherscan-style explorer, and offers Verify Contract instead', async () => {
    const probe = await startRecordingServer();
    await settings().update('url', probe.url, vscode.ConfigurationTarget.Workspace);
    try {
      const { result, warnings } = await notifications(() =>
        vscode.commands.executeCommand('ledgerMirror.verifyViaExplorer', { address: CALLER }),
      );
      assert.equal(result, undefined);
      assert.deepEqual(
        warnings.map((w) => w.items),
        [['Verify Contract']],
      );
      assert.match(
        warnings[0].message,
        /^Chain 298 is a Hedera network, and Hedera has no Etherscan-style explorer to import verified source from\. Verify from your sources instead/,
      );
      assert.deepEqual(probe.paths, []);
    } finally {
      await settings().update('url', verifier.url, vscode.ConfigurationTarget.Workspace);
      await probe.close();
    }
  });

  it('imports from an explorer through API v2 with the key kept in SecretStorage', async () => {
    await settings().update(
      'contracts',
      [{ address: CALLER, chainId: EXPLORER_CHAIN, name: 'Caller' }],
      vscode.ConfigurationTarget.Workspace,
    );
    await settings().update('protocol', 'v2', vscode.ConfigurationTarget.Workspace);
    await answeringInputBoxes('good-key', () => vscode.commands.executeCommand('ledgerMirror.setExplorerApiKey'));
    try {
      const report = (await vscode.commands.executeCommand('ledgerMirror.verifyViaExplorer', {
        address: CALLER,
        chainId: EXPLORER_CHAIN,
      })) as VerificationReport;
      assert.deepEqual(
        report.outcomes.map((o) => [report.protocol, o.target.chainId, o.result.status]),
        [['v2', String(EXPLORER_CHAIN), 'perfect']],
      );
      assert.deepEqual(explorer.receivedKeys, ['good-key']);
    } finally {
      await answeringInputBoxes('', () => vscode.commands.executeCommand('ledgerMirror.setExplorerApiKey'));
      await settings().update('contracts', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand('ledgerMirror.verify.clearResults');
    }
  });

  it('on save of an edited import, puts the problem on the import line of Caller.sol and clears it when undone', async () => {
    await settings().update('protocol', 'session', vscode.ConfigurationTarget.Workspace);
    await settings().update('onSave', true, vscode.ConfigurationTarget.Workspace);
    const caller = workspaceFile('contracts/Caller.sol');
    const importLine = (await vscode.workspace.openTextDocument(caller))
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('import "./Callee.sol"'));
    assert.ok(importLine > 0);

    await editAndSave('contracts/Callee.sol', (t) => t.replace('contract Callee', '// edited after deployment\ncontract Callee'));
    await waitFor('a diagnostic on Caller.sol', () => ours(caller).length > 0, 30_000);
    const [d] = ours(caller);
    assert.equal(d.range.start.line, importLine);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.match(d.message, /contracts\/Callee\.sol differs from the version deployed as Caller/);
    assert.equal(ours(workspaceFile('contracts/Callee.sol')).length, 1, 'the edited file itself is marked too');

    const actions = (await vscode.commands.executeCommand('vscode.executeCodeActionProvider', caller, d.range)) as vscode.CodeAction[];
    assert.ok(
      actions.some((a) => a.title === 'Copy the deployed keccak256 of Callee.sol'),
      actions.map((a) => a.title).join(', '),
    );
    assert.ok(actions.some((a) => a.title === 'Open Callee.sol'));

    await editAndSave('contracts/Callee.sol', () => calleeText);
    await waitFor('the diagnostics to clear', () => ours(caller).length === 0, 30_000);
    await api.verification.idle();
  });

  it('on save, reports a deleted import as missing on the import line', async () => {
    const caller = workspaceFile('contracts/Caller.sol');
    const callerText = (await vscode.workspace.openTextDocument(caller)).getText();
    await vscode.workspace.fs.delete(workspaceFile('contracts/Callee.sol'));
    try {
      // An extra trailing newline keeps Caller.sol matching its deployed hash (Sourcify forgives line endings).
      await editAndSave('contracts/Caller.sol', (t) => `${t}\n`);
      await waitFor('a missing-source diagnostic', () => ours(caller).some((d) => d.code === 'missing-source'), 30_000);
      const [d] = ours(caller);
      assert.match(d.message, /contracts\/Callee\.sol is missing/);
      assert.equal(
        d.range.start.line,
        callerText.split('\n').findIndex((l) => l.startsWith('import "./Callee.sol"')),
      );
    } finally {
      await settings().update('onSave', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.workspace.fs.writeFile(workspaceFile('contracts/Callee.sol'), Buffer.from(calleeText));
      await editAndSave('contracts/Caller.sol', () => callerText);
      await api.verification.idle();
      await vscode.commands.executeCommand('ledgerMirror.verify.clearResults');
    }
  });
});
