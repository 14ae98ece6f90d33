// Runs the built CLI in a child with a small V8 heap and reports its peak RSS, so a hostile input that would make
// it grow shows up as an OOM abort or a failed bound instead of passing unnoticed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type Run } from './cli';

/** The heap the child gets; a decoder that buffers a bomb exceeds it and aborts (exit 134), which no test accepts. */
export const HEAP_MB = 256;

export interface BoundedRun extends Run {
  /** Peak resident set size of the child, in MB. */
  maxRssMb: number;
}

export async function runBoundedCli(
  args: readonly string[],
  { timeoutMs = 60_000, env = {} }: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<BoundedRun> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-rss-'));
  const file = join(dir, 'rss');
  try {
    const run = await runCli(args, {
      timeoutMs,
      env: {
        ...env,
        LEDGER_MAX_RSS_FILE: file,
        NODE_OPTIONS: `--max-old-space-size=${HEAP_MB} --require ${join(__dirname, 'max-rss.cjs')}`,
      },
    });
    let kb = NaN;
    try {
      kb = Number(readFileSync(file, 'utf8'));
    } catch {
      // the child died before its exit hook (an abort): maxRssMb stays NaN and the bound check fails
    }
    return { ...run, maxRssMb: kb / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
