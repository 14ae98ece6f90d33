// `npm run verifier -- --port N [--mirror URL] [--v2-only | --session-only] [--explorer-chain ID=URL]`: runs the
// reference verification server in the foreground until interrupted. Hedera chains 295–298 read deployed code from
// the mirror given; `--explorer-chain` adds a chain that reads the same code but, unlike Hedera's, has an
// Etherscan-style explorer at URL to import from (explorer-stub.ts). The /modes/<name> prefixes answer like a moved,
// rate-limiting, failing or stalled server (servers/verifier/modes.ts).
import { codeSourceFor, hederaChains, type Chains } from './chains';
import { MODE_NAMES } from './modes';
import { startVerifier } from './server';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const port = Number(option(args, '--port') ?? 5555);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('--port must be a number between 0 and 65535');
    process.exit(2);
  }
  const mirrorUrl = option(args, '--mirror') ?? process.env.LEDGER_MIRROR_TEST_MIRROR_URL;
  const code = codeSourceFor(mirrorUrl);
  const chains: Chains = hederaChains(code);
  const explorerChain = option(args, '--explorer-chain');
  if (explorerChain !== undefined) {
    const m = /^(\d+)=(https?:\/\/\S+)$/.exec(explorerChain);
    if (!m || m[1] in chains) {
      console.error('--explorer-chain needs ID=URL with a chain id other than 295–298 and the explorer API base URL');
      process.exit(2);
    }
    chains[m[1]] = { name: `Chain ${m[1]} (explorer ${m[2]})`, code, explorerApiUrl: m[2] };
  }
  const handle = await startVerifier({
    port,
    chains,
    sessionApi: !args.includes('--v2-only'),
    v2Api: !args.includes('--session-only'),
  });
  console.log(
    `Reference verifier listening on ${handle.url}${mirrorUrl ? ` (code from ${mirrorUrl})` : ' (no mirror: no contracts deployed)'}`,
  );
  console.log(`Failure modes (use as the verification URL): ${MODE_NAMES.map((name) => `${handle.url}/modes/${name}`).join(' ')}`);
  const stop = () => void handle.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
