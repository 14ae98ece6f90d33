// Options every subcommand shares (where the mirror is, output format, timeouts), parsed one way for all of them.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ApiError } from '../core/errors';
import { HttpClient, type HttpOptions } from '../core/http';
import { isNetworkName, NETWORK_NAMES, resolveNetwork, type Endpoints } from '../core/networks';
import { safeText } from '../core/safe-text';
import { httpUrlOf } from './server-options';

/** A subcommand: `run` gets the arguments after its name and resolves to the process exit code. */
export interface Command {
  usage: string;
  run(argv: string[]): Promise<number>;
}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export const COMMON_OPTIONS = {
  network: { type: 'string' },
  mirror: { type: 'string' },
  web3: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionsConfig;

export const COMMON_USAGE = `Common options:
  --network NAME   ${NETWORK_NAMES.filter((n) => n !== 'custom').join(' | ')} (default testnet)
  --mirror URL     a custom mirror's base URL, without /api/v1 (implies the custom network)
  --web3 URL       the custom mirror's web3 base URL, when it differs from --mirror
  --timeout S      seconds to wait for a response (default 120)
  --json           print JSON instead of a summary
  --verbose        log each request to stderr
  -h, --help       show this help`;

const invalid = (message: string) => new ApiError('invalid-input', message);

/** node:util parseArgs with the common options added; its errors become 'invalid-input' (exit code 2). */
export function parseCommandArgs<T extends OptionsConfig>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (err) {
    throw invalid((err as Error).message);
  }
}

export interface CommonValues {
  network?: string;
  mirror?: string;
  web3?: string;
  timeout?: string;
  verbose?: boolean;
}

/** `--network NAME | --mirror URL [--web3 URL]`; testnet when neither is given. */
export function endpointsFrom(v: CommonValues): Endpoints {
  const name = v.network ?? (v.mirror ? 'custom' : 'testnet');
  if (!isNetworkName(name)) throw invalid(`Unknown network "${name}"; expected one of ${NETWORK_NAMES.join(', ')}`);
  if (name !== 'custom' && (v.mirror || v.web3))
    throw invalid(`--mirror and --web3 describe a custom network; they cannot be combined with --network ${name}`);
  if (name === 'custom' && !v.mirror) throw invalid('The custom network needs --mirror URL');
  return resolveNetwork(name, {
    mirrorUrl: v.mirror === undefined ? undefined : httpUrlOf('mirror', v.mirror),
    web3Url: v.web3 === undefined ? undefined : httpUrlOf('web3', v.web3),
  });
}

/** An HttpClient for `--timeout` and `--verbose`; closed once `use` settles so the process can exit. */
export async function withHttp<R>(v: CommonValues, use: (http: HttpClient) => Promise<R>): Promise<R> {
  const options: Partial<HttpOptions> = {};
  if (v.timeout !== undefined) {
    const seconds = Number(v.timeout);
    if (!/^\d+(\.\d+)?$/.test(v.timeout) || seconds <= 0) throw invalid(`--timeout needs a positive number of seconds, got "${v.timeout}"`);
    options.headersTimeoutMs = options.bodyTimeoutMs = seconds * 1000;
  }
  if (v.verbose) {
    options.logger = (e) =>
      process.stderr.write(
        safeText(`${e.method} ${e.url} → ${e.status ?? '-'} ${e.ms} ms ${e.bytes} bytes${e.error ? ` (${e.error})` : ''}`) + '\n',
      );
  }
  const http = new HttpClient(options);
  try {
    return await use(http);
  } finally {
    await http.close();
  }
}
