// A replay's outcome from its plan: run it, then (for a debug replay) check that it behaved as the transaction did.
// A debug replay is accepted only when nothing tells it apart from the transaction (equivalence.ts); a what-if
// replay (the workspace's edited build) is never checked, only labelled as one.
import { compareBehaviour } from './equivalence';
import { runReplay, type ReplayBudgets, type ReplayObservation } from './engine';
import type { ReplayPlan } from './plan';
import { checkReplayInput, DEFAULT_REPLAY_BUDGETS, ReplayRefused, type RefusalKind } from './replay-input';

export type ReplayMode = 'debug' | 'workspace';

export type ReplayOutcome =
  | { kind: 'accepted'; observation: ReplayObservation }
  | { kind: 'refused'; reason: RefusalKind; message: string; place?: string }
  | { kind: 'what-if'; observation: ReplayObservation };

/** Runs `plan` in this thread (`trace`: record its steps as a trace, replay-trace.ts) (see replay-runner.ts for the worker that bounds memory and time and can be cancelled). */
export async function replayInThread(
  plan: ReplayPlan,
  mode: ReplayMode,
  budgets: ReplayBudgets = DEFAULT_REPLAY_BUDGETS,
  options: { trace?: boolean } = {},
): Promise<ReplayOutcome> {
  let observation: ReplayObservation;
  try {
    observation = await runReplay(checkReplayInput(plan.input), budgets, options);
  } catch (err) {
    if (err instanceof ReplayRefused) return { kind: 'refused', reason: err.kind, message: err.message };
    throw err;
  }
  if (mode === 'workspace') return { kind: 'what-if', observation };
  const equal = compareBehaviour(plan.recorded, observation);
  if (equal.equal) return { kind: 'accepted', observation };
  return {
    kind: 'refused',
    reason: 'divergent',
    place: equal.place,
    message: `The replay diverged from the transaction at ${equal.place}: ${equal.detail}.`,
  };
}
