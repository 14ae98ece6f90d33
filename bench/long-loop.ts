// The reference mirror's long loop (solc + @ethereumjs/vm, Looper.run) at a given step count, fetched over loopback
// through the opcodes client, with the sample workspace whose build output maps it: what the debugger and gas
// benchmarks measure on. Also how they end: the report written next to this file and printed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEvmTraceProvider } from '../servers/mirror/evm/index';
import { startMirror } from '../servers/mirror/server';
import { HttpClient } from '../src/core/http';
import { MirrorClient } from '../src/core/mirror/client';
import { resolveNetwork } from '../src/core/networks';
import { fetchTrace, type FetchTraceOptions } from '../src/core/opcodes-client';
import type { ColumnarTrace } from '../src/core/trace/trace';
import { sampleWorkspace } from '../test/integration/helpers/sample-workspace';

/** `parts`: what each step carries (default the stack only). */
export async function longLoopTrace(
  steps: number,
  parts: Pick<FetchTraceOptions, 'stack' | 'memory' | 'storage'> = { stack: true },
): Promise<{ trace: ColumnarTrace; transactionId: string; workspace: string }> {
  const [provider, workspace] = await Promise.all([createEvmTraceProvider({ longLoop: true, longLoopSteps: steps }), sampleWorkspace()]);
  const mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity, log: () => {} });
  const http = new HttpClient();
  try {
    const loop = provider.cases.find((c) => c.name === 'long-loop')!;
    const trace = await fetchTrace(new MirrorClient(resolveNetwork('custom', { mirrorUrl: mirror.url }), http), loop.transactionId, parts);
    return { trace, transactionId: loop.transactionId, workspace };
  } finally {
    await http.close();
    await mirror.close();
  }
}

/** Writes `bench/<file>`, prints it and exits (the EVM and sockets keep handles open). */
export function report(file: string, lines: string[]): never {
  writeFileSync(join(__dirname, file), lines.join('\n'));
  console.log(lines.join('\n'));
  process.exit(0);
}
