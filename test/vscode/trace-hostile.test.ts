// Hostile trace files inside the real extension host, decoded in the worker: a depth bomb, a FIFO and a gzip of
// 80 MB of reasons each make Open Trace File fail with a clear message and leave no panel; the extension host goes on
// and the next command (a real trace from the reference mirror) works. A transaction the mirror does not have is
// reported once, without the request URL. A hostile build info in the workspace (an expression nested 300 deep next
// to the enum a trace names, a slow compilation, an oversized source map, a 700-deep ABI tuple) costs only the names
// that ran out of budget: the extension host answers meanwhile and the trace opens.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as vscode from 'vscode';
import { CASES } from '../../servers/mirror/evm/cases';
import { caseTransaction } from '../../servers/mirror/evm/ids';
import type { OpenedTrace } from '../../src/extension/trace/open';
import { TRACE_VIEW_TYPE } from '../../src/shared/trace-protocol';
import { depthBomb, reasonsBomb } from '../helpers/hostile-traces';
import { activate, waitFor } from './tokens-support';

function caseId(name: string): string {
  return caseTransaction(
    CASES.findIndex((c) => c.name === name),
    name,
  ).transactionId;
}

const traceTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE));

describe('hostile trace files in VS Code', function () {
  this.timeout(120_000);
  let dir: string;
  let errors: string[];
  const original = vscode.window.showErrorMessage;

  before(async () => {
    await activate();
    dir = mkdtempSync(join(tmpdir(), 'trace-hostile-'));
    // The command layer reports failures with showErrorMessage: record what the user would read.
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (message: string) => {
      errors.push(message);
      return Promise.resolve(undefined);
    };
  });
  beforeEach(() => (errors = []));
  after(async () => {
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    await vscode.window.tabGroups.close(traceTabs());
    rmSync(dir, { recursive: true, force: true });
  });

  async function openFile(file: string): Promise<unknown> {
    return vscode.commands.executeCommand('ledgerMirror.openTraceFile', file);
  }

  it('refuses the depth bomb with the step and byte, and leaves no panel open', async () => {
    const file = join(dir, 'depth.json');
    writeFileSync(file, depthBomb());
    assert.equal(await openFile(file), undefined);
    assert.deepEqual(errors.length, 1);
    assert.match(errors[0], /^Malformed trace response at byte \d+: step 1: "depth" must be an integer from 0 to 1025, not 10000000\.$/);
    // The panel that opened for the load closes with it (the workbench drops its tab a moment later).
    await waitFor('the loading panel closed', () => traceTabs().length === 0);
  });

  it('refuses a FIFO at once instead of blocking in open', async function () {
    this.timeout(10_000);
    const fifo = join(dir, 'trace.fifo');
    execFileSync('mkfifo', [fifo]);
    assert.equal(await openFile(fifo), undefined);
    assert.match(errors[0] ?? '', /it is a named pipe \(FIFO\); a trace file must be a regular file\./);
  });

  it('refuses a body whose items are each within bounds but too large together (80 MB of reasons, gzipped)', async () => {
    const file = join(dir, 'reasons.json.gz');
    await pipeline(Readable.from(reasonsBomb(20)), createGzip(), createWriteStream(file));
    assert.equal(await openFile(file), undefined);
    assert.match(
      errors[0] ?? '',
      /^Malformed trace response at byte \d+: step 8: the reasons of the trace take more than 32 MB together\.$/,
    );
  });

  it('says a transaction the mirror does not have was not found, once and without the request URL', async () => {
    const missing = '0.0.1000-1735689600-000000999';
    assert.equal(await vscode.commands.executeCommand('ledgerMirror.openTrace', missing, { stack: true }), undefined);
    assert.equal(errors.length, 1, errors.join(' | '));
    assert.match(
      errors[0],
      /^Transaction 0\.0\.1000-1735689600-000000999 was not found on [\w-]+ \(HTTP 404\)\. Check the id, or whether it belongs to another network\.$/,
    );
    // The panel that opened for the load closes with it (the workbench drops its tab a moment later).
    await waitFor('the loading panel closed', () => traceTabs().length === 0);
  });

  it('then opens a real trace as usual', async () => {
    const transactionId = caseId('nested-call');
    const opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', transactionId, { stack: true })) as OpenedTrace;
    assert.ok(opened, `openTrace failed: ${errors.join(' | ')}`);
    assert.equal(opened.transaction, transactionId);
    assert.ok(opened.length > 0);
    assert.equal(traceTabs().length, 1);
  });

  it('shows a trace larger than the whole cache without caching it, and says so', async () => {
    const settings = vscode.workspace.getConfiguration('ledgerMirror.trace');
    const infos: string[] = [];
    const showInfo = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = (message: string) => {
      infos.push(message);
      return Promise.resolve(undefined);
    };
    await settings.update('cacheSizeMB', 0.001, vscode.ConfigurationTarget.Global);
    try {
      const transactionId = caseId('create');
      const opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', transactionId, {
        stack: true,
        memory: true,
        storage: true,
      })) as OpenedTrace;
      assert.ok(opened, `openTrace failed: ${errors.join(' | ')}`);
      assert.ok(opened.length > 0);
      assert.ok(
        infos.some((m) => m.startsWith(`The trace of ${transactionId} is larger than the trace cache (1 KB), so it was not cached`)),
        `told: ${infos.join(' | ')}`,
      );
      assert.equal(await vscode.commands.executeCommand('ledgerMirror.saveTrace', join(dir, 'saved.json')), undefined);
      assert.match(errors[0] ?? '', /no longer cached/);
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = showInfo;
      await settings.update('cacheSizeMB', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  describe('with hostile build output in the workspace', () => {
    let buildInfo: string;
    const written: string[] = [];
    const write = (name: string, value: unknown) => {
      const file = join(buildInfo, name);
      writeFileSync(file, JSON.stringify(value));
      written.push(file);
    };
    const nested = (depth: number) => `${'('.repeat(depth)}1${')'.repeat(depth)}`;

    before(() => {
      buildInfo = join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'artifacts/build-info');
      const [file] = readdirSync(buildInfo).filter((f) => f.endsWith('.json'));
      const build = JSON.parse(readFileSync(join(buildInfo, file), 'utf8')) as {
        id: string;
        input: { sources: Record<string, { content: string }> };
        output: { contracts: Record<string, Record<string, { metadata: string; evm: { deployedBytecode: { sourceMap: string } } }>> };
      };
      // The same compilation (its id), written later: the reader takes it instead of the real one.
      const orders = Object.keys(build.input.sources).find((name) => name.endsWith('Orders.sol'))!;
      build.input.sources[orders].content += `\nfunction hostile() pure returns (uint) { return ${nested(300)}; }\n`;
      const vault = build.output.contracts[Object.keys(build.output.contracts).find((name) => name.endsWith('Vault.sol'))!].Vault;
      vault.evm.deployedBytecode.sourceMap = ';'.repeat(1_000_000);
      const metadata = JSON.parse(vault.metadata) as { output: { abi: unknown[] } };
      let tuple: Record<string, unknown> = { name: 'leaf', type: 'uint256' };
      for (let i = 0; i < 700; i++) tuple = { name: `t${i}`, type: 'tuple', components: [tuple] };
      metadata.output.abi.push({ type: 'function', name: 'deep', stateMutability: 'pure', inputs: [tuple], outputs: [] });
      vault.metadata = JSON.stringify(metadata);
      write('zz-hostile.json', build);
      // Another compilation whose enum the parser cannot finish within the budget (each expression costs it a second).
      const slow = Array.from({ length: 400 }, (_, i) => `function f${i}() public pure returns (uint) { return ${nested(30)}; }`).join(
        '\n',
      );
      const slowMetadata = JSON.stringify({
        compiler: { version: '0.8.24' },
        language: 'Solidity',
        settings: { compilationTarget: { 'Slow.sol': 'Slow' } },
        sources: {},
        output: { abi: [] },
        version: 1,
      });
      write('zz-slow.json', {
        _format: 'hh-sol-build-info-1',
        id: 'hostile-slow',
        input: { sources: { 'Slow.sol': { content: `contract Slow { enum S { A } ${slow} }` } } },
        output: { sources: { 'Slow.sol': { id: 0 } }, contracts: { 'Slow.sol': { Slow: { metadata: slowMetadata, evm: {} } } } },
      });
    });
    after(() => {
      for (const file of written) rmSync(file, { force: true });
    });

    it('the extension host keeps answering while the names are read, and the trace opens without the names that ran out of budget', async () => {
      const api = await activate();
      const opening = vscode.commands.executeCommand('ledgerMirror.openTrace', caseId('enum-state'), { stack: true }) as Thenable<
        OpenedTrace | undefined
      >;
      const meanwhile = vscode.commands.executeCommand('ledgerMirror.tokens.refresh').then(() => 'meanwhile');
      assert.equal(await Promise.race([opening.then(() => 'opened'), meanwhile]), 'meanwhile');
      const opened = await opening;
      assert.ok(opened, `openTrace failed: ${errors.join(' | ')}`);
      const names = api.traces.names(opened.key);
      assert.equal(names?.frames[0]?.call, 'Orders.mark(status: 1, ref: "order-7") → 0');
      const note = names?.init.note ?? '';
      assert.match(note, /Enum names left out: /);
      assert.match(note, /contracts\/Orders\.sol nests expressions deeper than 32 parentheses/);
      assert.match(note, /reading the sources ran out of its 10 s budget \(1 of 2 compilations left unread\)/);
    });
  });
});
