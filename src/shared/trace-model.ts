/**
 * The contract between the trace core (decoder, columnar store, analysis, navigation) and its users
 * (CLI, extension host, webview protocol). The store is columnar; these row/detail objects are built on
 * demand for the few steps a caller looks at, never for the whole trace.
 */

export type CallType = 'ROOT' | 'CALL' | 'STATICCALL' | 'DELEGATECALL' | 'CALLCODE' | 'CREATE' | 'CREATE2';

/** One line of the step table. */
export interface StepRow {
  step: number;
  /** pc as the server recorded it (post-op on Besu-based mirrors). */
  pc: number;
  /** pc of the instruction itself, whatever convention the server used (for source mapping, go to pc). */
  instructionPc: number;
  op: string;
  depth: number;
  gas: number;
  gasCost: number;
  frame: number;
}

/** Everything shown in the detail panels for one step. A part the server did not send is null. */
export interface StepDetail extends StepRow {
  /** Bottom first, as the server sends them; `0x`-hex, unpadded. */
  stack: string[] | null;
  /** 32-byte words, `0x` + 64 hex. */
  memory: string[] | null;
  storage: Record<string, string> | null;
  /** `0x`-hex revert data recorded on this step, if any. */
  reason: string | null;
}

export interface Frame {
  index: number;
  parent: number; // -1 for the root
  depth: number;
  callType: CallType;
  /** Callee address (0x + 40 hex) read from the parent's stack when the stack is present. */
  callee: string | null;
  entryStep: number;
  /** Last step executed inside this frame. */
  exitStep: number;
  gasUsed: number;
  reverted: boolean;
  /** Decoded revert data of this frame, when it reverted with data. */
  revert: DecodedRevert | null;
  /**
   * A call the node ran natively (an EVM precompile or a Hedera system contract): the mirror records it as one
   * synthetic entry with an empty op, and no code of its own ran.
   */
  native: boolean;
}

/** A native call's outcome as its own `/actions` entry tells it (which the trace's `reason` may not). */
export interface NativeOutcome {
  frame: number;
  reverted: boolean;
  revert: DecodedRevert | null;
}

export type DecodedRevert =
  | { kind: 'Error'; message: string; data: string }
  | { kind: 'Panic'; code: number; message: string; data: string }
  | { kind: 'CustomError'; selector: string; data: string }
  | { kind: 'Raw'; data: string };

export type PcConvention = 'post-op' | 'pre-op';

export interface TraceSummary {
  transaction: string;
  address: string;
  contractId: string | null;
  failed: boolean;
  gasUsed: number;
  steps: number;
  maxDepth: number;
  frames: number;
  truncated: boolean;
  revert: DecodedRevert | null;
  returnValue: DecodedRevert | null;
  rawReturnValue: string;
  pcConvention: PcConvention;
  parts: { stack: boolean; memory: boolean; storage: boolean };
}

/** Op classes the navigator can jump between. */
export type OpClass = 'call' | 'storage' | 'sstore' | 'log' | 'revert' | 'create';

export type NavCommand =
  | { kind: 'step'; delta: number }
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'over'; backward?: boolean }
  | { kind: 'into'; backward?: boolean }
  | { kind: 'out'; backward?: boolean }
  | { kind: 'class'; opClass: OpClass; backward?: boolean }
  | { kind: 'frame'; backward?: boolean }
  | { kind: 'goto'; step: number }
  | { kind: 'pc'; pc: number }
  | { kind: 'op'; name: string; backward?: boolean };

/**
 * Per-step columns for passes over every step (a million `row()` objects cost more than the pass itself). Shared
 * with the trace: read, never write.
 */
export interface StepColumns {
  /** pc of the instruction itself (see StepRow.instructionPc). */
  readonly instructionPc: Int32Array;
  readonly frame: Int32Array;
  /** Index into `opNames`. */
  readonly op: Uint16Array;
  readonly opNames: readonly string[];
}

/** A decoded trace held in columns. All lookups are O(1) or O(log n). */
export interface Trace {
  readonly summary: TraceSummary;
  readonly length: number;
  row(step: number): StepRow;
  columns(): StepColumns;
  detail(step: number): StepDetail;
  /** The stack item `fromTop` below the top at `step` (0 = top) as sent, or null when the stack is shorter or absent. */
  stackItem(step: number, fromTop: number): string | null;
  frame(index: number): Frame;
  frameCount(): number;
  /** Frames enclosing `step`, root first (the breadcrumb). */
  frameStack(step: number): Frame[];
  /** Where `cmd` moves from `step`; returns `step` itself when there is nowhere to go. */
  navigate(step: number, cmd: NavCommand): number;
  /** Sets native frames' outcomes from their actions (the trace's `reason` can belong to another frame). */
  settleNativeOutcomes(outcomes: readonly NativeOutcome[]): void;
}
