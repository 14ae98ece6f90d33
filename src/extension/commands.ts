// Every command goes through here so a failure never escapes to the extension host: the user gets one clear
// sentence, the log gets the full error with its stack.
import * as vscode from 'vscode';
import { ApiError } from '../core/errors';
import { safeText } from '../core/safe-text';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command arguments are whatever the caller passes
export type CommandHandler = (...args: any[]) => unknown;

/** The sentence shown to the user: the error's own message (ApiError messages are written for people). */
export function userMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/** Message, stack and the chain of causes (e.g. the socket error under a ApiError), for the log only. */
function fullDetail(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const own = err.stack ?? `${err.name}: ${err.message}`;
  return err.cause === undefined ? own : `${own}\nCaused by: ${fullDetail(err.cause)}`;
}

export function reportError(log: vscode.LogOutputChannel, what: string, err: unknown): void {
  log.error(`${what} failed: ${fullDetail(err)}`);
  void vscode.window.showErrorMessage(safeText(userMessage(err)));
}

export function registerCommand(log: vscode.LogOutputChannel, id: string, handler: CommandHandler): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (err) {
      reportError(log, id, err);
      return undefined;
    }
  });
}
