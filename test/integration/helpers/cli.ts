// Runs the built CLI (dist/cli.js) as a user would, for the subcommand tests.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const CLI = join(__dirname, '../../../dist/cli.js');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Fails early with how to fix it, rather than with every subcommand test reporting a missing file. */
export function assertCliBuilt(): void {
  assert.ok(existsSync(CLI), 'dist/cli.js is missing: run `npm run build` first (npm run test:integration does)');
}

export function runCli(
  args: readonly string[],
  { timeoutMs = 30_000, env = {} }: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: timeoutMs, env: { ...process.env, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Fails with the CLI's own output, which is what one needs to see when an exit code is wrong. */
export function expectExit(run: Run, code: number): void {
  assert.equal(run.code, code, `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
}
