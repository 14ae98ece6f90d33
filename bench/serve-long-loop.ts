// `node --import tsx bench/serve-long-loop.ts STEPS`: the reference mirror serving the long loop at STEPS steps
// (solc + @ethereumjs/vm), printing one JSON line { url, transactionId } and serving until it is killed. What the
// CLI benchmark (bench/run.ts) and a profile of `dist/cli.js trace` run against.
import { createEvmTraceProvider } from '../servers/mirror/evm/index';
import { startMirror } from '../servers/mirror/server';

async function main(): Promise<void> {
  const steps = Number(process.argv[2] ?? 20_000);
  const provider = await createEvmTraceProvider({ longLoop: true, longLoopSteps: steps });
  const mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity, log: () => {} });
  const loop = provider.cases.find((c) => c.name === 'long-loop')!;
  process.stdout.write(`${JSON.stringify({ url: mirror.url, transactionId: loop.transactionId })}\n`);
}

void main();
