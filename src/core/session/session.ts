// One open trace: the decoded trace, where the user is in it, and the answers to the webview's requests. Navigation
// happens here (through the core's Trace.navigate) so the webview never needs the trace itself. Every front-end
// (the stepper panel, the debug adapter) moves the same session and follows its moves, so stepping in one moves
// the others. No `vscode` import: the CLI-side stdio adapter and the unit suite drive a session directly.
import type { NavCommand, Trace } from '../trace/model';
import type { TraceInit, TraceRequestKind, TraceRequests, StepView } from '../../shared/trace-protocol';
import { memoryWindow, overview, rowPage, stepView, type MemoryViewport } from './answers';
import { TraceNames } from './names';

/** Most step views one `views` request gets: the webview prefetches a few steps ahead, never a range. */
export const MAX_VIEWS = 16;

export interface TraceMeta {
  /** Cache key of the raw trace (also what the serializer stores). */
  key: string;
  /** Transaction id or hash, or the file name of a trace opened from disk. */
  title: string;
  network: string;
}

/** Who moved the session: front-ends ignore their own moves and follow the others'. */
export type MoveOrigin = 'panel' | 'debugger' | 'other';

export type MoveListener = (step: number, origin: MoveOrigin) => void;

type Handlers = { [K in TraceRequestKind]: (params: TraceRequests[K]['params']) => TraceRequests[K]['result'] };

export class TraceSession {
  private current = 0;
  private viewport: MemoryViewport = { start: 0, count: 0 };
  private overviews = new Map<number, TraceRequests['overview']['result']>();
  private readonly listeners = new Set<MoveListener>();
  /** The last op searched for, for Find Next/Previous. */
  lastFind: string | undefined;

  constructor(
    readonly trace: Trace,
    readonly meta: TraceMeta,
    initialStep = 0,
    /** Frames, header and revert by name (none for a session opened without them). */
    readonly names: TraceNames = TraceNames.none,
  ) {
    this.current = this.clamp(initialStep);
  }

  get step(): number {
    return this.current;
  }

  get length(): number {
    return this.trace.length;
  }

  private clamp(step: number): number {
    return Math.min(Math.max(0, Math.trunc(step)), Math.max(0, this.trace.length - 1));
  }

  /** Moves as the core says and returns the new step (unchanged when there is nowhere to go). */
  navigate(cmd: NavCommand, origin: MoveOrigin = 'other'): number {
    if (this.trace.length === 0) return 0;
    return this.moveTo(this.trace.navigate(this.current, cmd), origin);
  }

  /** Goes to `step` (clamped into the trace), tells every listener, and returns where it went. */
  moveTo(step: number, origin: MoveOrigin = 'other'): number {
    this.current = this.clamp(step);
    for (const listener of [...this.listeners]) listener(this.current, origin);
    return this.current;
  }

  /** Calls `listener` after every move; the returned function stops that. */
  onDidMove(listener: MoveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  view(): StepView {
    return stepView(this.trace, this.current, this.viewport, this.names);
  }

  private readonly handlers: Handlers = {
    init: ({ memoryStart, memoryCount }) => {
      this.viewport = { start: memoryStart, count: memoryCount };
      return { key: this.meta.key, title: this.meta.title, network: this.meta.network, summary: this.trace.summary, length: this.trace.length, view: this.view(), names: this.names.init } satisfies TraceInit;
    },
    rows: ({ start, count }) => rowPage(this.trace, start, count),
    views: ({ steps }) => (Array.isArray(steps) ? steps : []).filter(Number.isInteger).slice(0, MAX_VIEWS).map((step) => stepView(this.trace, this.clamp(step), this.viewport, this.names)),
    memory: ({ step, start, count }) => {
      // The panel asks for what it shows; later steps are pushed with the same window.
      this.viewport = { start, count };
      return memoryWindow(this.trace, this.clamp(step), start, count);
    },
    overview: ({ buckets }) => {
      let o = this.overviews.get(buckets);
      if (!o) {
        o = overview(this.trace, buckets);
        this.overviews.clear();
        this.overviews.set(buckets, o);
      }
      return o;
    },
  };

  answer<K extends TraceRequestKind>(kind: K, params: TraceRequests[K]['params']): TraceRequests[K]['result'] {
    const handler = this.handlers[kind] as ((p: TraceRequests[K]['params']) => TraceRequests[K]['result']) | undefined;
    if (!handler) throw new Error(`Unknown request "${String(kind)}"`);
    return handler(params);
  }
}
