// How every subcommand reports: results on stdout, one error line on stderr, a documented exit code.
import { exitCodeFor, ApiError } from '../core/errors';
import { stringifyJson } from '../core/json';

export function printJson(value: unknown): void {
  process.stdout.write(stringifyJson(value, 2) + '\n');
}

export function printLines(lines: readonly string[]): void {
  process.stdout.write(lines.map((l) => l + '\n').join(''));
}

/** One line on stderr (never a stack trace); returns the exit code for the error. */
export function printError(err: unknown): number {
  const line = err instanceof ApiError ? err.message : `Unexpected error: ${err instanceof Error ? err.message : String(err)}`;
  process.stderr.write(`ledger-mirror: ${line.replace(/\s*\n\s*/g, ' ')}\n`);
  return exitCodeFor(err);
}
