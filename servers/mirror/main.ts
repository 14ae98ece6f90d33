// `npm run mirror -- [options]`: starts the reference mirror and prints what a developer needs to use it.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCommandLine, USAGE } from './cli-args';
import { MODE_PREFIXES } from './modes';
import { SAMPLE } from './sample';
import { startMirror } from './server';
import type { EvmTraceOptions, TraceProvider } from './trace-provider';

/** The EVM trace generator is optional: it is loaded only when its folder exists. */
async function loadEvmTraceProvider(options: EvmTraceOptions): Promise<TraceProvider | undefined> {
  const entry = new URL('./evm/index.ts', import.meta.url);
  if (!existsSync(fileURLToPath(entry))) return undefined;
  const evm: { createEvmTraceProvider?: unknown } = await import(entry.href);
  if (typeof evm.createEvmTraceProvider !== 'function') return undefined;
  return (await evm.createEvmTraceProvider(options)) as TraceProvider;
}

function startupLines(url: string, fixtures: readonly string[], traces: TraceProvider, rps: number): string[] {
  const tokens = Object.entries(SAMPLE).map(([role, id]) => `${role} ${id}`);
  return [
    `Reference mirror listening on ${url}`,
    `Tokens: ${tokens.join(', ')} (e.g. ${url}/api/v1/tokens/${SAMPLE.fungible})`,
    `History: ${url}/api/v1/tokens/${SAMPLE.fungible}?timestamp=1234567880.000000003 (older symbol and fees)`,
    `Spec-test datasets: ${url}/fixtures/<name>/api/v1/tokens/1135 for ${fixtures.join(', ')}`,
    `Modes: ${Object.keys(MODE_PREFIXES)
      .map((name) => `${url}/modes/${name}`)
      .join(', ')} (opcodes off / gzip required / 503)`,
    `Opcode rate limit: ${rps === Infinity ? 'off' : `${rps} request(s) per second`} per mode`,
    ...traces.describe(),
    'Press Ctrl-C to stop.',
  ];
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (parsed === 'help') {
    console.log(USAGE);
    return 0;
  }
  const traces = parsed.evm && (await loadEvmTraceProvider(parsed.evm));
  const mirror = await startMirror({
    ...parsed.server,
    traces,
    log: parsed.quiet ? undefined : (line) => console.log(line),
  });
  for (const line of startupLines(mirror.url, mirror.fixtures, mirror.traces, parsed.server.opcodeRequestsPerSecond ?? 1)) {
    console.log(line);
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await mirror.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const detail = error instanceof Error ? error.message : String(error);
    console.error(code === 'EADDRINUSE' ? `Cannot listen: that port is already in use (${detail})` : `Reference mirror failed: ${detail}`);
    process.exit(1);
  },
);
