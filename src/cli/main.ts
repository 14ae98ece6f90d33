// Entry of `ledger-mirror` (dist/cli.js): runs the command line (run.ts) and sets the exit code.
import { runCli } from './run';

void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
