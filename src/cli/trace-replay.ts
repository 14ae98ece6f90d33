// `trace --replay debug|workspace`: replays the transaction locally after its trace is read (src/core/replay). debug:
// each contract whose build info the workspace has runs its debug build, and the outcome says whether the replay was
// proven equal to the transaction or where it diverged. workspace: the transaction's own contract runs the
// workspace's current build of `--contract NAME`, a what-if whose new outcome is shown and never checked.
import { ApiError } from '../core/errors';
import type { MirrorClient } from '../core/mirror/client';
import { debugBuildCode, workspaceCode, type ReplayCode } from '../core/replay/debug-code';
import { planReplay } from '../core/replay/plan';
import type { ReplayMode, ReplayOutcome } from '../core/replay/replay';
import { ReplayRefused } from '../core/replay/replay-input';
import { compileOffThread, replayOffThread } from '../core/replay/replay-runner';
import { discoverArtifacts } from '../core/sourcemap/discover';
import type { Trace } from '../shared/trace-model';

export function replayModeOf(value: string | undefined, contract: string | undefined): { mode: ReplayMode; contract?: string } | undefined {
  if (value === undefined) {
    if (contract !== undefined) throw new ApiError('invalid-input', '--contract goes with --replay workspace');
    return undefined;
  }
  if (value !== 'debug' && value !== 'workspace') throw new ApiError('invalid-input', `--replay takes debug or workspace, got "${value}"`);
  if (value === 'workspace' && !contract)
    throw new ApiError(
      'invalid-input',
      '--replay workspace needs --contract NAME: the workspace contract to run instead of the one that ran',
    );
  return { mode: value, contract };
}

export interface ReplayReport {
  outcome: ReplayOutcome | { kind: 'refused'; reason: string; message: string };
  notes: string[];
}

/** Plans and runs the replay; a refusal (input, budget, divergence) is a report, not an error. */
export async function replayTransaction(
  mirror: MirrorClient,
  txIdOrHash: string,
  trace: Trace,
  choice: { mode: ReplayMode; contract?: string },
  roots: readonly string[],
): Promise<ReplayReport> {
  const [{ result }, actions] = await Promise.all([mirror.contractResult(txIdOrHash), mirror.contractActions(txIdOrHash)]);
  const reached = new Set([result.to?.toLowerCase(), ...actions.actions.map((a) => a.to?.toLowerCase())].filter((a): a is string => !!a));
  const ran = new Map<string, string>();
  for (const address of reached) {
    const runtime = (await mirror.contractCode(address))?.runtime;
    if (runtime) ran.set(address, `0x${Buffer.from(runtime).toString('hex')}`);
  }
  try {
    const artifacts = (await Promise.all(roots.map((root) => discoverArtifacts(root)))).flatMap((d) => d.artifacts);
    const replacement: ReplayCode =
      choice.mode === 'debug'
        ? await debugBuildCode(ran, artifacts, roots, (input) => compileOffThread(input))
        : workspaceCode(result.to?.toLowerCase() ?? '', artifacts, choice.contract!);
    if (choice.mode === 'debug' && replacement.code.size === 0) {
      return {
        outcome: {
          kind: 'refused',
          reason: 'bad-input',
          message: 'No contract of the transaction has a build info in the workspace to compile a debug build from.',
        },
        notes: replacement.notes,
      };
    }
    const plan = planReplay(result, actions, trace, ran, replacement.code);
    return { outcome: await replayOffThread(plan, choice.mode), notes: replacement.notes };
  } catch (err) {
    if (err instanceof ReplayRefused) return { outcome: { kind: 'refused', reason: err.kind, message: err.message }, notes: [] };
    throw err;
  }
}

/** The report as the summary's lines. */
export function replayLines(report: ReplayReport): string[] {
  const { outcome } = report;
  const lines = report.notes.map((n) => `  ${n}`);
  switch (outcome.kind) {
    case 'accepted':
      return [
        `Replay        accepted: the debug replay behaved exactly as the transaction (calls, logs, storage writes, result); ${outcome.observation.steps} steps`,
        ...lines,
      ];
    case 'refused':
      return [`Replay        refused (${outcome.reason}): ${outcome.message}`, ...lines];
    case 'what-if': {
      const o = outcome.observation;
      return [
        `Replay        what-if (the workspace's build, not the code that ran): ${o.failed ? 'fails' : 'succeeds'}, ${o.steps} steps, ${o.logs.length} log(s)`,
        `  Return value ${o.output}`,
        ...Object.entries(o.storage).flatMap(([account, slots]) =>
          Object.entries(slots).map(([slot, value]) => `  Storage ${account} ${slot} = ${value}`),
        ),
        ...lines,
      ];
    }
  }
}

/** The report as `--json`'s `replay` member. */
export function replayJson(report: ReplayReport): Record<string, unknown> {
  const { outcome } = report;
  if (outcome.kind === 'refused')
    return {
      outcome: 'refused',
      reason: outcome.reason,
      message: outcome.message,
      place: 'place' in outcome ? (outcome.place ?? null) : null,
      notes: report.notes,
    };
  const o = outcome.observation;
  return {
    outcome: outcome.kind,
    failed: o.failed,
    steps: o.steps,
    returnValue: o.output,
    logs: o.logs.length,
    storage: o.storage,
    notes: report.notes,
  };
}
