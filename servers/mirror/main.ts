// `npm run mirror -- [options]`: starts the reference mirror and prints what a developer needs to use it.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MODE_PREFIXES } from './modes';
import { SAMPLE } from './sample';
import { startMirror, type MirrorOptions } from './server';
import type { EvmTraceOptions, TraceProvider } from './trace-provider';

const USAGE = `Usage: npm run mirror -- [options]
  --port N              port to listen on (default: a free port)
  --host ADDRESS        address to bind (default 127.0.0.1)
  --opcodes disabled    root behaves like a mirror with the opcodes endpoint off (404)
  --opcode-api v0.150   root requires Accept-Encoding: gzip on opcodes (406 otherwise)
  --unavailable         root answers 503 to everything
  --opcode-rps N|off    opcode requests per second per mode (default 1)
  --quiet               do not log each request
  Trace generator (servers/mirror/evm), when present:
  --pre-op              record pc/gas before each op (geth style) instead of after (mirror/Besu style)
  --null-parts          disabled stack/memory/storage parts are null instead of []/{}
  --truncate N          cap traces at N steps and append the truncation marker
  --long-loop           also generate the long-loop case (>= 500k steps)
  --build-info-dir DIR  where to write the Hardhat-style build-info of the compiled contracts`;

class UsageError extends Error {}

function integerOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} needs a non-negative integer, got "${value}"`);
  return Number(value);
}

function oneOf<T extends string>(value: string | undefined, name: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

function parseCommandLine(argv: string[]): { server: MirrorOptions; evm: EvmTraceOptions; quiet: boolean } | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      opcodes: { type: 'string' },
      'opcode-api': { type: 'string' },
      unavailable: { type: 'boolean' },
      'opcode-rps': { type: 'string' },
      quiet: { type: 'boolean' },
      'pre-op': { type: 'boolean' },
      'null-parts': { type: 'boolean' },
      truncate: { type: 'string' },
      'long-loop': { type: 'boolean' },
      'build-info-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const port = integerOption(values.port, 'port');
  if (port !== undefined && port > 65535) throw new UsageError(`--port must be at most 65535, got ${port}`);
  const rps = values['opcode-rps'] === 'off' ? Infinity : integerOption(values['opcode-rps'], 'opcode-rps');
  if (rps === 0) throw new UsageError('--opcode-rps must be at least 1 (or "off")');
  return {
    server: {
      port,
      host: values.host,
      opcodes: oneOf(values.opcodes, 'opcodes', ['enabled', 'disabled']),
      opcodeApi: oneOf(values['opcode-api'], 'opcode-api', ['v0.129', 'v0.150']),
      unavailable: values.unavailable,
      opcodeRequestsPerSecond: rps,
    },
    evm: {
      preOp: values['pre-op'],
      nullParts: values['null-parts'],
      truncateAt: integerOption(values.truncate, 'truncate'),
      longLoop: values['long-loop'],
      buildInfoDir: values['build-info-dir'],
    },
    quiet: values.quiet ?? false,
  };
}

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
  const traces = await loadEvmTraceProvider(parsed.evm);
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
