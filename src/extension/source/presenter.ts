// Shows a mapped step in the editor: opens the source beside the trace panel without taking focus, marks the
// step's line and exact range with decorations, keeps them on the document's editors, and sums it up in the
// status bar (including why nothing is shown).
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { SourceLocation, StepSource } from '../../core/sourcemap/trace-sources';
import type { VerifiedOrigin } from '../../core/sourcemap/artifacts';
import { verifiedTitle } from '../../core/verified/verified-artifact';
import type { CompiledDocuments } from './compiled-documents';
import { safeLine, safeText } from '../../core/safe-text';

export const REVEAL_COMMAND = 'ledgerMirror.source.reveal';

/** `current`: the step's own Solidity. `caller`: the step runs generated code; this is the Solidity that led there. */
export type MarkStyle = 'current' | 'caller';

/** What is shown now, for the in-VS-Code tests. */
export interface ShownSource {
  uri: string;
  style: MarkStyle;
  /** 0-based start line/column and end line/column, UTF-16. */
  range: [number, number, number, number];
}

interface Mark {
  document: vscode.TextDocument;
  range: vscode.Range;
  style: MarkStyle;
}

const color = (id: string) => new vscode.ThemeColor(id);

export class SourcePresenter implements vscode.Disposable {
  private readonly line = {
    current: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: color('ledgerMirror.stepLineBackground'),
      overviewRulerColor: color('ledgerMirror.stepRangeBorder'),
      overviewRulerLane: vscode.OverviewRulerLane.Full,
    }),
    caller: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: color('ledgerMirror.callerLineBackground'),
      overviewRulerColor: color('ledgerMirror.callerLineBackground'),
      overviewRulerLane: vscode.OverviewRulerLane.Full,
    }),
  };
  private readonly range = vscode.window.createTextEditorDecorationType({
    borderStyle: 'solid',
    borderWidth: '1px',
    borderRadius: '2px',
    borderColor: color('ledgerMirror.stepRangeBorder'),
  });
  private readonly status = vscode.window.createStatusBarItem('ledgerMirror.sourceStep', vscode.StatusBarAlignment.Left, 30);
  private readonly disposables: vscode.Disposable[];
  private mark: Mark | undefined;
  /** The editor column sources open in, once one was opened beside the trace. */
  private column: vscode.ViewColumn | undefined;

  constructor(
    private readonly compiled: CompiledDocuments,
    /** Sources fetched from a verification server, titled with where they came from. */
    private readonly verified: CompiledDocuments,
  ) {
    this.status.name = 'Ledger Mirror: Source Step';
    this.disposables = [
      this.line.current,
      this.line.caller,
      this.range,
      this.status,
      // An editor the user opens (again) on the marked document gets the marks too.
      vscode.window.onDidChangeVisibleTextEditors(() => this.decorateAll()),
    ];
  }

  shown(): ShownSource | undefined {
    const m = this.mark;
    return (
      m && {
        uri: m.document.uri.toString(),
        style: m.style,
        range: [m.range.start.line, m.range.start.character, m.range.end.line, m.range.end.character],
      }
    );
  }

  statusText(): string | undefined {
    return this.status.text || undefined;
  }

  /** Shows where a step is, or says why it has no place in the sources. */
  async present(result: StepSource): Promise<void> {
    const location = result.kind === 'source' ? result.location : result.caller;
    if (!location) return this.presentStatus(result);
    const style: MarkStyle = result.kind === 'source' ? 'current' : 'caller';
    const document = await this.documentFor(location);
    const range = new vscode.Range(location.startLine, location.startCol, location.endLine, location.endCol);
    this.mark = { document, range, style };
    const editor = await this.editorFor(document);
    this.decorateAll();
    editor.revealRange(new vscode.Range(range.start, range.start), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    this.say(statusLine(result, location, document), tooltip(result, location, document));
  }

  /** Only says where a step is (the debugger marks the line itself): no marks, no editor opened. */
  presentStatus(result: StepSource): void {
    this.unmark();
    const location = result.kind === 'source' ? result.location : result.caller;
    if (!location) {
      if (result.kind === 'none') {
        const text =
          result.reason === 'generated'
            ? '$(symbol-misc) Generated code'
            : result.reason === 'native'
              ? `$(symbol-misc) ${shortMessage(result)}`
              : `$(warning) ${shortMessage(result)}`;
        this.say(text, result.message);
      }
      return;
    }
    this.say(statusLine(result, location), tooltip(result, location));
  }

  /** The debugger's focused frame (the line its Call Stack shows): while it drives the trace, the status says the same. */
  presentFrame(name: string, line: number, frame: string): void {
    this.unmark();
    this.say(`$(file-code) ${name}:${line}`, `${frame}: ${name} line ${line}, where the debugger is stopped.`);
  }

  /** No build output in the workspace at all. */
  noArtifacts(): void {
    this.unmark();
    this.say(
      '$(warning) No build artifacts',
      'No compiled contracts with source maps in this workspace (Hardhat: artifacts/build-info; Ignition: ignition/deployments/*/build-info; Foundry: out/ and out/build-info). Compile the project to step the trace in Solidity.',
    );
  }

  /** Back to nothing shown (the trace panel closed). */
  clear(): void {
    this.unmark();
    this.status.hide();
    this.status.text = '';
  }

  /** Shows the marked range again (the status bar item's command). */
  async reveal(): Promise<void> {
    if (!this.mark) return;
    const editor = await vscode.window.showTextDocument(this.mark.document, {
      viewColumn: this.column ?? vscode.ViewColumn.Beside,
      preserveFocus: false,
    });
    editor.revealRange(this.mark.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  private say(text: string, tip: string): void {
    // Contract and file names come from the workspace's build output.
    this.status.text = safeLine(text);
    this.status.tooltip = safeText(tip);
    this.status.command = this.mark ? REVEAL_COMMAND : undefined;
    this.status.show();
  }

  /** The workspace file when it is what was compiled; else the compiled text as a read-only document. */
  private async documentFor(location: SourceLocation): Promise<vscode.TextDocument> {
    if (location.sourcePath) {
      const file = await vscode.workspace.openTextDocument(vscode.Uri.file(location.sourcePath));
      if (!location.compiled || file.getText() === location.text) return file;
    }
    const document = await vscode.workspace.openTextDocument(this.uriOf(location));
    return location.verified ? solidity(document) : document;
  }

  /**
   * The one read-only document of a source not in the workspace (a verified one titled with where it came from, or
   * the text the build kept): the debugger names its sources with it too, so a breakpoint set in either binds.
   */
  uriOf(source: { sourceName: string; text: string; verified?: VerifiedOrigin }): vscode.Uri {
    return source.verified
      ? this.verified.uriFor(source.sourceName, source.text, verifiedTitle(source.sourceName, source.verified))
      : this.compiled.uriFor(source.sourceName, source.text);
  }

  private async editorFor(document: vscode.TextDocument): Promise<vscode.TextEditor> {
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === document);
    if (visible) return visible;
    const editor = await vscode.window.showTextDocument(document, {
      viewColumn: this.column ?? vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: true,
    });
    this.column = editor.viewColumn;
    return editor;
  }

  private decorateAll(): void {
    const m = this.mark;
    for (const editor of vscode.window.visibleTextEditors) {
      const mine = m !== undefined && editor.document === m.document;
      editor.setDecorations(this.line.current, mine && m.style === 'current' ? [new vscode.Range(m.range.start, m.range.start)] : []);
      editor.setDecorations(this.line.caller, mine && m.style === 'caller' ? [new vscode.Range(m.range.start, m.range.start)] : []);
      editor.setDecorations(this.range, mine ? [m.range] : []);
    }
  }

  /** No marks in the editors; the status bar item stays. */
  unmark(): void {
    this.mark = undefined;
    this.decorateAll();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

function shortMessage(result: Extract<StepSource, { kind: 'none' }>): string {
  switch (result.reason) {
    case 'no-match':
      return result.address ? `No build artifacts match ${shortAddress(result.address)}` : 'No build artifacts match';
    case 'no-source-file':
      return `${result.contract ?? 'Source'}: source file missing`;
    case 'lookup-failed':
      return 'Contract code unavailable';
    case 'generated':
      return 'Generated code';
    case 'native':
      return 'Native call (no code)';
  }
}

function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** `document`: the one marked, when the step is marked in an editor. */
function statusLine(result: StepSource, location: SourceLocation, document?: vscode.TextDocument): string {
  const where = `${basename(location.sourceName)}:${location.startLine + 1}`;
  // A verified source is what the server verified, not a stand-in: no warning for being outside the workspace.
  const warn = location.metadataDiffers || (document && document.uri.scheme !== 'file' && !location.verified) ? '$(warning) ' : '';
  if (result.kind === 'source') return `${warn}$(file-code) ${where}`;
  return `${warn}$(symbol-misc) ${result.reason === 'native' ? 'Native call' : 'Generated code'} (from ${where})`;
}

function tooltip(result: StepSource, location: SourceLocation, document?: vscode.TextDocument): string {
  const lines = [
    result.kind === 'source'
      ? `Step ${result.step}: ${location.contract}, ${location.sourceName} line ${location.startLine + 1}.`
      : `${result.message} Marked: the Solidity that led there, ${location.sourceName} line ${location.startLine + 1}.`,
  ];
  if (location.metadataDiffers)
    lines.push('The deployed code matches this build except its metadata: the sources may have changed since the deployment.');
  if (location.verified)
    lines.push(`Verified on ${location.verified.server} for ${location.verified.address}; read-only, not in the workspace.`);
  else if (document && document.uri.scheme !== 'file')
    lines.push(
      location.sourcePath
        ? `${location.sourcePath} changed since it was compiled; showing the compiled text.`
        : 'Not in the workspace; showing the text the build kept.',
    );
  if (document) lines.push('Click to show it.');
  return lines.join('\n');
}

/** A verified source's title does not end in `.sol`: it is Solidity all the same, when a Solidity extension knows it. */
export async function solidity(document: vscode.TextDocument): Promise<vscode.TextDocument> {
  if (document.languageId === 'solidity' || !(await vscode.languages.getLanguages()).includes('solidity')) return document;
  return vscode.languages.setTextDocumentLanguage(document, 'solidity');
}
