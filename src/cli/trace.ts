// `ledger-mirror trace <txIdOrHash>`: fetches and decodes a transaction's opcode trace, then summarises it.
import { EXIT, ApiError } from '../core/errors';
import { fetchTrace } from '../core/opcodes-client';
import type { DecodedRevert, Frame, TraceSummary } from '../core/trace/model';
import type { ColumnarTrace } from '../core/trace/trace';
import { describeRevert } from '../shared/revert-text';
import { COMMON_USAGE, endpointsFrom, parseCommandArgs, withHttp, type Command } from './args';
import { printJson, printLines } from './output';

const USAGE = `Usage: ledger-mirror trace <txIdOrHash> [--network NAME | --mirror URL] [--web3 URL] [--no-stack] [--memory] [--storage] [--json] [--out FILE]

  <txIdOrHash>     0.0.1234-1234567890-000000001, 0.0.1234@1234567890.000000001, or a transaction hash
  --no-stack       leave the stack out (smaller and faster; the callee of each call is then unknown)
  --memory         include memory at every step (much larger response, slower replay)
  --storage        include the written storage slots at every step
  --out FILE       also save the raw response body (JSON) to FILE (at most 2 GB; written only once the
                   whole trace decoded)
  --json           print one JSON object: transaction, address, contractId, failed, gasUsed, steps, maxDepth,
                   frames, truncated, revert, returnValue

A transaction that reverted still exits 0: the trace was obtained.

${COMMON_USAGE}`;

/** Frames listed in the human summary; a loop of calls can open thousands. */
const FRAMES_SHOWN = 40;
const PROGRESS_INTERVAL_MS = 100;

/** The `--json` object; its shape is documented in the README and fixed by tests. */
function traceJson(summary: TraceSummary): Record<string, unknown> {
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
    revert: revertJson(summary.revert),
    returnValue: summary.rawReturnValue,
  };
}

function revertJson(revert: DecodedRevert | null): Record<string, unknown> | null {
  if (!revert) return null;
  switch (revert.kind) {
    case 'Error':
      return { kind: revert.kind, message: revert.message, data: revert.data };
    case 'Panic':
      return { kind: revert.kind, message: revert.message, code: revert.code, data: revert.data };
    case 'CustomError':
      return { kind: revert.kind, selector: revert.selector, data: revert.data };
    case 'Raw':
      return { kind: revert.kind, data: revert.data };
  }
}

function frameLine(frame: Frame): string {
  const who = frame.callee ?? (frame.callType === 'CREATE' || frame.callType === 'CREATE2' ? '(new contract)' : '(unknown)');
  const outcome = frame.reverted ? ` reverted${frame.revert ? `: ${describeRevert(frame.revert)}` : ''}` : '';
  return `${'  '.repeat(frame.depth + 1)}${frame.callType} ${who}  steps ${frame.entryStep}–${frame.exitStep}  gas ${frame.gasUsed}${outcome}`;
}

function summaryLines(trace: ColumnarTrace): string[] {
  const s = trace.summary;
  const lines = [
    `Transaction   ${s.transaction}`,
    `Contract      ${s.contractId ?? '(none)'} ${s.address}`,
    `Result        ${s.failed ? 'failed' : 'succeeded'}`,
    `Gas used      ${s.gasUsed}`,
    `Steps         ${s.steps}${s.truncated ? ' (trace truncated by the server)' : ''}`,
    `Max depth     ${s.maxDepth}`,
    `Frames        ${s.frames}`,
  ];
  if (s.revert) lines.push(`Revert        ${describeRevert(s.revert)}`);
  lines.push(`Return value  ${s.rawReturnValue}`, `pc recorded   ${s.pcConvention === 'post-op' ? 'after each op (mirror/Besu)' : 'before each op (geth)'}`);
  const shown = Math.min(trace.frameCount(), FRAMES_SHOWN);
  if (shown > 0) lines.push('Call frames:');
  for (let i = 0; i < shown; i++) lines.push(frameLine(trace.frame(i)));
  if (trace.frameCount() > shown) lines.push(`  … ${trace.frameCount() - shown} more frames`);
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

export const traceCommand: Command = {
  summary: 'Fetch and decode a transaction opcode trace: steps, frames, revert reason',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseCommandArgs(argv, {
      'no-stack': { type: 'boolean' },
      memory: { type: 'boolean' },
      storage: { type: 'boolean' },
      out: { type: 'string' },
    });
    if (values.help) {
      printLines([USAGE]);
      return EXIT.ok;
    }
    if (positionals.length !== 1) {
      throw new ApiError('invalid-input', `Expected one transaction id or hash, got ${positionals.length}. ${USAGE.split('\n')[0]}`);
    }
    const endpoints = endpointsFrom(values);
    const progress = progressReporter();
    const trace = await withHttp(values, (http) =>
      fetchTrace(http, endpoints, positionals[0], {
        stack: !values['no-stack'],
        memory: values.memory === true,
        storage: values.storage === true,
        saveTo: values.out,
        onProgress: progress?.update,
      }).finally(() => progress?.done()),
    );
    if (values.json) printJson(traceJson(trace.summary));
    else printLines(summaryLines(trace));
    return EXIT.ok;
  },
};
