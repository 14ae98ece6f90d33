// `npm run bench:gas` (also run by `npm run bench`): the gas profile at a million steps. The reference mirror's long
// loop (solc + @ethereumjs/vm, Looper.run) is fetched over loopback and mapped onto the sample workspace's build output,
// as the extension does when a trace opens. Measures what the host does after the panel's first paint: the call-frame
// profile, the debugger's index of the trace (built once, shared with the debugger), and the profile by function and
// line. Prints a table and writes bench/GAS.md. Target: the full profile ready ≤ 1 s after the trace opens.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { createEvmTraceProvider } from '../servers/mirror/evm/index';
import { startMirror } from '../servers/mirror/server';
import { profileGas } from '../src/core/gas/profile';
import { profileView } from '../src/core/gas/view';
import { HttpClient } from '../src/core/http';
import { resolveNetwork } from '../src/core/networks';
import { fetchTrace } from '../src/core/opcodes-client';
import { Program } from '../src/debug/program';
import { mapSources } from '../src/debug/standalone-host';
import { sampleWorkspace } from '../test/integration/helpers/sample-workspace';

const STEPS = Number(process.env.GAS_BENCH_STEPS ?? 1_000_000);
const REPEATS = 5;

function best<T>(repeats: number, run: () => T): { ms: number; result: T } {
  let ms = Infinity;
  let result!: T;
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    result = run();
    ms = Math.min(ms, performance.now() - t0);
  }
  return { ms, result };
}

async function main(): Promise<void> {
  console.log(`gas bench: building a ${STEPS.toLocaleString('en-US')}-step long-loop trace…`);
  const [provider, ws] = await Promise.all([createEvmTraceProvider({ longLoop: true, longLoopSteps: STEPS }), sampleWorkspace()]);
  const mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity, log: () => {} });
  const http = new HttpClient();
  const loop = provider.cases.find((c) => c.name === 'long-loop')!;
  const trace = await fetchTrace(http, resolveNetwork('custom', { mirrorUrl: mirror.url }), loop.transactionId, { stack: true });
  await http.close();
  await mirror.close();
  const { sources, files } = await mapSources(trace, [ws], undefined, () => {});

  const frames = best(REPEATS, () => profileGas(trace));
  const t0 = performance.now();
  const program = await Program.build(trace, sources, files);
  const index = performance.now() - t0;
  const functions = best(REPEATS, () => profileGas(trace, { functions: program }));
  const view = best(REPEATS, () => profileView(functions.result));
  const ready = frames.ms + index + functions.ms + view.ms;
  const rows = [
    ['call frames (shown first)', frames.ms],
    ["the debugger's index of the trace (once per trace, shared with the debugger)", index],
    ['functions and lines, from the index', functions.ms],
    ['bounded view for the webview', view.ms],
    ['**ready after the first paint (sum)**', ready],
  ] as const;
  const lines = [
    '# Gas profile benchmark',
    '',
    `\`npm run bench:gas\` on ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, shared), Node ${process.version}.`,
    `Trace: the reference mirror's long loop, ${trace.length.toLocaleString('en-US')} steps (stack only), mapped onto the sample workspace's build output.`,
    `Profile: ${functions.result.nodes.length} nodes, ${functions.result.lines.length} lines, ${functions.result.total.toLocaleString('en-US')} gas. Best of ${REPEATS} except the index (built once).`,
    '',
    '| What | ms |',
    '|---|---:|',
    ...rows.map(([what, ms]) => `| ${what} | ${ms.toFixed(1)} |`),
    '',
    `Target: ready ≤ 1,000 ms after the trace opens: ${ready <= 1000 ? 'met' : '**missed**'}.`,
    '',
  ];
  writeFileSync(join(__dirname, 'GAS.md'), lines.join('\n'));
  console.log(lines.join('\n'));
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
