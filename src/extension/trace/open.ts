// Getting a trace on screen: from the server (prompts, progress, errors with a next step), from a file, from the
// cache (Recent Traces, the serializer after a reload), and writing the raw body back out (Save Trace…).
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { ApiError } from '../../core/errors';
import { isBusyRefusal, type RetryInfo } from '../../core/http';
import { parseTraceInput } from '../../core/links/hashscan-url';
import { decodeTraceFile, fetchTrace } from '../../core/opcodes-client';
import { MAX_SAVED_BODY_BYTES } from '../../core/trace/limits';
import { copyRegularFile, formatMB } from '../../core/trace/trace-file';
import type { ColumnarTrace, TraceParts } from '../../core/trace/trace';
import { describeRevert } from '../../shared/revert-text';
import type { Trace } from '../../shared/trace-model';
import { isTracePanelState } from '../../shared/trace-protocol';
import { confirmNetwork } from '../links/network-choice';
import type { Services } from '../services';
import { runAction } from './actions';
import { cacheKey, type TraceCache } from './cache';
import { renderMessageHtml } from './html-template';
import type { PanelHooks, PendingPanel, TracePanel, TracePanels } from './panel';
import { describeTraceProblem, NEXT_ACTION_TITLES, type NextAction } from './problems';
import { askTraceInput } from './transaction-prompt';
import type { RecentTrace, RecentTraces } from './recent';
import type { WorkspaceNames } from './names';
import type { AbiRegistry } from '../../core/names/registry';
import type { NameSources } from '../../core/session/names';
import { TraceNames } from '../../core/session/names';
import { nameLater } from '../../core/session/later-names';
import { TraceSession } from '../../core/session/session';
import { safeLine, safeText } from '../../core/safe-text';

export interface TraceFeature {
  services: Services;
  extensionUri: vscode.Uri;
  cache: TraceCache;
  recent: RecentTraces;
  panels: TracePanels;
  names: WorkspaceNames;
  /**
   * Adds the ABIs of the verified contracts a network trace ran, true when it added any (set by source stepping,
   * which knows them).
   */
  verifiedNames?: (trace: Trace, abis: AbiRegistry) => Promise<boolean>;
}

/** What the open commands resolve to once the panel is showing. */
export interface OpenedTrace {
  key: string;
  transaction: string;
  length: number;
  step: number;
}

/** A panel that never loads must not hang a caller forever. */
const SHOWN_TIMEOUT_MS = 30_000;
const PROGRESS_INTERVAL_MS = 100;
/** Recent Traces remembers the step once stepping pauses, not on every key repeat. */
const REMEMBER_STEP_MS = 500;

const DEFAULT_PARTS: TraceParts = { stack: true, memory: false, storage: false };

function partsFrom(options: unknown): TraceParts {
  const o = (typeof options === 'object' && options !== null ? options : {}) as Record<string, unknown>;
  const pick = (name: keyof TraceParts) => (typeof o[name] === 'boolean' ? (o[name] as boolean) : DEFAULT_PARTS[name]);
  return { stack: pick('stack'), memory: pick('memory'), storage: pick('storage') };
}

function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

interface PartPick extends vscode.QuickPickItem {
  part: keyof TraceParts;
}

async function askParts(): Promise<TraceParts | undefined> {
  const items: PartPick[] = [
    {
      part: 'stack',
      label: 'Stack',
      description: 'per step',
      detail: 'The API default. Needed for call targets, the Stack panel and state (read from each SLOAD and SSTORE).',
      picked: true,
    },
    {
      part: 'memory',
      label: 'Memory',
      description: 'per step',
      detail: 'Makes the server re-execute more slowly and the response much larger.',
    },
    {
      part: 'storage',
      label: "The mirror's storage map",
      description: 'a cross-check only',
      detail:
        'Not needed: storage is read from the trace itself. Newer mirrors merge it across contracts and cut the trace sooner with it.',
    },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Ledger Mirror: Parts of the Trace',
    placeHolder: 'What to fetch with each step',
    canPickMany: true,
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  const parts = { stack: false, memory: false, storage: false };
  for (const p of picked) parts[p.part] = true;
  return parts;
}

/**
 * Runs `load` under a cancellable notification that shows bytes and steps as they arrive; closing the panel that
 * waits for it cancels it too.
 */
function withLoadProgress<T>(
  title: string,
  pending: PendingPanel,
  load: (signal: AbortSignal, onProgress: (bytes: number, steps: number) => void, onRetry: (retry: RetryInfo) => void) => Promise<T>,
): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const abort = new AbortController();
    token.onCancellationRequested(() => abort.abort());
    pending.signal.addEventListener('abort', () => abort.abort(), { once: true });
    let last = 0;
    progress.report({ message: 'waiting for the mirror (it re-executes the transaction)…' });
    return load(
      abort.signal,
      (bytes, steps) => {
        const now = Date.now();
        if (now - last < PROGRESS_INTERVAL_MS) return;
        last = now;
        progress.report({ message: `${formatBytes(bytes)} · ${steps.toLocaleString('en-US')} steps` });
      },
      ({ attempt, delayMs, messages }) => {
        const why = isBusyRefusal(messages) ? 'the mirror is busy with other traces (429)' : 'rate limited by the mirror (429)';
        progress.report({ message: `${why}; retry ${attempt} in ${Math.ceil(delayMs / 1000)} s…` });
      },
    );
  });
}

function hooks(f: TraceFeature): PanelHooks {
  const timers = new WeakMap<TracePanel, NodeJS.Timeout>();
  return {
    log: f.services.log,
    runAction: (panel, action, count) => runAction(panel, action, count),
    stepped: (panel, step) => {
      clearTimeout(timers.get(panel));
      timers.set(
        panel,
        setTimeout(() => void f.recent.setStep(panel.session.meta.key, step), REMEMBER_STEP_MS),
      );
    },
  };
}

/** The names the workspace's build output and the mirror give; a failure to name anything leaves the trace unnamed rather than unshown. */
async function traceNames(
  f: TraceFeature,
  trace: ColumnarTrace,
  sources: Promise<NameSources>,
): Promise<{ names: TraceNames; sources?: NameSources }> {
  try {
    const named = await sources;
    return { names: TraceNames.build(trace, named), sources: named };
  } catch (err) {
    f.services.log.warn(safeLine(`Trace names unavailable: ${err instanceof Error ? err.message : String(err)}`));
    return { names: TraceNames.none };
  }
}

/**
 * Names the calls of verified contracts once the verification server has answered for them: the panel is on screen
 * meanwhile (that pass asks the mirror for each frame's code and the server for each unmatched address), and redraws
 * by name in place when it ends.
 */
function addVerifiedNames(f: TraceFeature, session: TraceSession, sources: NameSources | undefined): void {
  const more = f.verifiedNames;
  if (!sources || !more) return;
  nameLater(session, sources, (abis) => more(session.trace, abis)).catch((err: unknown) =>
    f.services.log.warn(safeLine(`Trace names: verified contracts unavailable: ${err instanceof Error ? err.message : String(err)}`)),
  );
}

/**
 * Shows a decoded trace in the panel that loaded beside it; does not wait for the webview. `sources` are the
 * workspace's ABIs with the contract result and actions when the trace came from the network (a file or cached trace
 * is named from the ABIs alone).
 */
async function show(
  f: TraceFeature,
  trace: ColumnarTrace,
  recent: RecentTrace,
  pending: PendingPanel,
  sources = f.names.sources(),
): Promise<{ panel: TracePanel; opened: OpenedTrace }> {
  if (trace.length === 0) throw new ApiError('bad-response', `The trace of ${recent.transaction || recent.file} has no steps.`);
  const title = recent.file
    ? `${basename(recent.file)}${trace.summary.transaction ? ` (${trace.summary.transaction})` : ''}`
    : recent.transaction;
  const named = await traceNames(f, trace, sources);
  if (pending.disposed) throw new ApiError('cancelled', 'The trace panel was closed before the trace was shown.');
  const session = new TraceSession(
    trace,
    { key: recent.key, title, network: recent.file ? 'file' : recent.network },
    recent.step,
    named.names,
  );
  const panel = f.panels.adopt(pending, session, hooks(f));
  if (!recent.file) addVerifiedNames(f, session, named.sources);
  await f.recent.add({ ...recent, steps: trace.length, failed: trace.summary.failed, step: session.step, openedAt: Date.now() });
  const s = trace.summary;
  f.services.log.info(
    `Trace ${s.transaction || recent.file}: ${trace.length} steps, ${s.failed ? `failed${s.revert ? ` with ${describeRevert(s.revert)}` : ''}` : 'succeeded'}`,
  );
  return { panel, opened: { key: recent.key, transaction: s.transaction, length: trace.length, step: session.step } };
}

/** `show`, resolving once the webview has loaded and asked for the trace (what the open commands promise). */
async function showAndWait(
  f: TraceFeature,
  trace: ColumnarTrace,
  recent: RecentTrace,
  pending: PendingPanel,
  sources?: Promise<NameSources>,
): Promise<OpenedTrace> {
  const { panel, opened } = await show(f, trace, recent, pending, sources);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([panel.shown(), new Promise((resolve) => (timer = setTimeout(resolve, SHOWN_TIMEOUT_MS)))]);
  clearTimeout(timer);
  return opened;
}

function revealOpen(f: TraceFeature, key: string): OpenedTrace | undefined {
  const open = f.panels.find(key);
  if (!open) return undefined;
  open.panel.reveal();
  return { key, transaction: open.session.trace.summary.transaction, length: open.session.length, step: open.session.step };
}

/** Shows the problem with its next actions; does not wait for the user, so programmatic callers return at once. */
function reportProblem(
  f: TraceFeature,
  err: unknown,
  ctx: { network: string; transaction: string; parts: TraceParts },
  retry: (parts: TraceParts) => unknown,
): void {
  const problem = describeTraceProblem(err, {
    network: ctx.network,
    transaction: ctx.transaction,
    heavy: ctx.parts.memory || ctx.parts.storage,
  });
  f.services.log[problem.severity === 'info' ? 'info' : 'error'](
    `Trace ${ctx.transaction}: ${problem.message}`,
    ...(err instanceof Error && problem.severity === 'error' ? [err] : []),
  );
  const show = problem.severity === 'info' ? vscode.window.showInformationMessage : vscode.window.showErrorMessage;
  const run: Record<NextAction, () => unknown> = {
    retry: () => retry(ctx.parts),
    retryLighter: () => retry({ stack: ctx.parts.stack, memory: false, storage: false }),
    selectNetwork: () => vscode.commands.executeCommand('ledgerMirror.selectNetwork'),
    increaseTimeout: () => vscode.commands.executeCommand('workbench.action.openSettings', 'ledgerMirror.requestTimeoutSeconds'),
    showLog: () => f.services.log.show(),
  };
  void Promise.resolve(show(safeText(problem.message), ...problem.actions.map((a) => NEXT_ACTION_TITLES[a]))).then((title) => {
    const action = problem.actions.find((a) => NEXT_ACTION_TITLES[a] === title);
    if (action) void run[action]();
  });
}

/**
 * `ledgerMirror.openTrace`: prompts for the id (or a HashScan transaction URL, whose network must be the selected one
 * or become it with the user's consent) and the parts, or takes them as arguments
 * (`executeCommand('ledgerMirror.openTrace', txIdOrHash, { stack, memory, storage })`) and then asks nothing.
 */
export async function openTrace(f: TraceFeature, arg?: unknown, options?: unknown): Promise<OpenedTrace | undefined> {
  let input: string | undefined;
  let parts: TraceParts | undefined;
  if (typeof arg === 'string') {
    input = arg;
    parts = partsFrom(options);
  } else {
    input = await askTraceInput('Ledger Mirror: Open Opcode Trace');
    if (!input) return undefined;
    parts = await askParts();
    if (!parts) return undefined;
  }
  const parsed = parseTraceInput(input);
  if (!parsed.ok) throw new ApiError('invalid-input', parsed.message);
  if (!(await confirmNetwork(f.services, parsed.value.network, `The transaction ${parsed.value.transaction.value}`))) return undefined;
  const endpoints = f.services.endpoints();
  if (!endpoints.ok) throw new ApiError('invalid-input', endpoints.message);
  const network = endpoints.value.network;
  const mirror = f.services.mirror();
  const transaction = parsed.value.transaction.value;
  const key = cacheKey(network, transaction, parts);
  const already = revealOpen(f, key);
  if (already) return already;
  const fetchParts = parts;
  // The ABIs, result and actions are read beside the (slow, rate-limited) opcodes; they never fail the trace.
  const sources = f.names.sources(f.names.fromMirror(mirror, transaction));
  const pending = f.panels.prepare(transaction);
  try {
    const saveTo = await f.cache.bodyPath(key);
    const cacheBytes = f.cache.maxBodyBytes;
    const trace = await withLoadProgress(`Opcode trace ${transaction}`, pending, (signal, onProgress, onRetry) =>
      fetchTrace(mirror, transaction, {
        ...fetchParts,
        signal,
        onProgress,
        onRetry,
        saveTo,
        saveMaxBytes: cacheBytes,
        whenTooLargeToSave: 'skip',
      }),
    );
    if (!(await f.cache.commit({ key, transaction, network, parts: fetchParts })) && cacheBytes > 0) {
      const message = `The trace of ${transaction} is larger than the trace cache (${formatMB(cacheBytes)}), so it was not cached: it cannot be restored after a reload nor saved with Save Trace…. Raise ledgerMirror.trace.cacheSizeMB to keep traces this large.`;
      f.services.log.info(message);
      void vscode.window.showInformationMessage(message);
    }
    return await showAndWait(
      f,
      trace,
      { key, transaction, network, parts: fetchParts, steps: trace.length, failed: trace.summary.failed, step: 0, openedAt: Date.now() },
      pending,
      sources,
    );
  } catch (err) {
    pending.dispose();
    reportProblem(f, err, { network, transaction, parts: fetchParts }, (retryParts) => openTrace(f, transaction, retryParts));
    return undefined;
  }
}

/** `ledgerMirror.openTraceFile`: a saved opcodes response (plain or gzip JSON), any size. */
export async function openTraceFile(f: TraceFeature, arg?: unknown): Promise<OpenedTrace | undefined> {
  let uri = arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.file(arg) : undefined;
  if (!uri) {
    const picked = await vscode.window.showOpenDialog({
      title: 'Ledger Mirror: Open Trace File',
      canSelectMany: false,
      filters: { 'Opcode trace': ['json', 'gz'], 'All files': ['*'] },
    });
    uri = picked?.[0];
    if (!uri) return undefined;
  }
  const file = uri.fsPath;
  const key = cacheKey('file', file, { stack: true, memory: true, storage: true });
  const already = revealOpen(f, key);
  if (already) return already;
  const pending = f.panels.prepare(basename(file));
  try {
    const trace = await withLoadProgress(`Trace file ${basename(file)}`, pending, (signal, onProgress) =>
      decodeTraceFile(file, { signal, onProgress }),
    );
    const parts = trace.summary.parts;
    await f.cache.commit({ key, transaction: trace.summary.transaction, network: 'file', parts, file });
    const recent = { key, transaction: trace.summary.transaction, network: 'file', parts, file, steps: trace.length };
    return await showAndWait(f, trace, { ...recent, failed: trace.summary.failed, step: 0, openedAt: Date.now() }, pending);
  } catch (err) {
    pending.dispose();
    throw err;
  }
}

/**
 * Decodes a cached body (or the file an entry points at) while its panel loads (`into`: the one VS Code restored,
 * kept on failure to say why); no request is sent.
 */
async function loadCached(
  f: TraceFeature,
  key: string,
  into?: vscode.WebviewPanel,
): Promise<{ trace: ColumnarTrace; recent: RecentTrace; pending: PendingPanel } | undefined> {
  const located = await f.cache.locate(key);
  if (!located) return undefined;
  const { entry, body } = located;
  const pending = f.panels.prepare(entry.file ? basename(entry.file) : entry.transaction, into);
  try {
    const trace = await withLoadProgress(`Opening cached trace ${entry.transaction || entry.file}`, pending, (signal, onProgress) =>
      decodeTraceFile(body, { transaction: entry.transaction, parts: entry.file ? undefined : entry.parts, signal, onProgress }),
    );
    const known = f.recent.find(key);
    const recent: RecentTrace = known ?? { ...entry, steps: trace.length, failed: trace.summary.failed, step: 0, openedAt: Date.now() };
    return { trace, recent, pending };
  } catch (err) {
    if (!into) pending.dispose();
    throw err;
  }
}

/** Recent Traces → open: from the cache at the step it was left at, else fetched again. */
export async function reopen(f: TraceFeature, recent: RecentTrace): Promise<OpenedTrace | undefined> {
  const already = revealOpen(f, recent.key);
  if (already) return already;
  const cached = await loadCached(f, recent.key);
  if (cached) {
    try {
      return await showAndWait(f, cached.trace, { ...cached.recent, step: recent.step }, cached.pending);
    } catch (err) {
      cached.pending.dispose();
      throw err;
    }
  }
  if (recent.file) throw new ApiError('invalid-input', `The trace file ${recent.file} is no longer there.`);
  return openTrace(f, recent.transaction, recent.parts);
}

/**
 * The WebviewPanelSerializer: after a reload VS Code hands back the panel and the webview's last saved state;
 * the trace comes from the cache, never the server. VS Code draws the webview only once this resolves, so it must
 * not wait for the webview.
 */
export async function restorePanel(f: TraceFeature, panel: vscode.WebviewPanel, state: unknown): Promise<void> {
  const fail = (why: string) => {
    panel.webview.html = renderMessageHtml(why);
  };
  if (!isTracePanelState(state)) return fail('This trace panel cannot be restored. Open the trace again from Recent Traces.');
  try {
    const cached = await loadCached(f, state.key, panel);
    if (!cached) return fail('The cached copy of this trace is gone. Open it again with Ledger Mirror: Open Opcode Trace….');
    await show(f, cached.trace, { ...cached.recent, step: state.step }, cached.pending);
  } catch (err) {
    f.services.log.error('Restoring a trace panel failed:', err instanceof Error ? err : String(err));
    fail('This trace could not be restored; see the Ledger Mirror log.');
  }
}

/** `ledgerMirror.saveTrace`: the raw response of the active trace, as the server sent it. */
export async function saveTrace(f: TraceFeature, arg?: unknown): Promise<vscode.Uri | undefined> {
  const panel = f.panels.active;
  if (!panel) throw new Error('Open an opcode trace first (Ledger Mirror: Open Opcode Trace…).');
  const located = await f.cache.locate(panel.session.meta.key);
  if (!located) throw new Error('The raw body of this trace is no longer cached; open it again to save it.');
  const name = (located.entry.transaction || 'trace').replace(/[^A-Za-z0-9._-]/g, '_');
  const base = vscode.workspace.workspaceFolders?.[0]?.uri;
  const given = arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.file(arg) : undefined;
  const target =
    given ??
    (await vscode.window.showSaveDialog({
      title: 'Ledger Mirror: Save Trace',
      defaultUri: base ? vscode.Uri.joinPath(base, `${name}.opcodes.json`) : undefined,
      filters: { JSON: ['json'] },
    }));
  if (!target) return undefined;
  await copyRegularFile(located.body, target.fsPath, MAX_SAVED_BODY_BYTES);
  if (!given) void vscode.window.showInformationMessage(`Saved the trace to ${target.fsPath}.`);
  return target;
}
