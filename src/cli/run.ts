// `ledger-mirror <command> …`: which command runs, the top-level help, and the exit code; one entry in `commands` per
// subcommand. main.ts calls it with the process's arguments; tests call it in-process.
import { EXIT } from '../core/errors';
import type { Command } from './args';
import { printError, printLines } from './output';

interface CommandEntry {
  summary: string;
  load: () => Promise<Command>;
}

/**
 * Each command's modules are evaluated only when it runs (esbuild turns these imports into lazy initialisers): a
 * CPU profile of `--help` showed module evaluation (the schemas, the HTTP client, the Solidity parser, the verify
 * code) as most of the CLI's start, which `trace` on a small trace paid again on top of its decode.
 */
const commands: Record<string, CommandEntry> = {
  token: {
    summary: 'Show a token: type, supplies, keys, custom fees, timestamps',
    load: async () => (await import('./token')).tokenCommand,
  },
  verify: {
    summary: 'Verify deployed contracts on a Sourcify server (session API or v2); exit 7 only when a contract does not match',
    load: async () => (await import('./verify')).verifyCommand,
  },
  trace: {
    summary: 'Fetch and decode a transaction opcode trace: steps, frames, revert reason',
    load: async () => (await import('./trace')).traceCommand,
  },
  results: {
    summary: "List a contract's recent transactions, newest first: function, outcome and error by name, gas, caller",
    load: async () => (await import('./results')).resultsCommand,
  },
};

/** The top-level help: the commands, each with its summary, and the exit codes. */
export function help(): string[] {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  return [
    'Usage: ledger-mirror <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    "Run 'ledger-mirror <command> --help' for a command's options.",
    'Exit codes: 0 ok, 1 other error, 2 invalid input (nothing sent), 3 not found or endpoint disabled,',
    '            4 rate limited, 5 server error or unreadable/too large/moved answer,',
    '            6 network error, timeout or connection closed mid-response, 7 verification failed.',
  ];
}

/** Runs the command line `argv` (without node and the script); resolves to the process exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    printLines(help());
    return EXIT.ok;
  }
  const command = name === undefined ? undefined : Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`ledger-mirror: ${name === undefined ? 'missing command' : `unknown command "${name}"`}\n${help().join('\n')}\n`);
    return EXIT.invalidInput;
  }
  try {
    return await (await command.load()).run(rest);
  } catch (err) {
    return printError(err);
  }
}
