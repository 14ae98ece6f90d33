// `vscode://ledger-mirror.ledger-mirror/trace?tx=…&network=…&step=…` opens that trace at that step, and
// "Copy Link to Step" writes such a link for the active trace panel. The link format lives in core/links/trace-link.
import * as vscode from 'vscode';
import { buildTraceLink, parseTraceLink } from '../../core/links/trace-link';
import { isNetworkName } from '../../core/networks';
import { safeText } from '../../core/safe-text';
import { reportError } from '../commands';
import type { Services } from '../services';
import { runAction } from '../trace/actions';
import type { OpenedTrace } from '../trace/open';
import type { TracePanels } from '../trace/panel';
import { confirmNetwork } from './network-choice';

export const COPY_LINK_TO_STEP = 'ledgerMirror.trace.copyLinkToStep';

/** Where a link left the user: the opened trace and the step shown, or undefined when nothing was opened. */
export interface LinkResult {
  opened: OpenedTrace;
  step: number;
}

/** Validates the whole link before anything is sent; a bad one gets one message and no request. */
export async function openTraceLink(services: Services, panels: TracePanels, uri: vscode.Uri): Promise<LinkResult | undefined> {
  // VS Code hands over the query percent-decoded; no valid value contains '&', '=', '+' or '%', so it splits cleanly.
  const link = parseTraceLink(uri.path, uri.query);
  if (!link.ok) {
    services.log.warn(link.message);
    void vscode.window.showErrorMessage(safeText(link.message));
    return undefined;
  }
  const { transaction, network, step } = link.value;
  if (!(await confirmNetwork(services, network, `The linked transaction ${transaction}`))) return undefined;
  const opened = await vscode.commands.executeCommand<OpenedTrace | undefined>('ledgerMirror.openTrace', transaction);
  // Undefined: the open command has already told the user what went wrong.
  if (!opened) return undefined;
  if (step >= opened.length) {
    void vscode.window.showErrorMessage(
      `The link asks for step ${step}, but the trace of ${transaction} has steps 0 to ${opened.length - 1}.`,
    );
    return { opened, step: opened.step };
  }
  // Go to Step on the linked trace's own panel: with several panels open, the active one may be another.
  const panel = panels.find(opened.key);
  return { opened, step: panel ? await runAction(panel, 'gotoStep', 1, step) : opened.step };
}

/** The link to the active panel's current step; traces opened from a file have no link (the file is not shared). */
export async function copyLinkToStep(panels: TracePanels): Promise<string> {
  const panel = panels.active;
  if (!panel) throw new Error('Open an opcode trace first (Ledger Mirror: Open Opcode Trace…).');
  const { meta, trace, step } = panel.session;
  const transaction = trace.summary.transaction;
  if (!isNetworkName(meta.network) || !transaction)
    throw new Error('This trace was opened from a file, so there is no link to it; links name a transaction on a network.');
  const link = buildTraceLink({ transaction, network: meta.network, step }, vscode.env.uriScheme);
  await vscode.env.clipboard.writeText(link);
  vscode.window.setStatusBarMessage(`$(link) Copied the link to step ${step}`, 3000);
  return link;
}

/** What the in-VS-Code tests drive: the handler's own open path, without an OS round trip through the scheme. */
export interface TraceLinksApi {
  open(uri: vscode.Uri): Promise<LinkResult | undefined>;
}

export function registerTraceLinks(context: vscode.ExtensionContext, services: Services, panels: TracePanels): TraceLinksApi {
  const handler: vscode.UriHandler = {
    handleUri: (uri) =>
      openTraceLink(services, panels, uri).then(
        () => undefined,
        (err: unknown) => reportError(services.log, 'Opening a trace link', err),
      ),
  };
  context.subscriptions.push(vscode.window.registerUriHandler(handler));
  services.registerCommand(COPY_LINK_TO_STEP, () => copyLinkToStep(panels));
  return { open: (uri) => openTraceLink(services, panels, uri) };
}
