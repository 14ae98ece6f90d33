// The gas profile feature: answers each trace panel's Gas view (the profile, opening a hottest line) and the Toggle
// Gas per Line command, which decorates the Solidity editors with the profile of the trace in front.
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { TraceSourcing } from '../source/trace-sourcing';
import type { GasMessage, TracePanel, TracePanels } from '../trace/panel';
import { TOGGLE_GAS_LINES_COMMAND, TRACE_OPEN_CONTEXT } from './ids';
import { GasLineDecorations } from './lines';
import { GasProfiles } from './profiles';

export function registerGasProfile(
  context: vscode.ExtensionContext,
  services: Services,
  panels: TracePanels,
  sourcing: TraceSourcing,
): void {
  const profiles = new GasProfiles(services, sourcing);
  const decorations = new GasLineDecorations();
  /** Panels whose Gas view asked: they are sent every improvement. */
  const asked = new Set<TracePanel>();

  const front = () => panels.active ?? panels.all()[0];
  const refreshLines = () => {
    const panel = front();
    decorations.show(panel ? profiles.get(panel.session)?.profile : undefined);
  };
  const send = (panel: TracePanel) => {
    const state = profiles.get(panel.session);
    panel.post({ type: 'gas', profile: state?.view ?? null, note: state?.note ?? null });
  };
  const openContext = () => void vscode.commands.executeCommand('setContext', TRACE_OPEN_CONTEXT, panels.all().length > 0);

  const openLine = async (panel: TracePanel, index: number) => {
    const line = Number.isInteger(index) && index >= 0 ? profiles.get(panel.session)?.profile.lines[index] : undefined;
    if (!line?.path) return;
    const position = new vscode.Position(line.line, 0);
    await vscode.window.showTextDocument(vscode.Uri.file(line.path), {
      viewColumn: vscode.ViewColumn.Beside,
      selection: new vscode.Range(position, position),
    });
  };

  panels.onGasMessage((panel, message: GasMessage) => {
    if (message.type === 'openGasLine') {
      openLine(panel, message.index).catch((err: unknown) =>
        services.log.error('Opening the line failed:', err instanceof Error ? err : String(err)),
      );
      return;
    }
    if (!asked.has(panel)) {
      asked.add(panel);
      openContext();
      panel.panel.onDidDispose(() => {
        asked.delete(panel);
        if (!panels.all().some((p) => p.session === panel.session)) profiles.drop(panel.session);
        openContext();
        refreshLines();
      });
      panel.panel.onDidChangeViewState(() => refreshLines());
    }
    send(panel);
  });

  context.subscriptions.push(
    profiles,
    decorations,
    profiles.onDidChange((session) => {
      for (const panel of asked) if (panel.session === session) send(panel);
      if (front()?.session === session) refreshLines();
    }),
  );

  services.registerCommand(TOGGLE_GAS_LINES_COMMAND, () => {
    const panel = front();
    if (!panel) {
      void vscode.window.showInformationMessage('Open a trace to see its gas per line.');
      return false;
    }
    refreshLines();
    const on = decorations.toggle();
    const state = profiles.get(panel.session);
    if (on && state && !state.profile.withSources)
      void vscode.window.showInformationMessage(state.note ?? 'No Solidity lines are known for this trace.');
    return on;
  });
}
