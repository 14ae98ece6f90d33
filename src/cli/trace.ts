// `ledger-mirror trace <txIdOrHash>`: fetches and decodes a transaction's opcode trace, then summarises it.
import { EXIT, ApiError } from '../core/errors';
import { MirrorClient } from '../core/mirror/client';
import type { Endpoints } from '../core/networks';
import { AbiRegistry } from '../core/names/registry';
import { DEFAULT_VERIFY_URL } from '../core/verify/verify';
import { nameFrames, type NamedFrame } from '../core/names/trace-names';
import { fetchTrace } from '../core/opcodes-client';
import { warmDecoder } from '../core/trace/decode-stream';
import { safeLine } from '../core/safe-text';
import { truncatedNotice } from '../shared/truncation-text';
import { storageOwner } from '../core/trace/storage-owner';
import { loadPreState } from '../core/state/pre-state';
import { stateDiff } from '../core/state/state-diff';
import type { ContractArtifact } from '../core/sourcemap/artifacts';
import { accountChanges, type NamedChange } from '../debug/storage';
import type { DecodedRevert, Frame, TraceSummary } from '../shared/trace-model';
import type { ColumnarTrace } from '../core/trace/trace';
import { COMMON_USAGE, endpointsFrom, parseCommandArgs, withHttp, type Command } from './args';
import { printJson, printLines, printRows } from './output';
import { chainIdOf, httpUrlOf } from './server-options';
import { frameSources, sourcesModeOf, type FrameSource, type SourcesMode, type VerifiedServerChoice } from './trace-sources';
import { callsJson, frameNameText, readAbis, readActions, revertNameJson, revertText } from './trace-names';
import { replayJson, replayLines, replayModeOf, replayTransaction, type ReplayReport } from './trace-replay';

const USAGE = `Usage: ledger-mirror trace <txIdOrHash> [--network NAME | --mirror URL] [--web3 URL] [--no-stack] [--memory] [--storage] [--state-diff] [--build-output DIR]... [--sources verified|workspace|none] [--verify-url URL] [--chain-id N] [--replay debug|workspace [--contract NAME]] [--json] [--out FILE]

  <txIdOrHash>     0.0.1234-1234567890-000000001, 0.0.1234@1234567890.000000001, or a transaction hash
  --no-stack       leave the stack out (smaller and faster; the callee of each call is then unknown)
  --memory         include memory at every step (much larger response, slower replay)
  --storage        also fetch the mirror's storage map (a cross-check only: storage is read from the
                   trace's own SLOAD and SSTORE, which needs only the stack)
  --state-diff     also list what the transaction changed in storage, per contract, by state variable name where
                   the build output has a storageLayout (else raw slots): before → after, as the trace's own
                   SLOAD and SSTORE prove it (a value before that the trace did not read shows as unknown)
  --out FILE       also save the raw response body (JSON) to FILE (at most 2 GB; written only once the
                   whole trace decoded)
  --build-output DIR
                   name calls, errors and return values with the ABIs of DIR's build output (Hardhat, Foundry);
                   repeatable; default the current directory
  --sources verified|workspace|none
                   where contract sources and ABIs come from: workspace = the build output only; verified = the
                   verification server's verified contracts only; none = neither. Default: the build output, then
                   the verified contracts for code it does not match (workspace and none send nothing to the server)
  --verify-url URL the verification server (Sourcify API v2; default ${DEFAULT_VERIFY_URL})
  --chain-id N     its chain (default the --network's); verified sources are cached under
                   $XDG_CACHE_HOME/ledger-mirror (else ~/.cache/ledger-mirror)
  --replay debug|workspace
                   replay the transaction locally on the state it proves (in a worker: 5M steps, 60 s at most).
                   debug: each contract the --build-output's build info matches runs its debug build (the same
                   sources, optimizer off), accepted only when its calls, logs, storage writes and result equal
                   the transaction's, else refused with the call, log or slot where it diverged.
                   workspace: the transaction's contract runs the current build of --contract NAME, a what-if
                   (not checked): its outcome, return value and storage writes
  --json           print one JSON object: transaction, address, contractId, failed, gasUsed, steps, maxDepth,
                   frames, truncated, revert (with name, signature, args), returnValue, calls (each with
                   source: workspace, verified or null), and with --state-diff stateDiff (changed, note,
                   accounts: each account, contractId, contract, changes: name, before, after)

A transaction that reverted still exits 0: the trace was obtained.

${COMMON_USAGE}`;

/** Frames listed in the human summary; a loop of calls can open thousands. */
const FRAMES_SHOWN = 40;
const PROGRESS_INTERVAL_MS = 100;

/** The `--json` object; its shape is documented in docs/cli.md and fixed by tests. */
function traceJson(
  summary: TraceSummary,
  abis: AbiRegistry,
  frames: readonly NamedFrame[],
  origins: readonly FrameSource[],
): Record<string, unknown> {
  return {
    transaction: summary.transaction,
    address: summary.address,
    contractId: summary.contractId,
    failed: summary.failed,
    gasUsed: summary.gasUsed,
    steps: summary.steps,
    maxDepth: summary.maxDepth,
    frames: summary.frames,
    truncated: summary.truncated,
    revert: revertJson(summary.revert, abis),
    returnValue: summary.rawReturnValue,
    calls: callsJson(frames).map((call, i) => ({ ...call, source: origins[i] ?? null })),
  };
}

function revertJson(revert: DecodedRevert | null, abis: AbiRegistry): Record<string, unknown> | null {
  if (!revert) return null;
  const named = revertNameJson(abis, revert);
  switch (revert.kind) {
    case 'Error':
      return { kind: revert.kind, message: revert.message, data: revert.data, ...named };
    case 'Panic':
      return { kind: revert.kind, message: revert.message, code: revert.code, data: revert.data, ...named };
    case 'CustomError':
      return { kind: revert.kind, selector: revert.selector, data: revert.data, ...named };
    case 'Raw':
      return { kind: revert.kind, data: revert.data, ...named };
  }
}

function frameLine(trace: ColumnarTrace, frame: Frame, named: NamedFrame | undefined, origin: FrameSource): string {
  const proxy = storageOwner(trace, frame);
  const who = frame.callee ?? (frame.callType === 'CREATE' || frame.callType === 'CREATE2' ? '(new contract)' : '(unknown)');
  const id = (named?.contractId ? ` (${named.contractId})` : '') + (proxy ? ` run for proxy ${proxy}` : '');
  const { call, revert } = frameNameText(frame, named?.named);
  const outcome = frame.reverted ? ` reverted${revert ? `: ${revert}` : ''}` : '';
  const source = origin ? `  [${origin} sources]` : '';
  return `${'  '.repeat(frame.depth + 1)}${frame.callType} ${who}${id}${call}  steps ${frame.entryStep}–${frame.exitStep}  gas ${frame.gasUsed}${outcome}${source}`;
}

function summaryLines(trace: ColumnarTrace, abis: AbiRegistry, frames: readonly NamedFrame[], origins: readonly FrameSource[]): string[] {
  const s = trace.summary;
  const lines = [
    `Transaction   ${s.transaction}`,
    `Contract      ${s.contractId ?? '(none)'} ${s.address}`,
    `Result        ${s.failed ? 'failed' : 'succeeded'}`,
    `Gas used      ${s.gasUsed}`,
    `Steps         ${s.steps}${s.truncated ? ' (cut by the mirror: the rest is missing)' : ''}`,
    `Max depth     ${s.maxDepth}`,
    `Frames        ${s.frames}`,
  ];
  if (s.revert) lines.push(`Revert        ${revertText(abis, s.revert)}`);
  if (s.truncated) lines.push(`Truncated     ${truncatedNotice(s.steps)}`);
  lines.push(
    `Return value  ${s.rawReturnValue}`,
    `pc recorded   ${s.pcConvention === 'post-op' ? 'after each op (mirror/Besu)' : 'before each op (geth)'}`,
  );
  const shown = Math.min(trace.frameCount(), FRAMES_SHOWN);
  if (shown > 0) lines.push('Call frames:');
  const count = (origin: FrameSource) => origins.filter((o) => o === origin).length;
  lines.push(
    `Sources       ${count('workspace')} frame(s) from the workspace's build output, ${count('verified')} from verified contracts`,
  );
  for (let i = 0; i < shown; i++) lines.push(frameLine(trace, trace.frame(i), frames[i], origins[i] ?? null));
  if (trace.frameCount() > shown) lines.push(`  … ${trace.frameCount() - shown} more frames`);
  return lines;
}

interface StateDiffJson {
  changed: boolean;
  note: string | null;
  accounts: { account: string; contractId: string | null; contract: string | null; changes: NamedChange[] }[];
}

/** `--state-diff`: the trace's state diff, each account's slots named with its first frame's storageLayout. */
function stateDiffJson(
  trace: ColumnarTrace,
  frames: readonly NamedFrame[],
  artifacts: readonly (ContractArtifact | undefined)[],
): StateDiffJson {
  const diff = stateDiff(trace);
  const note =
    diff.changed && trace.summary.truncated ? `${truncatedNotice(trace.summary.steps)} Changes after the cut are missing.` : diff.note;
  return {
    changed: diff.changed,
    note,
    accounts: diff.accounts.map(({ account, frame, changes }) => {
      const artifact = artifacts[frame];
      return {
        account,
        contractId: frames[frame]?.contractId ?? null,
        contract: artifact?.name ?? null,
        changes: accountChanges(changes, (f) => ({ layout: artifacts[f]?.storageLayout })),
      };
    }),
  };
}

function stateDiffLines(diff: StateDiffJson): string[] {
  const lines = ['State changes:'];
  if (diff.note) lines.push(`  ${diff.note}`);
  for (const a of diff.accounts) {
    lines.push(`  ${a.account}${a.contractId ? ` (${a.contractId})` : ''}${a.contract ? ` ${a.contract}` : ''}`);
    for (const c of a.changes) lines.push(`    ${c.name}: ${c.before} → ${c.after}`);
  }
  return lines;
}

/** A one-line counter on stderr, only when a person is watching it. */
function progressReporter(): { update: (bytes: number, steps: number) => void; done: () => void } | undefined {
  if (!process.stderr.isTTY) return undefined;
  let last = 0;
  let shown = false;
  return {
    update(bytes, steps) {
      const now = performance.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      shown = true;
      process.stderr.write(`\rReading trace: ${(bytes / 1e6).toFixed(1)} MB, ${steps.toLocaleString('en-US')} steps`);
    },
    done() {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

/**
 * The verification server asked for verified sources: `--verify-url` and `--chain-id`, each defaulting to the
 * network's. Checked before any request; with the default mode a chain that cannot be told only skips the server.
 */
function verifiedServer(
  values: { 'verify-url'?: string; 'chain-id'?: string },
  endpoints: Endpoints,
  mode: SourcesMode,
): { choice?: VerifiedServerChoice } {
  if (mode === 'none' || mode === 'workspace') return {};
  const url = httpUrlOf('verify-url', values['verify-url'] ?? DEFAULT_VERIFY_URL);
  // A custom mirror names no chain: by default it is simply not asked (--sources verified needs --chain-id).
  if (mode === 'both' && values['chain-id'] === undefined && endpoints.network === 'custom') return {};
  return { choice: { url, chainId: chainIdOf(values['chain-id'], endpoints.network, endpoints, USAGE.split('\n')[0]) } };
}

export const traceCommand: Command = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseCommandArgs(argv, {
      'no-stack': { type: 'boolean' },
      memory: { type: 'boolean' },
      storage: { type: 'boolean' },
      'state-diff': { type: 'boolean' },
      out: { type: 'string' },
      'build-output': { type: 'string', multiple: true },
      sources: { type: 'string' },
      'verify-url': { type: 'string' },
      'chain-id': { type: 'string' },
      replay: { type: 'string' },
      contract: { type: 'string' },
    });
    if (values.help) {
      printLines([USAGE]);
      return EXIT.ok;
    }
    if (positionals.length !== 1) {
      throw new ApiError('invalid-input', `Expected one transaction id or hash, got ${positionals.length}. ${USAGE.split('\n')[0]}`);
    }
    const endpoints = endpointsFrom(values);
    const mode = sourcesModeOf(values.sources);
    const server = verifiedServer(values, endpoints, mode);
    const replay = replayModeOf(values.replay, values.contract);
    // The decoder's thread starts while the build output is read and the request is sent, not after the first byte.
    warmDecoder();
    const abis = mode === 'both' || mode === 'workspace' ? await readAbis(values['build-output']) : new AbiRegistry();
    // Enum members are parsed in a worker while the trace downloads.
    const enumNote = abis.loadEnums();
    const progress = progressReporter();
    const [trace, actions, sources, replayed] = await withHttp(values, async (http) => {
      const mirror = new MirrorClient(endpoints, http);
      const [trace, actions] = await Promise.all([
        fetchTrace(mirror, positionals[0], {
          stack: !values['no-stack'],
          memory: values.memory === true,
          storage: values.storage === true,
          saveTo: values.out,
          onProgress: progress?.update,
        }).finally(() => progress?.done()),
        readActions(mirror, positionals[0]),
      ]);
      const roots = values['build-output']?.length ? values['build-output'] : [process.cwd()];
      // --timeout bounds the verified-source lookups as a whole too, not only each request.
      const choice = server.choice && {
        ...server.choice,
        timeoutMs: values.timeout === undefined ? undefined : Number(values.timeout) * 1000,
      };
      const sources = await frameSources(trace, mirror, mode, roots, choice, abis);
      const replayed: ReplayReport | undefined = replay && (await replayTransaction(mirror, positionals[0], trace, replay, roots));
      // --state-diff names the real value before a slot the trace wrote without reading it.
      if (values['state-diff'])
        await loadPreState(mirror, positionals[0], trace, (note) => process.stderr.write(`ledger-mirror: note: ${safeLine(note)}\n`));
      return [trace, actions, sources, replayed] as const;
    });
    for (const note of [actions.note, await enumNote, ...sources.notes])
      if (note) process.stderr.write(`ledger-mirror: note: ${safeLine(note.replace(/\s*\n\s*/g, ' '))}\n`);
    const frames = nameFrames(trace, abis, actions.actions);
    // With --json the object says `truncated`; the sentence goes to stderr, where a person sees it and a pipe does not.
    if (values.json && trace.summary.truncated) process.stderr.write(`ledger-mirror: note: ${truncatedNotice(trace.summary.steps)}\n`);
    const diff = values['state-diff'] ? stateDiffJson(trace, frames, sources.artifacts) : undefined;
    if (values.json)
      printJson({
        ...traceJson(trace.summary, abis, frames, sources.origins),
        ...(diff && { stateDiff: diff }),
        ...(replayed && { replay: replayJson(replayed) }),
      });
    else
      printRows([
        ...summaryLines(trace, abis, frames, sources.origins),
        ...(diff ? stateDiffLines(diff) : []),
        ...(replayed ? replayLines(replayed) : []),
      ]);
    return EXIT.ok;
  },
};
