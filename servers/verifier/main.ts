// `npm run verifier -- [options]` (`--help` lists them, cli-args.ts parses them): runs the reference verification
// server in the foreground until interrupted. Hedera chains 295–298 read deployed code from the mirror given;
// `--explorer-chain` adds a chain that reads the same code but, unlike Hedera's, has an Etherscan-style explorer at
// URL to import from (explorer-stub.ts). The /modes/<name> prefixes answer like a moved, rate-limiting, failing or
// stalled server (servers/verifier/modes.ts).
import { codeSourceFor, hederaChains, type Chains } from './chains';
import { parseCommandLine, USAGE, UsageError } from './cli-args';
import { MODE_NAMES } from './modes';
import { startVerifier } from './server';

/** Resolves to the exit code for --help or a usage error; the server runs on (until a signal) otherwise. */
async function main(): Promise<number | undefined> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  if (parsed === 'help') {
    console.log(USAGE);
    return 0;
  }
  const { port, mirrorUrl, explorerChain } = parsed;
  const code = codeSourceFor(mirrorUrl);
  const chains: Chains = hederaChains(code);
  if (explorerChain)
    chains[explorerChain.id] = {
      name: `Chain ${explorerChain.id} (explorer ${explorerChain.url})`,
      code,
      explorerApiUrl: explorerChain.url,
    };
  const handle = await startVerifier({ port, chains, sessionApi: parsed.sessionApi, v2Api: parsed.v2Api });
  console.log(
    `Reference verifier listening on ${handle.url}${mirrorUrl ? ` (code from ${mirrorUrl})` : ' (no mirror: no contracts deployed)'}`,
  );
  console.log(`Failure modes (use as the verification URL): ${MODE_NAMES.map((name) => `${handle.url}/modes/${name}`).join(' ')}`);
  const stop = () => void handle.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return undefined;
}

main().then(
  (code) => code === undefined || process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
