// The typed message protocol between the extension host (which owns the trace) and the stepper webview (which
// only draws). The webview pulls what it shows — pages of rows, memory windows, the overview — by request id;
// the host pushes the current step whenever navigation (which runs in the host) moves it. The whole trace is
// never posted: every message is sized by what is on screen, not by the trace.
import type { Frame, StepRow, TraceSummary } from './trace-model';
import type { GasProfileView } from './gas-profile';
import type { FrameSpan } from './frame-moves';
import type { TraceActionId } from './trace-actions';

export const TRACE_VIEW_TYPE = 'ledgerMirror.trace';

/** Rows `[start, start + pc.length)` of the step table, one array per column. */
export interface RowPage {
  start: number;
  pc: number[];
  op: string[];
  depth: number[];
  gas: number[];
  gasCost: number[];
  frame: number[];
  /** Every frame running a step of the page, with its enclosing frames: what step over/out need to be answered here. */
  frames: FrameSpan[];
}

/** 32-byte memory words `[start, start + words.length)` of one step, each `0x` + 64 hex. */
export interface MemoryWindow {
  step: number;
  start: number;
  words: string[];
}

export interface StorageEntry {
  slot: string;
  value: string;
  /** The value differs from the previous step of the same frame (or the slot is new). */
  changed: boolean;
  /** Value when the frame was entered, when it differs from `value`; null when equal or unknown then. */
  atFrameStart: string | null;
  /** The slot was not in the frame's first step at all. */
  newInFrame: boolean;
  /** This transaction wrote the value (else an SLOAD read it). */
  written: boolean;
}

/** Everything the detail panels show for the current step. */
export interface StepView {
  row: StepRow;
  /** Top of the stack first. Null when the trace was fetched without the stack. */
  stack: string[] | null;
  /** Memory size in 32-byte words; null when the trace was fetched without memory. */
  memoryWords: number | null;
  /** The words the memory panel showed last (the host remembers the panel's window). */
  memory: MemoryWindow | null;
  /** Byte ranges `[from, to)` that differ from the previous step of the same frame. */
  changedBytes: Array<[number, number]>;
  /**
   * The slots of the account the frame runs on that the trace's own SLOAD and SSTORE prove; null when the trace has
   * no stack to read them from.
   */
  storage: StorageEntry[] | null;
  /** A sentence when the mirror's `storage` map disagrees with the trace (the trace wins); null otherwise. */
  storageNote: string | null;
  /** Frames enclosing the step, root first. */
  frames: Frame[];
  /** The same frames by name, index for index (null where nothing names a frame). */
  frameNames: Array<FrameName | null>;
  /** On a LOG0–LOG4 step, the log it emits (by event name when an ABI declares it); null on any other step. */
  event: StepEvent | null;
}

/** The log of a LOGn step. */
export interface StepEvent {
  /** `Transfer(from: 0x…, to: 0x…, value: 1000)`; null when no ABI declares the topic or the data is unknown. */
  name: string | null;
  /** Who declares the event, when named. */
  contract: string | null;
  /** `0x` + 64 hex each (LOG0 has none); empty when the stack was not fetched. */
  topics: string[];
}

/** One call frame by name, as text: `Vault.withdraw(amount: 100) reverted: InsufficientBalance(…)`. */
export interface FrameName {
  /** The call with its arguments and outcome; null when the function is unknown. */
  call: string | null;
  /** `0.0.N` of the callee, when known. */
  contractId: string | null;
  /** The frame's revert data by name (custom error, Error or Panic), when it reverted with data an ABI declares. */
  error: string | null;
  /** `0.0.N` ids of the tokens a token-service call names (its token arguments), each a link to the Tokens view. */
  tokens: string[];
  /** For a DELEGATECALL or CALLCODE frame, the account it runs for (the proxy); null for any other frame. */
  proxy: FrameProxy | null;
}

/** The proxy a DELEGATECALL frame runs the implementation's code for. */
export interface FrameProxy {
  address: string | null;
  /** `0.0.N` of the proxy, when known. */
  contractId: string | null;
}

/** The transaction as the mirror's contract result tells it, every value as text. */
export interface TraceHeader {
  from: string | null;
  /** `0.0.N` when `from` is a long-zero address; null for an alias (the account would need a lookup). */
  fromId: string | null;
  to: string | null;
  toId: string | null;
  /** Tinybars, exact. */
  value: string;
  gasLimit: string;
  gasUsed: string | null;
  block: string | null;
  /** `SUCCESS`, `CONTRACT_REVERT_EXECUTED`, … */
  result: string;
  /** The mirror's error message, by name when it is revert data an ABI declares. */
  error: string | null;
  /** The called function with its arguments; null when unknown. */
  call: string | null;
  /** `0.0.N` ids of the tokens the call names, when it is a token-service call. */
  tokens: string[];
}

/** What names the trace: all null when neither the workspace's ABIs nor the mirror's result say anything. */
export interface TraceNamesInit {
  /** Null when the contract result was not read (a trace file, or the mirror could not answer). */
  header: TraceHeader | null;
  /** The transaction's revert by name (`InsufficientBalance(available: 5, required: 100)`), when an ABI declares it. */
  revert: string | null;
  /** Why some names are missing, as plain text (e.g. the mirror's actions could not be read). */
  note: string | null;
}

/** Per-bucket picture of the whole trace for the mini-map. */
export interface Overview {
  length: number;
  /** Steps covered by each bucket (the last may cover fewer). */
  stepsPerBucket: number;
  maxDepth: number;
  /** Deepest depth in each bucket. */
  depth: number[];
  /** Lowest gas remaining in each bucket, as a fraction of the trace's first gas value (0..1). */
  gas: number[];
  /** Bit set per bucket: see OVERVIEW_FLAG. */
  flags: number[];
}

export const OVERVIEW_FLAG = { call: 1, sstore: 2, log: 4, revert: 8 } as const;

export interface TraceInit {
  /** Cache key: what the serializer needs to restore the panel without the server. */
  key: string;
  /** What the header names the trace by: the transaction, or the file it came from. */
  title: string;
  network: string;
  summary: TraceSummary;
  length: number;
  view: StepView;
  names: TraceNamesInit;
}

/** Requests the webview sends, with what each returns. */
export interface TraceRequests {
  init: { params: { memoryStart: number; memoryCount: number }; result: TraceInit };
  rows: { params: { start: number; count: number }; result: RowPage };
  memory: { params: { step: number; start: number; count: number }; result: MemoryWindow };
  overview: { params: { buckets: number }; result: Overview };
  /** Views of steps the webview expects to reach next (prefetched ahead of the direction of travel). */
  views: { params: { steps: number[] }; result: StepView[] };
}
export type TraceRequestKind = keyof TraceRequests;

export type WebviewRequest = {
  [K in TraceRequestKind]: { type: 'request'; id: number; kind: K; params: TraceRequests[K]['params'] };
}[TraceRequestKind];

export type WebviewMessage =
  | WebviewRequest
  /** The user clicked a row, a crumb or the mini-map. */
  | { type: 'select'; step: number }
  /** A toolbar button, or a key the webview could not answer from the rows it holds; `seq` as for `moved`. */
  | { type: 'action'; action: TraceActionId; count?: number; seq?: number }
  /**
   * The webview already moved to `step` (a key or click it answered itself); the host follows without repainting
   * it, and pushes the step's view only when the webview does not hold it (`haveView` false). `seq` counts the
   * webview's moves and actions, so it can tell a push it has overtaken from one that is news.
   */
  | { type: 'moved'; step: number; seq: number; haveView: boolean }
  | { type: 'copy'; text: string }
  /** The Debug button: start VS Code's debugger on this trace, at the current step. */
  | { type: 'debug' }
  /** Asks for the gas profile: the host answers with a `gas` message when it is ready, and again when it improves. */
  | { type: 'gas' }
  /** A hottest-lines entry was chosen: open that line (by index into the profile's `lines`). */
  | { type: 'openGasLine'; index: number }
  /** A token argument was activated: show that token (`0.0.N`, checked by the host) in the Tokens view. */
  | { type: 'showToken'; token: string };

export type HostMessage =
  | { type: 'response'; id: number; ok: true; result: TraceRequests[TraceRequestKind]['result'] }
  | { type: 'response'; id: number; ok: false; error: string }
  /** `seq`: the last webview `moved`/`action` the host had handled when it pushed this step. */
  | { type: 'step'; view: StepView; seq?: number }
  /** The gas profile (null while it is computed), with why functions or lines are missing, if they are. */
  | { type: 'gas'; profile: GasProfileView | null; note: string | null }
  /**
   * The trace was named again after it opened (the verified contracts' ABIs arrived): the header and revert by their
   * new names; step views the webview holds name frames and events the old way, so it asks for them again.
   */
  | { type: 'names'; names: TraceNamesInit };

/** What the webview keeps with `setState`, and what the serializer receives after a reload. */
export interface TracePanelState {
  key: string;
  step: number;
  /** Top row of the step table (fractional rows). */
  scrollTop: number;
  memoryTop: number;
  /** Open detail panels by id. */
  open: Record<string, boolean>;
  /** The Gas view was shown instead of the step table (absent in states saved before it existed). */
  gas?: boolean;
}

export function isTracePanelState(v: unknown): v is TracePanelState {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.key === 'string' &&
    Number.isInteger(s.step) &&
    typeof s.scrollTop === 'number' &&
    typeof s.memoryTop === 'number' &&
    typeof s.open === 'object' &&
    s.open !== null
  );
}
