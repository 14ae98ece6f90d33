// Entry of `ledger-mirror` (dist/cli.js). Each subcommand is one entry in `commands`.
import { EXIT } from '../core/errors';
import type { Command } from './args';
import { printError, printLines } from './output';
import { tokenCommand } from './token';
import { verifyCommand } from './verify';
import { traceCommand } from './trace';

const commands: Record<string, Command> = {
  token: tokenCommand,
  verify: verifyCommand,
  trace: traceCommand,
};

function help(): string[] {
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

async function main(argv: string[]): Promise<number> {
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
    return await command.run(rest);
  } catch (err) {
    return printError(err);
  }
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
