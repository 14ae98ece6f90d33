// Every command goes through here so a failure never escapes to the extension host: the user gets one clear
// sentence, the log gets the full error with its stack.
import * as vscode from 'vscode';
import { MirrorError } from '../core/errors';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command arguments are whatever the caller passes
export type CommandHandler = (...args: any[]) => unknown;

/** The sentence shown to the user: the error's own message (MirrorError messages are written for people). */
export function userMessage(err: unknown): string {
  if (err instanceof MirrorError) return err.message;
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

export function reportError(log: vscode.LogOutputChannel, what: string, err: unknown): void {
  log.error(`${what} failed:`, err instanceof Error ? err : userMessage(err));
  void vscode.window.showErrorMessage(userMessage(err));
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
