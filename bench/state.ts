// `npm run bench:state` (also run by `npm run bench`): storage and state from the trace itself (#27). The reference
// mirror's long loop (solc + @ethereumjs/vm, Looper.run, stack only: storage is not fetched) is fetched over loopback
// and mapped onto the sample workspace's build output. Measures the storage index (one pass over the trace's SLOAD and
// SSTORE), the state of the loop's account at steps spread over the trace, the debugger's Storage scope by name there
// (each a first request at its step), the state diff, and the Storage scope again with a 100-slot pre-state attached. Target: state at any step ≤ 10 ms at 20,000 steps.
import { cpus, loadavg } from 'node:os';
import { attachPreState } from '../src/core/state/pre-state';
import { stateDiff } from '../src/core/state/state-diff';
import { Program } from '../src/core/sourcemap/program';
import { storageAccessesOf } from '../src/core/trace/storage-accesses';
import { mapSources } from '../src/debug/standalone-host';
import { storageScope } from '../src/debug/storage';
import { longLoopTrace, report } from './long-loop';

/** The target's size, and the longest traces (where Looper's writes of `checkpoint` are many). */
const SIZES = (process.env.STATE_BENCH_STEPS ?? '20000,1000000').split(',').map(Number);
const AT = 20;
const TARGET_MS = 10;

function timed<T>(run: () => T): { ms: number; cpuMs: number; result: T } {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const result = run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - t0, cpuMs: (used.user + used.system) / 1000, result };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(steps: number): Promise<{ lines: string[]; slowest: number }> {
  console.log(`state bench: building a ${steps.toLocaleString('en-US')}-step long-loop trace…`);
  const { trace, workspace } = await longLoopTrace(steps);
  const { sources, files } = await mapSources(trace, [workspace], undefined, () => {});
  const program = await Program.build(trace, sources, files);
  const loadBefore = load();
  const index = timed(() => storageAccessesOf(trace));
  const account = index.result.accountOf(0);
  const at = Array.from({ length: AT }, (_, i) => Math.floor(((i + 1) * (trace.length - 1)) / AT));
  const states = at.map((s) => timed(() => index.result.stateAt(s, account)));
  const scopes = at.map((s) => timed(() => storageScope(program, s, program.traceFrame[s])));
  const diff = timed(() => stateDiff(trace));
  // The same scopes after the mirror's state before the transaction is in: 100 slots (a typical contract's /state, two
  // pages at most), every state variable shown with its value before and the changed marks.
  const slots = new Map(Array.from({ length: 100 }, (_, i) => [i.toString(16).padStart(64, '0'), (i + 1).toString(16).padStart(64, '0')]));
  attachPreState(trace, { accounts: new Map([[account, { slots, complete: true, note: null }]]), requests: 2 });
  const withPre = at.map((s) => timed(() => storageScope(program, s, program.traceFrame[s])));
  const slowest = Math.max(...states.map((t) => t.ms), ...scopes.map((t) => t.ms), ...withPre.map((t) => t.ms));
  const row = (what: string, ts: { ms: number; cpuMs: number }[]) =>
    `| ${what} | ${median(ts.map((t) => t.ms)).toFixed(2)} | ${Math.max(...ts.map((t) => t.ms)).toFixed(2)} | ${median(ts.map((t) => t.cpuMs)).toFixed(2)} |`;
  const lines = [
    `## ${trace.length.toLocaleString('en-US')} steps`,
    '',
    `${index.result.count.toLocaleString('en-US')} SLOAD/SSTORE in the trace. Load average (1 / 5 / 15 min): ${loadBefore} before, ${load()} after.`,
    '',
    '| What | median ms | max ms | CPU median ms |',
    '|---|---:|---:|---:|',
    row('the storage index (once per trace: every SLOAD and SSTORE, by account)', [index]),
    row(`the loop account's state at ${AT} steps spread over the trace`, states),
    row(`the debugger's Storage scope by name at the same steps (each a first request there)`, scopes),
    row('the state diff of the transaction', [diff]),
    row(`the Storage scope with a 100-slot pre-state (every variable, its value before, the marks) at the same steps`, withPre),
    '',
  ];
  return { lines, slowest };
}

async function main(): Promise<void> {
  const runs: { steps: number; lines: string[]; slowest: number }[] = [];
  for (const steps of SIZES) runs.push({ steps, ...(await measure(steps)) });
  const target = runs.find((r) => r.steps <= 20_000) ?? runs[0];
  report('STATE.md', [
    '# State benchmark',
    '',
    `\`npm run bench:state\` on ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, shared), Node ${process.version}.`,
    "Trace: the reference mirror's long loop (stack only; storage not fetched), mapped onto the sample workspace's build output. Looper writes `checkpoint` every 128th iteration, so the shortest trace may hold none.",
    '',
    ...runs.flatMap((r) => r.lines),
    `Target: state at any step ≤ ${TARGET_MS} ms at 20,000 steps: ${target.slowest <= TARGET_MS ? 'met' : '**missed**'} (slowest ${target.slowest.toFixed(2)} ms); at the longest trace the slowest was ${runs.at(-1)!.slowest.toFixed(2)} ms.`,
    '',
  ]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
