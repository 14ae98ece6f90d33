// Command-line options of `npm run verifier` (node:util parseArgs, as the mirror's): the port, the mirror deployed
// code is read from, which APIs answer, and chains with an Etherscan-style explorer to import from.
import { parseArgs } from 'node:util';
import { HEDERA_CHAIN_NAMES } from './chains';

export const USAGE = `Usage: npm run verifier -- [options]
  --port N                port to listen on (default 5555; 0: a free port)
  --mirror URL            mirror whose deployed code chains 295–298 read
                          (default: $LEDGER_MIRROR_TEST_MIRROR_URL; none: no contracts are deployed)
  --v2-only               serve only the Sourcify API v2 (no session API)
  --session-only          serve only the session API (no API v2)
  --explorer-chain ID=URL also serve chain ID (not 295–298), reading the same code, with an Etherscan-style
                          explorer API at URL to import from
  -h, --help              print this text`;

export class UsageError extends Error {}

export interface CommandLine {
  port: number;
  mirrorUrl: string | undefined;
  sessionApi: boolean;
  v2Api: boolean;
  explorerChain: { id: string; url: string } | undefined;
}

/** The options, 'help' for --help; a UsageError names the flag given wrong. */
export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv = process.env): CommandLine | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        mirror: { type: 'string' },
        'v2-only': { type: 'boolean' },
        'session-only': { type: 'boolean' },
        'explorer-chain': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  const port = values.port === undefined ? 5555 : /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN;
  if (!(port <= 65535)) throw new UsageError(`--port must be a number between 0 and 65535, got "${values.port}"`);
  if (values['v2-only'] && values['session-only']) throw new UsageError('--v2-only and --session-only leave no API: give one');
  let explorerChain: CommandLine['explorerChain'];
  if (values['explorer-chain'] !== undefined) {
    const m = /^(\d+)=(https?:\/\/\S+)$/.exec(values['explorer-chain']);
    if (!m || m[1] in HEDERA_CHAIN_NAMES)
      throw new UsageError('--explorer-chain needs ID=URL with a chain id other than 295–298 and the explorer API base URL');
    explorerChain = { id: m[1], url: m[2] };
  }
  return {
    port,
    mirrorUrl: values.mirror ?? env.LEDGER_MIRROR_TEST_MIRROR_URL,
    sessionApi: !values['v2-only'],
    v2Api: !values['session-only'],
    explorerChain,
  };
}
