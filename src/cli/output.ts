// How every subcommand reports: results on stdout, one error line on stderr, a documented exit code. Text from
// servers, traces and workspaces reaches the terminal only through here, with its control characters escaped.
import { exitCodeFor, ApiError } from '../core/errors';
import { stringifyJson } from '../core/json';
import { safeJson, safeLine, safeText } from '../core/safe-text';

/** JSON keeps every value; C1 and bidi characters, which JSON.stringify leaves raw, are written as \uXXXX. */
export function printJson(value: unknown): void {
  process.stdout.write(safeJson(stringifyJson(value, 2)) + '\n');
}

export function printLines(lines: readonly string[]): void {
  process.stdout.write(lines.map((l) => safeText(l) + '\n').join(''));
}

/** Lines whose layout carries meaning (a summary, a list of frames): a newline inside a value is escaped, not printed. */
export function printRows(rows: readonly string[]): void {
  process.stdout.write(rows.map((l) => safeLine(l) + '\n').join(''));
}

/** One line on stderr (never a stack trace); returns the exit code for the error. */
export function printError(err: unknown): number {
  const line = err instanceof ApiError ? err.message : `Unexpected error: ${err instanceof Error ? err.message : String(err)}`;
  process.stderr.write(`ledger-mirror: ${safeLine(line.replace(/\s*\n\s*/g, ' '))}\n`);
  return exitCodeFor(err);
}
