// `npm run bench:debug` (also run by `npm run bench`): the debugger at a million steps. The reference mirror's
// long loop (solc + @ethereumjs/vm, Looper.run) is fetched over loopback, the sample workspace's build output maps it,
// and an in-process DAP client drives the adapter: opening a session on the already decoded trace, each request
// (stackTrace, scopes, variables, evaluate), statement steps both ways, and continue / reverse continue to a
// breakpoint. Prints a table and writes bench/DEBUGGER.md. Targets: requests ≤ 10 ms, step ≤ 50 ms, continue ≤ 100 ms,
// open ≤ 200 ms.
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { TraceSession } from '../src/core/session/session';
import { LedgerMirrorDebugSession, type OpenedTrace } from '../src/debug/adapter';
import { mapSources } from '../src/debug/standalone-host';
import { longLoopTrace, report } from './long-loop';

const STEPS = Number(process.env.DEBUG_BENCH_STEPS ?? 1_000_000);
const REPEATS = 20;

/** An in-process DAP client: requests by message to the adapter, answers and events back. */
class Client {
  private seq = 1;
  private readonly pending = new Map<number, (r: DebugProtocol.Response) => void>();
  private readonly waiting: Array<{ event: string; resolve: (e: DebugProtocol.Event) => void }> = [];

  constructor(private readonly adapter: LedgerMirrorDebugSession) {
    adapter.onDidSendMessage((m) => {
      const msg = m as DebugProtocol.ProtocolMessage;
      if (msg.type === 'response') {
        const r = msg as DebugProtocol.Response;
        this.pending.get(r.request_seq)?.(r);
        this.pending.delete(r.request_seq);
      } else if (msg.type === 'event') {
        const e = msg as DebugProtocol.Event;
        const i = this.waiting.findIndex((w) => w.event === e.event);
        if (i >= 0) this.waiting.splice(i, 1)[0].resolve(e);
      }
    });
  }

  request<T extends DebugProtocol.Response>(command: string, args: unknown = {}): Promise<T> {
    const seq = this.seq++;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, (r) => (r.success ? resolve(r as T) : reject(new Error(`${command}: ${r.message}`))));
      this.adapter.handleMessage({ seq, type: 'request', command, arguments: args } as DebugProtocol.Request);
    });
  }

  event(event: string): Promise<DebugProtocol.Event> {
    return new Promise((resolve) => this.waiting.push({ event, resolve }));
  }
}

interface Row {
  what: string;
  target: number;
  median: number;
  max: number;
  /** Median CPU time of the process (on a shared, loaded machine the wall time also counts waiting for a core). */
  cpu: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `prepare` runs untimed before each run. */
async function time(
  what: string,
  target: number,
  repeats: number,
  run: (i: number) => Promise<unknown>,
  prepare?: () => Promise<void>,
): Promise<Row> {
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < repeats; i++) {
    await prepare?.();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await run(i);
    const c = process.cpuUsage(c0);
    samples.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { what, target, median: median(samples), max: Math.max(...samples), cpu: median(cpu) };
}

/**
 * A full collection, so the run that built the trace (the EVM's garbage runs to gigabytes) is not collected during
 * the timed requests: in VS Code that garbage never existed. `--expose-gc` is set here so `npm run bench` needs no flags.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function main(): Promise<void> {
  console.log(`debugger bench: building a ${STEPS.toLocaleString('en-US')}-step long-loop trace…`);
  const { trace, transactionId, workspace: ws } = await longLoopTrace(STEPS);
  const session = new TraceSession(trace, { key: 'bench', title: transactionId, network: 'custom' });
  // What the extension reuses when the trace panel is open: the decoded trace and the workspace's build output. A
  // fresh read of the build each time makes each open a first one (the index is kept per trace and build).
  let opened!: OpenedTrace;
  const freshBuild = async () => {
    opened = { session, ...(await mapSources(trace, [ws], undefined, () => {})) };
    collectGarbage();
  };

  const looper = join(ws, 'contracts', 'Looper.sol');
  const text = await readFile(looper, 'utf8');
  const bodyLine = text.split('\n').findIndex((l) => l.includes('acc = (acc * 31 + i)')) + 1;
  const rows: Row[] = [];

  let client!: Client;
  const open = async () => {
    client = new Client(new LedgerMirrorDebugSession({ open: async () => opened }));
    await client.request('initialize', { adapterID: 'ledger-mirror', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const initialized = client.event('initialized');
    const launched = client.request('launch', {});
    await initialized;
    const stopped = client.event('stopped');
    await client.request('configurationDone');
    await launched;
    await stopped;
  };
  rows.push(await time('open the first session on the open trace (builds the index; launch → stopped)', 200, 5, open, freshBuild));
  rows.push(await time('open another session on the same trace (index kept)', 200, 3, open));
  await client.request('setBreakpoints', { source: { path: looper }, breakpoints: [{ line: bodyLine, condition: 'gas > 0' }] });
  // Somewhere in the middle of the loop.
  await client.request('goto', { threadId: 1, targetId: Math.floor(trace.length / 2) });
  const stack = async () => (await client.request<DebugProtocol.StackTraceResponse>('stackTrace', { threadId: 1 })).body.stackFrames;
  const frameId = (await stack())[0].id;
  const scopes = (await client.request<DebugProtocol.ScopesResponse>('scopes', { frameId })).body.scopes;
  rows.push(await time('stackTrace', 10, REPEATS, stack));
  rows.push(await time('scopes', 10, REPEATS, () => client.request('scopes', { frameId })));
  rows.push(
    await time('variables (Stack)', 10, REPEATS, () =>
      client.request('variables', { variablesReference: scopes.find((s) => s.name === 'Stack')!.variablesReference }),
    ),
  );
  rows.push(
    await time('variables (Arguments)', 10, REPEATS, () =>
      client.request('variables', { variablesReference: scopes.find((s) => s.name === 'Arguments')!.variablesReference }),
    ),
  );
  rows.push(
    await time('evaluate stack[-1] + gas', 10, REPEATS, () =>
      client.request('evaluate', { expression: 'stack[-1] + gas', frameId, context: 'watch' }),
    ),
  );
  const move = async (command: string) => {
    const stopped = client.event('stopped');
    await client.request(command, { threadId: 1 });
    await stopped;
  };
  rows.push(await time('Step Over (statement)', 50, REPEATS, () => move('next')));
  rows.push(await time('Step Back (statement)', 50, REPEATS, () => move('stepBack')));
  rows.push(await time('Continue to the next breakpoint hit (with a condition)', 100, REPEATS, () => move('continue')));
  rows.push(await time('Reverse Continue to the previous hit', 100, REPEATS, () => move('reverseContinue')));
  await client.request('setBreakpoints', { source: { path: looper }, breakpoints: [] });
  rows.push(await time('Continue with no breakpoint (to the end)', 100, 3, () => move('continue')));
  rows.push(await time('Step Back from the end', 50, 3, () => move('stepBack')));

  report('DEBUGGER.md', [
    '# Debugger benchmark',
    '',
    `\`npm run bench:debug\` on ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, shared), Node ${process.version}.`,
    `Trace: the reference mirror's long loop, ${trace.length.toLocaleString('en-US')} steps (stack only), mapped onto the sample workspace's build output; an in-process DAP client.`,
    `Load average over the last minute when it finished: ${loadavg()[0].toFixed(1)}. CPU is the process's CPU time (the adapter is single-threaded; garbage collection helpers count too).`,
    '',
    '| Request | Target (ms) | Median (ms) | Max (ms) | CPU median (ms) | |',
    '|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.what} | ${r.target} | ${r.median.toFixed(2)} | ${r.max.toFixed(2)} | ${r.cpu.toFixed(2)} | ${r.median <= r.target ? 'ok' : '**over**'} |`,
    ),
    '',
  ]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
