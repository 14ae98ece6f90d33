// One stepper panel: the webview, the session it shows, and the message routing between them. Panels register
// themselves so the palette commands act on whichever is active and the context keys follow focus.
import * as vscode from 'vscode';
import type { NavCommand } from '../../core/trace/model';
import { isTraceActionId, type TraceActionId } from '../../shared/trace-actions';
import { TRACE_VIEW_TYPE, type HostMessage, type TraceRequestKind, type WebviewMessage } from '../../shared/trace-protocol';
import { traceHtml, traceWebviewOptions } from './html';
import type { TraceSession } from './session';
import { fireTraceStep } from './step-events';

/** Context keys for `when` clauses: a trace panel is active, and the step it is on. */
export const ACTIVE_CONTEXT = 'ledgerMirror.traceActive';
export const STEP_CONTEXT = 'ledgerMirror.trace.step';

export interface PanelHooks {
  runAction(panel: TracePanel, action: TraceActionId, count?: number): Promise<unknown>;
  /** After every move, e.g. to remember the step for Recent Traces. */
  stepped(panel: TracePanel, step: number): void;
  log: vscode.LogOutputChannel;
}

const REQUEST_KINDS: ReadonlySet<string> = new Set<TraceRequestKind>(['init', 'rows', 'memory', 'overview']);

export class TracePanel {
  private static readonly open = new Set<TracePanel>();
  private static current: TracePanel | undefined;
  private readonly shownOnce: Promise<void>;
  private markShown: () => void = () => {};

  /** The panel the palette commands act on: the active one, else the only one open. */
  static get active(): TracePanel | undefined {
    if (TracePanel.current) return TracePanel.current;
    return TracePanel.open.size === 1 ? [...TracePanel.open][0] : undefined;
  }

  static all(): TracePanel[] {
    return [...TracePanel.open];
  }

  /** Shows a session in `panel` (a new panel, or one VS Code restored and hands to the serializer). */
  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly session: TraceSession,
    extensionUri: vscode.Uri,
    private readonly hooks: PanelHooks,
  ) {
    this.shownOnce = new Promise((resolve) => (this.markShown = resolve));
    panel.webview.options = traceWebviewOptions(extensionUri);
    panel.title = `Trace ${shortTitle(session.meta.title)}`;
    panel.webview.html = traceHtml(panel.webview, extensionUri, panel.title);
    TracePanel.open.add(this);
    panel.webview.onDidReceiveMessage((m: unknown) => this.receive(m));
    panel.onDidChangeViewState(() => this.focusChanged());
    panel.onDidDispose(() => {
      TracePanel.open.delete(this);
      if (TracePanel.current === this) TracePanel.current = undefined;
      void updateContext();
    });
    this.focusChanged();
  }

  static create(session: TraceSession, extensionUri: vscode.Uri, hooks: PanelHooks): TracePanel {
    const panel = vscode.window.createWebviewPanel(TRACE_VIEW_TYPE, 'Trace', vscode.ViewColumn.Active, traceWebviewOptions(extensionUri));
    return new TracePanel(panel, session, extensionUri, hooks);
  }

  /** Resolves once the webview has loaded and asked for the trace, i.e. the panel is on screen. */
  shown(): Promise<void> {
    return this.shownOnce;
  }

  /** Navigates, tells the webview, and returns the new step. */
  go(cmd: NavCommand): number {
    const step = this.session.navigate(cmd);
    this.post({ type: 'step', view: this.session.view() });
    if (TracePanel.current === this) void vscode.commands.executeCommand('setContext', STEP_CONTEXT, step);
    this.hooks.stepped(this, step);
    fireTraceStep({ panel: this.panel, session: this.session });
    return step;
  }

  private post(message: HostMessage): void {
    // A hidden webview cannot receive messages; it asks for the current step again when it is shown.
    void this.panel.webview.postMessage(message);
  }

  private focusChanged(): void {
    if (this.panel.active) TracePanel.current = this;
    else if (TracePanel.current === this) TracePanel.current = undefined;
    void updateContext();
  }

  private receive(raw: unknown): void {
    const m = raw as WebviewMessage;
    if (typeof m !== 'object' || m === null || typeof m.type !== 'string') return;
    switch (m.type) {
      case 'request':
        if (REQUEST_KINDS.has(m.kind)) this.answer(m);
        return;
      case 'select':
        if (Number.isInteger(m.step)) this.go({ kind: 'goto', step: m.step });
        return;
      case 'action':
        if (isTraceActionId(m.action)) {
          const count = Number.isInteger(m.count) && (m.count ?? 0) > 0 ? m.count : undefined;
          this.hooks.runAction(this, m.action, count).catch((err: unknown) => this.hooks.log.error(`Trace action ${m.action} failed:`, err instanceof Error ? err : String(err)));
        }
        return;
      case 'copy':
        if (typeof m.text === 'string') void vscode.env.clipboard.writeText(m.text);
        return;
    }
  }

  private answer(m: Extract<WebviewMessage, { type: 'request' }>): void {
    try {
      const result = this.session.answer(m.kind, m.params as never);
      this.post({ type: 'response', id: m.id, ok: true, result });
      if (m.kind === 'init') this.markShown();
    } catch (err) {
      this.hooks.log.error(`Trace request ${m.kind} failed:`, err instanceof Error ? err : String(err));
      this.post({ type: 'response', id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  }
}

async function updateContext(): Promise<void> {
  const active = TracePanel.active !== undefined && TracePanel.all().some((p) => p.panel.active);
  await vscode.commands.executeCommand('setContext', ACTIVE_CONTEXT, active);
  if (TracePanel.active) await vscode.commands.executeCommand('setContext', STEP_CONTEXT, TracePanel.active.session.step);
}

function shortTitle(tx: string): string {
  return tx.length > 20 ? `${tx.slice(0, 10)}…${tx.slice(-6)}` : tx;
}
