// The replay's worker thread (bundled as dist/replay-worker.js): compiles a debug build with the bundled solc, or
// runs one replay and its equivalence check, and answers once. Whatever a hostile pre-state or a looping replay does
// here (the heap budget of resourceLimits, the host's time budget ending this thread) ends this thread, not the
// extension host, the adapter or the CLI; the host starts a fresh thread for each job.
import { parentPort } from 'node:worker_threads';
import { compileDebugBuild } from './debug-compile';
import { replayInThread } from './replay';
import { ReplayRefused } from './replay-input';
import type { ReplayJob, ReplayJobResult } from './replay-runner';

const port = parentPort;
if (!port) throw new Error('replay-worker.js runs as a worker thread only.');

port.once('message', (job: ReplayJob) => {
  void answer(job).then((result) => port.postMessage(result satisfies ReplayJobResult));
});

async function answer(job: ReplayJob): Promise<ReplayJobResult> {
  try {
    if (job.kind === 'compile') return { kind: 'compiled', build: compileDebugBuild(job.input) };
    return { kind: 'replayed', outcome: await replayInThread(job.plan, job.mode, job.budgets, { trace: job.trace }) };
  } catch (err) {
    if (err instanceof ReplayRefused) return { kind: 'error', refused: true, reason: err.kind, message: err.message };
    return { kind: 'error', refused: false, reason: 'internal', message: err instanceof Error ? err.message : String(err) };
  }
}
