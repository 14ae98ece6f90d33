// Hostile trace files inside the real extension host, decoded in the worker: a depth bomb, a FIFO and a gzip of
// 80 MB of reasons each make Open Trace File fail with a clear message and no panel; the extension host goes on
// and the next command (a real trace from the reference mirror) works. A transaction the mirror does not have is
// reported once, without the request URL.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { activate } from './tokens-support';

function caseId(name: string): string {
  return caseTransaction(CASES.findIndex((c) => c.name === name), name).transactionId;
}

const traceTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(TRACE_VIEW_TYPE));

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

  it('refuses the depth bomb with the step and byte, and opens no panel', async () => {
    const file = join(dir, 'depth.json');
    writeFileSync(file, depthBomb());
    assert.equal(await openFile(file), undefined);
    assert.deepEqual(errors.length, 1);
    assert.match(errors[0], /^Malformed trace response at byte \d+: step 1: "depth" must be an integer from 0 to 1025, not 10000000\.$/);
    assert.equal(traceTabs().length, 0);
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
    assert.match(errors[0] ?? '', /^Malformed trace response at byte \d+: step 8: the reasons of the trace take more than 32 MB together\.$/);
  });

  it('says a transaction the mirror does not have was not found, once and without the request URL', async () => {
    const missing = '0.0.1000-1735689600-000000999';
    assert.equal(await vscode.commands.executeCommand('ledgerMirror.openTrace', missing, { stack: true }), undefined);
    assert.equal(errors.length, 1, errors.join(' | '));
    assert.match(errors[0], /^Transaction 0\.0\.1000-1735689600-000000999 was not found on [\w-]+ \(HTTP 404\)\. Check the id, or whether it belongs to another network\.$/);
    assert.equal(traceTabs().length, 0);
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
      const opened = (await vscode.commands.executeCommand('ledgerMirror.openTrace', transactionId, { stack: true, memory: true, storage: true })) as OpenedTrace;
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
});
