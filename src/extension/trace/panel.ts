// One stepper panel: the webview, the session it shows, and the message routing between them. The feature's
// TracePanels knows the open panels, so the palette commands act on whichever is active and the context keys follow
// focus. A panel follows its session, whoever moves it (its own webview, the palette, the debugger).
import * as vscode from 'vscode';
import { parseTokenId } from '../../core/ids';
import type { NavCommand } from '../../shared/trace-model';
import { isTraceActionId, type TraceActionId } from '../../shared/trace-actions';
import { TRACE_VIEW_TYPE, type HostMessage, type TraceRequestKind, type WebviewMessage } from '../../shared/trace-protocol';
import { traceHtml, traceWebviewOptions } from './html';
import type { TraceSession } from '../../core/session/session';
import { PanelRequests } from './panel-requests';
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

/** The Tokens view's command that pins a token and reveals it (extension/tokens/register.ts). */
export const SHOW_TOKEN_COMMAND = 'ledgerMirror.showToken';

const REQUEST_KINDS: ReadonlySet<string> = new Set<TraceRequestKind>(['init', 'rows', 'memory', 'overview', 'views']);

/** What the Gas view asks of the host (answered by the gas feature). */
export type GasMessage = Extract<WebviewMessage, { type: 'gas' | 'openGasLine' }>;

/** Messages a loading webview may post before its trace arrives: it asks for the trace once, then waits. */
const MAX_EARLY_MESSAGES = 16;

/**
 * A panel opened before its trace has arrived. Its webview starts (the workbench's webview host, the bundle, the
 * first request) while the mirror re-executes the transaction and the body downloads and decodes, instead of after;
 * what it asks meanwhile is answered once the trace is there. Closing it cancels the load.
 */
export class PendingPanel {
  private readonly early: unknown[] = [];
  private readonly collecting: vscode.Disposable;
  private closed = false;
  private readonly whenClosed = new AbortController();

  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    title: string,
  ) {
    panel.webview.options = traceWebviewOptions(extensionUri);
    panel.title = panelTitle(title);
    panel.webview.html = traceHtml(panel.webview, extensionUri, panel.title);
    this.collecting = panel.webview.onDidReceiveMessage((m: unknown) => {
      if (this.early.length < MAX_EARLY_MESSAGES) this.early.push(m);
    });
    panel.onDidDispose(() => {
      this.closed = true;
      this.whenClosed.abort();
    });
  }

  /** Aborts when the user closes the panel before its trace arrived. */
  get signal(): AbortSignal {
    return this.whenClosed.signal;
  }

  get disposed(): boolean {
    return this.closed;
  }

  /** What the webview posted so far, in order; collecting stops (the trace's panel receives from now on). */
  take(): unknown[] {
    this.collecting.dispose();
    return this.early.splice(0);
  }

  /** The load failed: the panel goes (the problem is shown as a notification). */
  dispose(): void {
    this.collecting.dispose();
    if (!this.closed) this.panel.dispose();
  }
}

/** The open panels, owned by the trace feature. */
export class TracePanels {
  private readonly open = new Set<TracePanel>();
  private current: TracePanel | undefined;
  private debugHandler: ((panel: TracePanel) => Promise<unknown>) | undefined;
  private gasHandler: ((panel: TracePanel, message: GasMessage) => void) | undefined;

  constructor(private readonly extensionUri: vscode.Uri) {}

  /** What the panels' Debug button does (the debug feature starts a session on the panel's trace). */
  onDebug(handler: (panel: TracePanel) => Promise<unknown>): void {
    this.debugHandler = handler;
  }

  /** @internal a panel's Debug button was pressed. */
  debug(panel: TracePanel): Promise<unknown> {
    return this.debugHandler ? this.debugHandler(panel) : Promise.resolve(undefined);
  }

  /** Who answers the panels' Gas view. */
  onGasMessage(handler: (panel: TracePanel, message: GasMessage) => void): void {
    this.gasHandler = handler;
  }

  /** @internal a panel's Gas view asked something. */
  gasMessage(panel: TracePanel, message: GasMessage): void {
    this.gasHandler?.(panel, message);
  }

  /** The panel the palette commands act on: the active one, else the only one open. */
  get active(): TracePanel | undefined {
    if (this.current) return this.current;
    return this.open.size === 1 ? [...this.open][0] : undefined;
  }

  all(): TracePanel[] {
    return [...this.open];
  }

  /** The open panel showing the trace with this cache key. */
  find(key: string): TracePanel | undefined {
    return this.all().find((p) => p.session.meta.key === key);
  }

  /** A new panel for the trace titled `title`, loading while the trace does (`into`: one VS Code made, after a reload). */
  prepare(title: string, into?: vscode.WebviewPanel): PendingPanel {
    const panel =
      into ?? vscode.window.createWebviewPanel(TRACE_VIEW_TYPE, 'Trace', vscode.ViewColumn.Active, traceWebviewOptions(this.extensionUri));
    return new PendingPanel(panel, this.extensionUri, title);
  }

  /** Shows `session` in the prepared panel, answering what its webview asked while the trace loaded. */
  adopt(pending: PendingPanel, session: TraceSession, hooks: PanelHooks): TracePanel {
    const p = new TracePanel(pending.panel, session, hooks, this);
    for (const message of pending.take()) p.receive(message);
    this.open.add(p);
    this.focusChanged(p);
    return p;
  }

  /** @internal the panel's view state changed. */
  focusChanged(panel: TracePanel): void {
    if (panel.panel.active) this.current = panel;
    else if (this.current === panel) this.current = undefined;
    void this.updateContext();
  }

  /** @internal the panel closed. */
  closed(panel: TracePanel): void {
    this.open.delete(panel);
    if (this.current === panel) this.current = undefined;
    void this.updateContext();
  }

  isCurrent(panel: TracePanel): boolean {
    return this.current === panel;
  }

  private async updateContext(): Promise<void> {
    const active = this.active;
    await vscode.commands.executeCommand('setContext', ACTIVE_CONTEXT, active !== undefined && this.all().some((p) => p.panel.active));
    if (active) await vscode.commands.executeCommand('setContext', STEP_CONTEXT, active.session.step);
  }
}

export class TracePanel {
  private readonly shownOnce: Promise<void>;
  private markShown: () => void = () => {};
  /** The last `seq` of the webview's moves and actions handled here, echoed in every push. */
  private seq = 0;
  /** Set while following a move the webview made and already painted, so it is not pushed back. */
  private quiet = false;
  /** Answers the webview's requests; holds the memory window and overview this panel shows. */
  readonly requests: PanelRequests;

  /** Use TracePanels.prepare, then adopt (the webview is already loading). */
  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly session: TraceSession,
    private readonly hooks: PanelHooks,
    private readonly panels: TracePanels,
  ) {
    this.shownOnce = new Promise((resolve) => (this.markShown = resolve));
    this.requests = new PanelRequests(session);
    panel.title = panelTitle(session.meta.title);
    const unfollow = session.onDidMove((step) => this.moved(step));
    // A webview that has not asked for the trace yet gets the new names with its init answer.
    const unname = session.onDidRename(() => this.post({ type: 'names', names: session.names.init }));
    panel.webview.onDidReceiveMessage((m: unknown) => this.receive(m));
    panel.onDidChangeViewState(() => panels.focusChanged(this));
    panel.onDidDispose(() => {
      unfollow();
      unname();
      panels.closed(this);
    });
  }

  /** Resolves once the webview has loaded and asked for the trace, i.e. the panel is on screen. */
  shown(): Promise<void> {
    return this.shownOnce;
  }

  /** Navigates (the webview follows through `moved`) and returns the new step. */
  go(cmd: NavCommand): number {
    return this.session.navigate(cmd, 'panel');
  }

  private moved(step: number): void {
    if (!this.quiet) this.post({ type: 'step', view: this.requests.view(), seq: this.seq });
    if (this.panels.isCurrent(this)) void vscode.commands.executeCommand('setContext', STEP_CONTEXT, step);
    this.hooks.stepped(this, step);
    fireTraceStep({ panel: this.panel, session: this.session });
  }

  post(message: HostMessage): void {
    // A hidden webview cannot receive messages; it asks for the current step again when it is shown.
    void this.panel.webview.postMessage(message);
  }

  /** @internal a message from the webview (tests deliver one through the trace API). */
  receive(raw: unknown): void {
    const m = raw as WebviewMessage;
    if (typeof m !== 'object' || m === null || typeof m.type !== 'string') return;
    switch (m.type) {
      case 'request':
        if (REQUEST_KINDS.has(m.kind)) this.answer(m);
        return;
      case 'select':
        if (Number.isInteger(m.step)) this.go({ kind: 'goto', step: m.step });
        return;
      case 'moved':
        if (Number.isInteger(m.step) && Number.isInteger(m.seq)) this.follow(m.step, m.seq, m.haveView === true);
        return;
      case 'action':
        if (Number.isInteger(m.seq)) this.seq = Math.max(this.seq, m.seq ?? 0);
        if (isTraceActionId(m.action)) {
          const count = Number.isInteger(m.count) && (m.count ?? 0) > 0 ? m.count : undefined;
          this.hooks
            .runAction(this, m.action, count)
            .catch((err: unknown) => this.hooks.log.error(`Trace action ${m.action} failed:`, err instanceof Error ? err : String(err)));
        }
        return;
      case 'copy':
        if (typeof m.text === 'string') void vscode.env.clipboard.writeText(m.text);
        return;
      case 'debug':
        this.panels
          .debug(this)
          .catch((err: unknown) => this.hooks.log.error('Starting the debugger failed:', err instanceof Error ? err : String(err)));
        return;
      case 'gas':
      case 'openGasLine':
        this.panels.gasMessage(this, m);
        return;
      case 'showToken':
        this.showToken(m.token);
        return;
    }
  }

  /** A token argument was activated in the webview: the Tokens view's Show Token, for a well-formed id only. */
  private showToken(token: unknown): void {
    const id = typeof token === 'string' && token.length <= 40 ? parseTokenId(token) : undefined;
    if (!id?.ok) return;
    void vscode.commands
      .executeCommand(SHOW_TOKEN_COMMAND, id.value)
      .then(undefined, (err: unknown) => this.hooks.log.error('Showing a token failed:', err instanceof Error ? err : String(err)));
  }

  /** The webview moved by itself: the session (and so the editor, the debugger, the context keys) follows. */
  private follow(step: number, seq: number, haveView: boolean): void {
    this.seq = Math.max(this.seq, seq);
    this.quiet = haveView;
    try {
      this.session.moveTo(step, 'panel');
    } finally {
      this.quiet = false;
    }
  }

  private answer(m: Extract<WebviewMessage, { type: 'request' }>): void {
    try {
      const result = this.requests.answer(m.kind, m.params as never);
      this.post({ type: 'response', id: m.id, ok: true, result });
      if (m.kind === 'init') this.markShown();
    } catch (err) {
      this.hooks.log.error(`Trace request ${m.kind} failed:`, err instanceof Error ? err : String(err));
      this.post({ type: 'response', id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  }
}

function panelTitle(tx: string): string {
  return `Trace ${tx.length > 20 ? `${tx.slice(0, 10)}…${tx.slice(-6)}` : tx}`;
}
