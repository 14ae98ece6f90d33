// The decoded, analysed trace behind the `Trace` interface the extension, the debugger and the CLI read: frames,
// pc convention and navigation computed once over the columns; every lookup after that O(1) or O(log n).
import type { TraceColumns } from './columns-store';
import type { Envelope } from './envelope';
import { analyseFrames } from './frames';
import type {
  DecodedRevert,
  Frame,
  NativeOutcome,
  NavCommand,
  StepColumns,
  StepDetail,
  StepRow,
  Trace,
  TraceSummary,
} from '../../shared/trace-model';
import { Navigator } from './navigation';
import { detectPcConvention, instructionPcs } from './pc-convention';
import { decodeRevert } from './revert';

export interface TraceParts {
  stack: boolean;
  memory: boolean;
  storage: boolean;
}

export interface TraceInfo {
  /** The transaction id or hash the trace was requested for ('' when unknown, e.g. read from a file). */
  transaction: string;
  envelope: Envelope;
  truncated: boolean;
  /** Parts the request asked for; undefined means "infer from the data" (a file of unknown origin). */
  parts?: TraceParts;
}

/** The `Trace` contract over a finished columnar store: analysis runs once here, lookups are then O(1)/O(log n). */
export class ColumnarTrace implements Trace {
  readonly summary: TraceSummary;
  readonly length: number;
  private readonly frames: Frame[];
  private readonly stepFrame: Int32Array;
  private readonly instructionPc: Int32Array;
  private navigator: Navigator;

  constructor(
    private readonly cols: TraceColumns,
    info: TraceInfo,
  ) {
    const { envelope } = info;
    this.length = cols.length;
    const pcConvention = detectPcConvention(cols);
    this.instructionPc = instructionPcs(cols, pcConvention);
    const analysis = analyseFrames(cols, {
      convention: pcConvention,
      address: envelope.address,
      failed: envelope.failed,
      truncated: info.truncated,
    });
    this.frames = analysis.frames;
    this.stepFrame = analysis.stepFrame;
    this.navigator = new Navigator(cols, this.frames, this.stepFrame, this.instructionPc);
    // A successful call's output needs its function's ABI to decode; only failure data has standard encodings.
    const returnValue = envelope.failed ? decodeRevert(envelope.return_value) : rawData(envelope.return_value);
    this.summary = {
      transaction: info.transaction,
      address: envelope.address,
      contractId: envelope.contract_id,
      failed: envelope.failed,
      gasUsed: envelope.gas,
      steps: cols.length,
      maxDepth: analysis.maxDepth,
      frames: this.frames.length,
      truncated: info.truncated,
      revert: envelope.failed ? (returnValue ?? this.frames[0]?.revert ?? null) : null,
      returnValue,
      rawReturnValue: envelope.return_value,
      pcConvention,
      parts: info.parts ?? inferParts(cols),
    };
  }

  row(step: number): StepRow {
    this.check(step);
    const c = this.cols;
    return {
      step,
      pc: c.pc[step],
      instructionPc: this.instructionPc[step],
      op: c.opName(step),
      depth: c.depth[step],
      gas: c.gas[step],
      gasCost: c.gasCost[step],
      frame: this.stepFrame[step],
    };
  }

  columns(): StepColumns {
    return { instructionPc: this.instructionPc, frame: this.stepFrame, op: this.cols.op, opNames: this.cols.opNames };
  }

  detail(step: number): StepDetail {
    const row = this.row(step);
    const { parts } = this.summary;
    const c = this.cols;
    return {
      ...row,
      stack: parts.stack ? c.stackAt(step) : null,
      memory: parts.memory ? c.memoryAt(step) : null,
      storage: parts.storage ? c.storageAt(step) : null,
      reason: c.reasons.get(step) ?? null,
    };
  }

  stackItem(step: number, fromTop: number): string | null {
    this.check(step);
    const id = this.summary.parts.stack ? this.cols.stacks.peek(step, fromTop) : -1;
    return id < 0 ? null : this.cols.word(id);
  }

  frame(index: number): Frame {
    const f = this.frames[index];
    if (!f) throw new RangeError(`No frame ${index}; the trace has ${this.frames.length}.`);
    return f;
  }

  frameCount(): number {
    return this.frames.length;
  }

  frameStack(step: number): Frame[] {
    this.check(step);
    const out: Frame[] = [];
    for (let f = this.frames[this.stepFrame[step]]; ; f = this.frames[f.parent]) {
      out.push(f);
      if (f.parent < 0) break;
    }
    return out.reverse();
  }

  /** The columnar store, for whole-trace passes that read more than `columns()` gives (the gas profile's gas). */
  store(): TraceColumns {
    return this.cols;
  }

  navigate(step: number, cmd: NavCommand): number {
    return this.navigator.navigate(step, cmd);
  }

  settleNativeOutcomes(outcomes: readonly NativeOutcome[]): void {
    let changed = false;
    for (const { frame, reverted, revert } of outcomes) {
      const f = this.frames[frame];
      if (!f?.native || f.parent < 0) continue;
      changed ||= f.reverted !== reverted;
      f.reverted = reverted;
      f.revert = reverted ? revert : null;
    }
    // "Next revert" stops at reverted frames' exits, indexed once: index again only when an outcome moved.
    if (changed) this.navigator = new Navigator(this.cols, this.frames, this.stepFrame, this.instructionPc);
  }

  /** Whether the op at `step` changed memory (its detail differs from the previous step's). */
  memoryChangedAt(step: number): boolean {
    return step > 0 && this.cols.memory.changedAt(step);
  }

  /** Whether the op at `step` changed the recorded storage. */
  storageChangedAt(step: number): boolean {
    return step > 0 && this.cols.storage.changedAt(step);
  }

  private check(step: number): void {
    if (!Number.isInteger(step) || step < 0 || step >= this.length) {
      throw new RangeError(`No step ${step}; the trace has ${this.length} steps.`);
    }
  }
}

function rawData(hex: string): DecodedRevert | null {
  return hex === '' || hex === '0x' ? null : { kind: 'Raw', data: hex };
}

function inferParts(cols: TraceColumns): TraceParts {
  return { stack: cols.stacks.hadItems, memory: cols.memory.hadItems, storage: cols.storage.hadItems };
}
