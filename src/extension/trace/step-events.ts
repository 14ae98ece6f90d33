// In-process notice that a trace panel moved, for features that follow the stepper (source stepping in the editor).
// The `ledgerMirror.trace.step` context key carries only the number, for `when` clauses.
import * as vscode from 'vscode';
import type { TraceSession } from '../../core/session/session';

export interface TraceStepChange {
  /** The panel's webview: which panel moved, and `onDidDispose` for when it closes. */
  panel: vscode.WebviewPanel;
  /** Its session: the trace and the step it is on now. */
  session: TraceSession;
}

const emitter = new vscode.EventEmitter<TraceStepChange>();

export const onDidChangeTraceStep: vscode.Event<TraceStepChange> = emitter.event;

export function fireTraceStep(change: TraceStepChange): void {
  emitter.fire(change);
}
