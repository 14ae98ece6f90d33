// The trace stepper feature: commands, the Recent Traces view, the panel serializer and the settings it reads.
import * as vscode from 'vscode';
import type { Frame } from '../../shared/trace-model';
import { TRACE_VIEW_TYPE, type FrameName, type TraceNamesInit } from '../../shared/trace-protocol';
import type { Services } from '../services';
import { registerTraceActions } from './actions';
import { TraceCache } from './cache';
import { openTrace, openTraceFile, reopen, restorePanel, saveTrace, type OpenedTrace, type TraceFeature } from './open';
import { WorkspaceNames } from './names';
import { TracePanels } from './panel';
import { RECENT_VIEW, RecentTraces, REOPEN_COMMAND, type RecentTrace } from './recent';

const DEFAULT_CACHE_MB = 512;

/** What the in-VS-Code tests observe (through the extension's API). */
export interface TraceApi {
  recent: RecentTraces;
  /** The open panels: key, step and whether VS Code shows them. */
  panels(): Array<{ key: string; step: number; length: number; visible: boolean }>;
  /** The names the panel with this key shows: header and revert, and the current step's frames (by name, and as frames). */
  names(key: string): { init: TraceNamesInit; frames: Array<FrameName | null>; stack: Frame[] } | undefined;
  /** Runs the serializer's restore on `panel`, as VS Code does after a reload. */
  restore(panel: vscode.WebviewPanel, state: unknown): Promise<void>;
  /** Hands the panel with this key a message as if its webview had posted it (untyped, as a webview's would be). */
  post(key: string, message: unknown): void;
}

/** What the trace feature shares with the features built on it (the debugger). */
export interface TraceFeatureHandle {
  api: TraceApi;
  panels: TracePanels;
  /** Names the calls of verified contracts too: source stepping, which finds them, hands this in. */
  useVerifiedNames(names: NonNullable<TraceFeature['verifiedNames']>): void;
}

export function cacheBytes(): number {
  const mb = vscode.workspace.getConfiguration('ledgerMirror.trace').get<number>('cacheSizeMB', DEFAULT_CACHE_MB);
  return (typeof mb === 'number' && Number.isFinite(mb) && mb >= 0 ? mb : DEFAULT_CACHE_MB) * 1024 * 1024;
}

export function registerTrace(context: vscode.ExtensionContext, services: Services): TraceFeatureHandle {
  const recent = new RecentTraces(context.workspaceState);
  const cache = new TraceCache(vscode.Uri.joinPath(context.globalStorageUri, 'traces').fsPath, cacheBytes);
  const panels = new TracePanels(context.extensionUri);
  const f: TraceFeature = { services, extensionUri: context.extensionUri, cache, recent, panels, names: new WorkspaceNames(services.log) };

  services.registerCommand('ledgerMirror.openTrace', (arg?: unknown, options?: unknown): Promise<OpenedTrace | undefined> =>
    openTrace(f, arg, options),
  );
  services.registerCommand('ledgerMirror.openTraceFile', (arg?: unknown) => openTraceFile(f, arg));
  services.registerCommand('ledgerMirror.saveTrace', (arg?: unknown) => saveTrace(f, arg));
  services.registerCommand(REOPEN_COMMAND, (r: RecentTrace) => reopen(f, r));
  services.registerCommand('ledgerMirror.trace.removeRecent', (r: RecentTrace) => recent.remove(r.key));
  services.registerCommand('ledgerMirror.trace.clearRecent', () => recent.clear());
  registerTraceActions(services, panels);

  context.subscriptions.push(
    vscode.window.createTreeView(RECENT_VIEW, { treeDataProvider: recent }),
    vscode.window.registerWebviewPanelSerializer(TRACE_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state) => restorePanel(f, panel, state),
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('ledgerMirror.trace.cacheSizeMB')) void cache.evict();
    }),
  );

  const api: TraceApi = {
    recent,
    panels: () =>
      panels.all().map((p) => ({ key: p.session.meta.key, step: p.session.step, length: p.session.length, visible: p.panel.visible })),
    names: (key) => {
      const panel = panels.find(key);
      if (!panel) return undefined;
      const view = panel.requests.view();
      return { init: panel.session.names.init, frames: view.frameNames, stack: view.frames };
    },
    restore: (panel, state) => restorePanel(f, panel, state),
    post: (key, message) => panels.find(key)?.receive(message),
  };
  return {
    api,
    panels,
    useVerifiedNames: (names) => {
      f.verifiedNames = names;
    },
  };
}
