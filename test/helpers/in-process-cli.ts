// The CLI run in this process (src/cli/run.ts), with what it writes to stdout and stderr captured: the unit tier's
// argument tests and the integration tier's command runs against the reference servers share it.
import { runCli } from '../../src/cli/run';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ledger-mirror ...argv` in-process; the streams are restored however the run ends. */
export async function runInProcess(...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const { stdout, stderr } = process;
  const writes = { out: stdout.write, err: stderr.write };
  const capture = (into: string[]) => ((chunk: string | Uint8Array) => (into.push(String(chunk)), true)) as typeof stdout.write;
  stdout.write = capture(out);
  stderr.write = capture(err);
  try {
    const code = await runCli(argv);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    stdout.write = writes.out;
    stderr.write = writes.err;
  }
}
