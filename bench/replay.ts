// Replay speed (#31): the reference mirror's long loop at 20k steps, replayed with its debug build (compiled from the
// sample workspace's build info) after the pre-state is fetched, equivalence check included. Timed in this thread
// (the engine and the check) and through the worker (a fresh thread per replay, as the CLI runs it, though from here
// the worker runs the TypeScript sources through tsx, so its start-up is far slower than the bundle's). Writes
// bench/REPLAY.md. Run: node esbuild.mjs && node --import tsx bench/replay.ts
import { performance } from 'node:perf_hooks';
import { createEvmTraceProvider } from '../servers/mirror/evm/index';
import { startMirror } from '../servers/mirror/server';
import { HttpClient } from '../src/core/http';
import { MirrorClient } from '../src/core/mirror/client';
import { resolveNetwork } from '../src/core/networks';
import { fetchTrace } from '../src/core/opcodes-client';
import { debugBuildCode } from '../src/core/replay/debug-code';
import { compileDebugBuild } from '../src/core/replay/debug-compile';
import { planReplay } from '../src/core/replay/plan';
import { replayInThread } from '../src/core/replay/replay';
import { DEFAULT_REPLAY_BUDGETS } from '../src/core/replay/replay-input';
import { replayTraceOf } from '../src/core/replay/replay-trace';
import { replayOffThread } from '../src/core/replay/replay-runner';
import { discoverArtifacts } from '../src/core/sourcemap/discover';
import { sampleWorkspace } from '../test/integration/helpers/sample-workspace';
import { report } from './long-loop';

const STEPS = 20_000;
const RUNS = 5;

async function main(): Promise<void> {
  const [provider, workspace] = await Promise.all([createEvmTraceProvider({ longLoop: true, longLoopSteps: STEPS }), sampleWorkspace()]);
  const mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity, log: () => {} });
  const http = new HttpClient();
  const endpoints = resolveNetwork('custom', { mirrorUrl: mirror.url });
  const loop = provider.cases.find((c) => c.name === 'long-loop')!;
  const trace = await fetchTrace(new MirrorClient(endpoints, http), loop.transactionId, { stack: true });
  const { result } = await new MirrorClient(endpoints, http).contractResult(loop.transactionId);
  const actions = await new MirrorClient(endpoints, http).contractActions(loop.transactionId);
  const runtime = (await new MirrorClient(endpoints, http).contractCode(loop.address))!.runtime!;
  const ran = new Map([[loop.address.toLowerCase(), `0x${Buffer.from(runtime).toString('hex')}`]]);
  const artifacts = (await discoverArtifacts(workspace)).artifacts;
  const compileStart = performance.now();
  const { code, notes } = await debugBuildCode(ran, artifacts, [workspace], async (input) => compileDebugBuild(input));
  const compileMs = performance.now() - compileStart;
  const plan = planReplay(result, actions, trace, ran, code);
  const inThread: number[] = [];
  const offThread: number[] = [];
  const withTrace: number[] = [];
  let steps = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const outcome = await replayInThread(plan, 'debug');
    inThread.push(performance.now() - start);
    if (outcome.kind !== 'accepted') throw new Error(`replay not accepted: ${outcome.kind === 'refused' ? outcome.message : outcome.kind}`);
    steps = outcome.observation.steps;
    const startOff = performance.now();
    await replayOffThread(plan, 'debug');
    offThread.push(performance.now() - startOff);
    const startTrace = performance.now();
    const traced = await replayInThread(plan, 'debug', DEFAULT_REPLAY_BUDGETS, { trace: true });
    if (traced.kind !== 'accepted' || !traced.observation.trace) throw new Error('the traced replay has no trace');
    replayTraceOf(traced.observation.trace);
    withTrace.push(performance.now() - startTrace);
  }
  await http.close();
  await mirror.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  report('REPLAY.md', [
    '# Replay (#31)',
    '',
    `The reference mirror's long loop, ${trace.length} steps in the trace, replayed with its debug build (${notes.join('; ')}): ${steps} replay steps, accepted.`,
    `Median of ${RUNS} runs after the pre-state is fetched, equivalence check included (target ≤ 2 s).`,
    '',
    '| what | ms |',
    '| --- | --- |',
    `| replay + check, in this thread | ${median(inThread).toFixed(0)} |`,
    `| replay + check through a fresh worker thread, which here loads the TypeScript sources through tsx (the CLI loads dist/replay-worker.js) | ${median(offThread).toFixed(0)} |`,
    `| replay + check, its steps recorded as a trace and analysed (what a debugger reads), in this thread | ${median(withTrace).toFixed(0)} |`,
    `| debug build compiled once (solc, in this thread) | ${compileMs.toFixed(0)} |`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on the shared 2-core machine with \`node esbuild.mjs && node --import tsx bench/replay.ts\`.`,
    '',
    "## Locals from the replay's trace",
    '',
    'Not measured here: the Locals oracle (`test/integration/replay/replay.test.ts`, "the Locals oracle on the replays") on the',
    "reference mirror's Locals cases compiled with viaIR and the optimizer, each replayed with its debug build and read from",
    "the replay's own trace: 48 checks, 48 shown, 0 unavailable, 0 wrong (their own traces: 58 checks, 5 shown, 0 wrong,",
    '`test/integration/debug/locals-oracle.test.ts`; `locals-shadowing` is refused and the constructor case not replayed,',
    'so they have no replay trace). Measured 2026-12-08.',
    '',
  ]);
}

void main();
