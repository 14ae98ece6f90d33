// The `ledger-mirror` debugger in VS Code: the adapter runs inline, on the trace panel's own session when there is
// one (so the panel and the editor highlight follow the debugger, and the trace is not fetched again), with the
// workspace folders' build output. F5 without a launch.json, "Debug Transaction…" and the panel's Debug button start it.
import * as vscode from 'vscode';
import { loadPreState, preStateOf } from '../../core/state/pre-state';
import { endpointsFor, readConfig } from '../config';
import { registerInlineValues } from './inline-values';
import { DEBUG_TYPE, LedgerMirrorDebugSession, type DebugHost, type LaunchArguments, type OpenedTrace } from '../../debug/adapter';
import { buildRoots, mapSources, StandaloneHost } from '../../debug/standalone-host';
import type { SourceStepping } from '../source/index';
import type { TraceSourcing } from '../source/trace-sourcing';
import type { Services } from '../services';
import type { OpenedTrace as OpenedPanel } from '../trace/open';
import { askTraceInput } from '../trace/transaction-prompt';
import type { TracePanel, TracePanels } from '../trace/panel';

export const DEBUG_COMMAND = 'ledgerMirror.debugTransaction';

const workspaceRoots = () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);

class ExtensionDebugHost implements DebugHost {
  constructor(
    private readonly services: Services,
    private readonly panels: TracePanels,
    private readonly sourcing: TraceSourcing,
    private readonly documentUri: SourceStepping['documentUri'],
  ) {}

  async open(args: LaunchArguments, log: (message: string) => void): Promise<OpenedTrace> {
    const roots = workspaceRoots();
    // A mirror named in the launch configuration: fetched by the adapter itself, apart from the panels.
    if (args.mirrorUrl || args.network) return new StandaloneHost(roots[0] ?? process.cwd(), roots).open(withCustomMirror(args), log);
    const panel = await this.panelFor(args);
    const session = panel.session;
    const endpoints = this.services.endpoints();
    const lookup = this.sourcing.codeLookup(session.meta.network === 'file');
    // The workspace's build as source stepping already read it (then verified contracts), unless the launch names other folders.
    const mapped =
      args.buildOutput === undefined
        ? await this.sourcing.sourcesFor(session.trace, lookup)
        : await mapSources(session.trace, buildRoots(args, roots), lookup, log, lookup && this.sourcing.verifiedRun(session.trace));
    const fromMirror = endpoints.ok && session.meta.network !== 'file';
    const tx = session.trace.summary.transaction;
    const mirror = fromMirror ? this.services.mirror() : undefined;
    const actions = mirror ? async () => (await mirror.contractActions(tx)).actions : undefined;
    const result = mirror ? async () => (await mirror.contractResult(tx)).result : undefined;
    // Every state variable by name at every step: the mirror's state before the transaction, read once per trace.
    if (mirror && !preStateOf(session.trace)) await loadPreState(mirror, tx, session.trace, log);
    return {
      session,
      sources: mapped.sources,
      files: mapped.files,
      actions,
      result,
      codeAt: async (address) => (lookup ? (await lookup(address))?.runtime : undefined),
      // The panel's document for a source outside the workspace: one tab, where a breakpoint binds whoever set it.
      documentUri: (source) => (source.path ? undefined : this.documentUri(source).toString()),
    };
  }

  /** The panel showing the trace: the one named, else opened (or revealed) through the trace commands. */
  private async panelFor(args: LaunchArguments): Promise<TracePanel> {
    let key = args.traceKey;
    if (!key) {
      let opened: OpenedPanel | undefined;
      if (args.traceFile)
        opened = await vscode.commands.executeCommand<OpenedPanel | undefined>('ledgerMirror.openTraceFile', args.traceFile);
      else if (args.transaction)
        opened = await vscode.commands.executeCommand<OpenedPanel | undefined>('ledgerMirror.openTrace', args.transaction, {
          stack: args.stack ?? true,
          memory: args.memory ?? false,
          storage: args.storage ?? false,
        });
      else throw new Error('The launch configuration names no "transaction" or "traceFile".');
      if (!opened) throw new Error('The trace could not be opened; see the Ledger Mirror log.');
      key = opened.key;
    }
    const panel = this.panels.find(key);
    if (!panel) throw new Error('That trace panel is closed; open the trace again.');
    return panel;
  }
}

/** `"network": "custom"` without `mirrorUrl`: the custom mirror of the settings, as the rest of the extension uses. */
function withCustomMirror(args: LaunchArguments): LaunchArguments {
  if (args.network !== 'custom' || args.mirrorUrl) return args;
  const config = readConfig();
  const custom = endpointsFor({ ...config, network: 'custom' });
  if (!custom.ok) throw new Error(custom.message);
  return { ...args, mirrorUrl: config.mirrorUrl, web3Url: args.web3Url ?? (config.web3Url || undefined) };
}

const askTransaction = () => askTraceInput('Ledger Mirror: Debug Transaction');

/**
 * F5 without a launch.json, or a configuration that names no trace, one way wherever the focus is (a .sol editor, no
 * editor, a trace panel): the trace panel the palette commands act on (the active one, else the only one open), as
 * its Debug button does; with no such panel, ask for the transaction.
 */
class ConfigurationProvider implements vscode.DebugConfigurationProvider {
  constructor(private readonly panels: TracePanels) {}

  async resolveDebugConfiguration(
    _folder: vscode.WorkspaceFolder | undefined,
    config: vscode.DebugConfiguration,
  ): Promise<vscode.DebugConfiguration | undefined> {
    const c = config.type
      ? config
      : { ...config, type: DEBUG_TYPE, request: 'launch', name: 'Debug Hedera transaction', stopOnEntry: true };
    if (c.traceKey || c.traceFile || c.transaction) return c;
    const panel = this.panels.active;
    if (panel) return { ...c, traceKey: panel.session.meta.key };
    const transaction = await askTransaction();
    // undefined cancels the launch without an error.
    return transaction ? { ...c, transaction } : undefined;
  }
}

function startOn(panel: TracePanel): Thenable<boolean> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  return vscode.debug.startDebugging(folder, {
    type: DEBUG_TYPE,
    request: 'launch',
    name: `Debug ${panel.session.meta.title}`,
    traceKey: panel.session.meta.key,
    stopOnEntry: true,
  });
}

export function registerDebugger(
  context: vscode.ExtensionContext,
  services: Services,
  panels: TracePanels,
  stepping: SourceStepping,
): void {
  const host = new ExtensionDebugHost(services, panels, stepping.sourcing, stepping.documentUri);
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE, {
      createDebugAdapterDescriptor: () => new vscode.DebugAdapterInlineImplementation(new LedgerMirrorDebugSession(host)),
    }),
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, new ConfigurationProvider(panels)),
    registerInlineValues(),
  );
  panels.onDebug((panel) => Promise.resolve(startOn(panel)));
  services.registerCommand(DEBUG_COMMAND, async (arg?: unknown) => {
    const panel = typeof arg === 'string' ? undefined : panels.active;
    if (panel) return startOn(panel);
    const transaction = typeof arg === 'string' ? arg : await askTransaction();
    if (!transaction) return false;
    return vscode.debug.startDebugging(vscode.workspace.workspaceFolders?.[0], {
      type: DEBUG_TYPE,
      request: 'launch',
      name: `Debug ${transaction}`,
      transaction,
      stopOnEntry: true,
    });
  });
}
