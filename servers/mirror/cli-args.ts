// Command-line options of `npm run mirror`.

import { parseArgs } from 'node:util';
import type { MirrorOptions } from './server';
import type { EvmTraceOptions } from './trace-provider';
import type { OpcodeCaps } from './web3/opcode-caps';

export const USAGE = `Usage: npm run mirror -- [options]
  --port N              port to listen on (default: a free port)
  --host ADDRESS        address to bind (default 127.0.0.1)
  --opcodes disabled    root behaves like a v0.129 mirror with the opcodes endpoint off (404)
  --opcodes not-implemented
                        root behaves like a newer mirror with the opcodes endpoint off (501)
  --opcode-api v0.150   root requires Accept-Encoding: gzip on opcodes (406 otherwise)
  --unavailable         root answers 503 to everything
  --opcode-rps N|off    opcode requests per second per mode (default 1)
  --max-opcodes N       cap traces as newer mirrors do: at most N entries, the truncation marker included
  --max-memory-words N  cap the memory words captured across a trace (with memory=true)
  --max-stack N         cap the stack items captured across a trace (with stack=true)
  --max-storage N       cap the storage entries captured across a trace (with storage=true)
  --storage-shape accesses|written|v0.129
                        each opcode's storage map: the newest mirror's transaction-wide map merged by slot
                        (accesses: reads and writes, the default; written: writes only), or v0.129's slots
                        the current contract wrote
  --quiet               do not log each request
  --no-traces           skip the EVM trace generator (fast start; valid transaction ids then answer 404)
  Trace generator (servers/mirror/evm), when present:
  --pre-op              record pc/gas before each op (geth style) instead of after (mirror/Besu style)
  --null-parts          disabled stack/memory/storage parts are null instead of []/{}
  --long-loop           also generate the long-loop case (>= 500k steps)
  --build-info-dir DIR  where to write the Hardhat-style build-info of the compiled contracts
  --compiler VARIANT    default (optimizer off), optimized, via-ir or via-ir-unoptimized
  --corpus              also run the library corpus (OpenZeppelin, solady, solmate, Uniswap v2-core from npm)`;

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

/** The caps given on the command line (each @Positive, as the mirror validates them); undefined when none was. */
function capsOption(caps: Record<keyof OpcodeCaps, string | undefined>): Partial<OpcodeCaps> | undefined {
  const given: Partial<OpcodeCaps> = {};
  for (const [key, value] of Object.entries(caps) as [keyof OpcodeCaps, string | undefined][]) {
    if (value === undefined) continue;
    const flag = `max-${key.slice(3).replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase())}`;
    const n = integerOption(value, flag)!;
    if (n === 0) throw new UsageError(`--${flag} must be at least 1`);
    given[key] = n;
  }
  return Object.keys(given).length ? given : undefined;
}

export interface CommandLine {
  server: MirrorOptions;
  /** undefined with --no-traces. */
  evm: EvmTraceOptions | undefined;
  quiet: boolean;
}

export function parseCommandLine(argv: string[]): CommandLine | 'help' {
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
      'no-traces': { type: 'boolean' },
      'pre-op': { type: 'boolean' },
      'null-parts': { type: 'boolean' },
      'max-opcodes': { type: 'string' },
      'max-memory-words': { type: 'string' },
      'max-stack': { type: 'string' },
      'max-storage': { type: 'string' },
      'storage-shape': { type: 'string' },
      'long-loop': { type: 'boolean' },
      'build-info-dir': { type: 'string' },
      compiler: { type: 'string' },
      corpus: { type: 'boolean' },
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
      opcodes: oneOf(values.opcodes, 'opcodes', ['enabled', 'disabled', 'not-implemented']),
      opcodeApi: oneOf(values['opcode-api'], 'opcode-api', ['v0.129', 'v0.150']),
      unavailable: values.unavailable,
      storage: oneOf(values['storage-shape'], 'storage-shape', ['accesses', 'written', 'v0.129']),
      opcodeRequestsPerSecond: rps,
      opcodeCaps: capsOption({
        maxOpcodes: values['max-opcodes'],
        maxMemoryWords: values['max-memory-words'],
        maxStack: values['max-stack'],
        maxStorage: values['max-storage'],
      }),
    },
    evm: values['no-traces']
      ? undefined
      : {
          preOp: values['pre-op'],
          nullParts: values['null-parts'],
          longLoop: values['long-loop'],
          buildInfoDir: values['build-info-dir'],
          compiler: oneOf(values.compiler, 'compiler', ['default', 'optimized', 'via-ir', 'via-ir-unoptimized']),
          corpus: values.corpus,
        },
    quiet: values.quiet ?? false,
  };
}
