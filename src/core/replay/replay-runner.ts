// Runs replay jobs off the calling thread (replay-worker.ts), one fresh worker per job, with the replay's budgets:
// steps (counted by the engine), heap (resourceLimits) and wall time (the worker is ended when it runs out), and an
// AbortSignal that ends it at once. The extension host, the adapter and the CLI share this one entry.
import { Worker } from 'node:worker_threads';
import { workerScript } from '../worker-script';
import type { DebugContract } from './debug-build';
import type { ReplayBudgets } from './engine';
import type { ReplayPlan } from './plan';
import type { ReplayMode, ReplayOutcome } from './replay';
import { DEFAULT_REPLAY_BUDGETS, ReplayRefused, type RefusalKind } from './replay-input';

export type ReplayJob =
  | { kind: 'compile'; input: { language: string; sources: Record<string, unknown>; settings?: Record<string, unknown> } }
  | { kind: 'replay'; plan: ReplayPlan; mode: ReplayMode; budgets: ReplayBudgets; trace?: boolean };

export type ReplayJobResult =
  | { kind: 'compiled'; build: { contracts: DebugContract[]; version: string } }
  | { kind: 'replayed'; outcome: ReplayOutcome }
  | { kind: 'error'; refused: boolean; reason: string; message: string };

export interface RunnerOptions {
  /** Wall time for the whole job (default 60 s). */
  timeoutMs?: number;
  /** Heap of the worker (default 1 GB: solc's own heap is large). */
  heapMb?: number;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_HEAP_MB = 1024;

function run(job: ReplayJob, opts: RunnerOptions): Promise<ReplayJobResult> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ReplayRefused('cancelled', 'The replay was cancelled.'));
    const script = workerScript('replay/replay-worker', 'replay worker');
    const heap = opts.heapMb ?? DEFAULT_HEAP_MB;
    const worker = new Worker(script.code, {
      eval: script.eval,
      resourceLimits: { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const fail = (kind: RefusalKind, message: string) => finish(() => reject(new ReplayRefused(kind, message)));
    const onAbort = (): void => fail('cancelled', 'The replay was cancelled.');
    const timer = setTimeout(() => fail('budget', `The replay ran past its time budget of ${Math.round(timeoutMs / 1000)} s.`), timeoutMs);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (result: ReplayJobResult) => finish(() => resolve(result)));
    worker.on('error', (err) => {
      const memory = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      fail('budget', memory ? `The replay ran past its memory budget of ${heap} MB.` : `The replay stopped: ${err.message}`);
    });
    worker.on('exit', () => fail('budget', 'The replay worker ended without an answer.'));
    worker.postMessage(job);
  });
}

function unwrap(result: ReplayJobResult): ReplayJobResult {
  if (result.kind !== 'error') return result;
  if (result.refused) throw new ReplayRefused(result.reason as RefusalKind, result.message);
  throw new Error(result.message);
}

/** The replay's outcome, with its trace's columns when `opts.trace` asks (refusals are outcomes; a budget, a cancellation or a defect rejects with ReplayRefused/Error). */
export async function replayOffThread(
  plan: ReplayPlan,
  mode: ReplayMode,
  opts: RunnerOptions & { budgets?: ReplayBudgets; trace?: boolean } = {},
): Promise<ReplayOutcome> {
  const job: ReplayJob = { kind: 'replay', plan, mode, budgets: opts.budgets ?? DEFAULT_REPLAY_BUDGETS, trace: opts.trace };
  const result = unwrap(await run(job, opts));
  if (result.kind !== 'replayed') throw new Error('the replay worker answered another job');
  return result.outcome;
}

/** The debug build of a standard JSON input, compiled off this thread. */
export async function compileOffThread(
  input: Extract<ReplayJob, { kind: 'compile' }>['input'],
  opts: RunnerOptions = {},
): Promise<{ contracts: DebugContract[]; version: string }> {
  const result = unwrap(await run({ kind: 'compile', input }, opts));
  if (result.kind !== 'compiled') throw new Error('the replay worker answered another job');
  return result.build;
}
