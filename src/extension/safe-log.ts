// The "Ledger Mirror" log carries text from servers, traces and workspaces (URLs, error messages, revert strings,
// file names). Every line passes through here, so control characters and bidi overrides reach the log (and any
// terminal that later prints its file) as visible escapes, whichever feature wrote the line.
import type * as vscode from 'vscode';
import { safeText } from '../core/safe-text';

const WRITERS = new Set<PropertyKey>(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

/** An error argument as the log would print it (stack, else name and message), escaped. */
function safeArg(arg: unknown): unknown {
  if (typeof arg === 'string') return safeText(arg);
  if (arg instanceof Error) return safeText(arg.stack ?? `${arg.name}: ${arg.message}`);
  return arg;
}

export function safeLogChannel(channel: vscode.LogOutputChannel): vscode.LogOutputChannel {
  return new Proxy(channel, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      return WRITERS.has(prop) ? (...args: unknown[]) => method.apply(target, args.map(safeArg)) : method.bind(target);
    },
  });
}
