// The stepper's palette commands, one per entry of TRACE_ACTIONS. Each acts on the active trace panel and returns
// the step it moved to, so scripts and tests can follow along; the prompting ones also take their value as an
// argument (`executeCommand('ledgerMirror.trace.gotoStep', 42)`).
import * as vscode from 'vscode';
import type { NavCommand } from '../../shared/trace-model';
import { actionCommand, TRACE_ACTION_IDS, traceAction, type TraceActionId } from '../../shared/trace-actions';
import type { Services } from '../services';
import type { TracePanel, TracePanels } from './panel';
import { parsePrompt, type PromptKind } from './prompts';

const PROMPTS: Record<PromptKind, { title: string; placeHolder: string }> = {
  step: { title: 'Go to Step', placeHolder: 'Step number' },
  pc: { title: 'Go to PC', placeHolder: 'Program counter (decimal or 0x-hex); the next step at that pc' },
  op: { title: 'Find Opcode', placeHolder: 'Opcode name, e.g. SSTORE; F3 / Shift+F3 find again' },
};

async function ask(kind: PromptKind, panel: TracePanel, given: unknown): Promise<NavCommand | undefined> {
  const length = panel.session.length;
  if (given !== undefined && given !== null) {
    const parsed = parsePrompt(kind, String(given), length);
    if (typeof parsed === 'string') throw new Error(parsed);
    return parsed;
  }
  const text = await vscode.window.showInputBox({
    ...PROMPTS[kind],
    ...(kind === 'step' ? { placeHolder: `${PROMPTS.step.placeHolder}, 0 to ${length - 1}` } : {}),
    title: `Ledger Mirror: ${PROMPTS[kind].title}`,
    value: kind === 'op' ? panel.session.lastFind : undefined,
    validateInput: (t) => {
      const parsed = parsePrompt(kind, t, length);
      return typeof parsed === 'string' ? parsed : undefined;
    },
  });
  if (text === undefined) return undefined;
  const parsed = parsePrompt(kind, text, length);
  return typeof parsed === 'string' ? undefined : parsed;
}

/** What the action navigates to, or undefined when the user cancelled a prompt. */
async function commandFor(id: TraceActionId, panel: TracePanel, arg: unknown, count: number): Promise<NavCommand | undefined> {
  const run = traceAction(id).run;
  if ('nav' in run) return run.nav.kind === 'step' ? { kind: 'step', delta: run.nav.delta * count } : run.nav;
  if ('prompt' in run) return ask(run.prompt, panel, arg);
  const name = panel.session.lastFind;
  if (!name) throw new Error('Find an opcode first (Find Opcode…).');
  return { kind: 'op', name, backward: run.findAgain === 'backward' };
}

/** The status bar's current "nowhere to go" message, if any. */
let nowhere: vscode.Disposable | undefined;

export async function runAction(panel: TracePanel, id: TraceActionId, count = 1, arg?: unknown): Promise<number> {
  const cmd = await commandFor(id, panel, arg, count);
  if (!cmd) return panel.session.step;
  if (cmd.kind === 'op') panel.session.lastFind = cmd.name;
  const before = panel.session.step;
  const after = panel.go(cmd);
  // A move that went somewhere takes the last "nowhere to go" away at once: it no longer says where the panel is.
  nowhere?.dispose();
  nowhere = undefined;
  if (after === before && cmd.kind !== 'goto')
    nowhere = vscode.window.setStatusBarMessage(`$(info) ${traceAction(id).title}: nowhere to go from step ${before}`, 4000);
  return after;
}

export function registerTraceActions(services: Services, panels: TracePanels): void {
  for (const id of TRACE_ACTION_IDS) {
    services.registerCommand(actionCommand(id), (arg?: unknown) => {
      const panel = panels.active;
      if (!panel) throw new Error('Open an opcode trace first (Ledger Mirror: Open Opcode Trace…).');
      return runAction(panel, id, 1, arg);
    });
  }
}
