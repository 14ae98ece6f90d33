// One open trace: the decoded trace and where the user is in it. Navigation happens here (through the core's
// Trace.navigate) so the webview never needs the trace itself. Every front-end (the stepper panel, the debug adapter)
// moves the same session and follows its moves, so stepping in one moves the others; what each front-end shows of it
// is its own (the panel's answers live beside the panel). No `vscode` import: the stdio adapter and the unit suite
// drive a session directly.
import type { NavCommand, Trace } from '../../shared/trace-model';
import { TraceNames } from './names';

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

export class TraceSession {
  private current = 0;
  private readonly listeners = new Set<MoveListener>();
  private readonly nameListeners = new Set<() => void>();
  /** The last op searched for, for Find Next/Previous. */
  lastFind: string | undefined;

  constructor(
    readonly trace: Trace,
    readonly meta: TraceMeta,
    initialStep = 0,
    /** Frames, header and revert by name (none for a session opened without them). */
    private currentNames: TraceNames = TraceNames.none,
  ) {
    this.current = this.clamp(initialStep);
  }

  /** Frames, header and revert by name, as named last. */
  get names(): TraceNames {
    return this.currentNames;
  }

  /** Names the trace again (a slower source of names answered after the trace opened) and tells every listener. */
  rename(names: TraceNames): void {
    this.currentNames = names;
    for (const listener of [...this.nameListeners]) listener();
  }

  /** Calls `listener` after every rename; the returned function stops that. */
  onDidRename(listener: () => void): () => void {
    this.nameListeners.add(listener);
    return () => this.nameListeners.delete(listener);
  }

  get step(): number {
    return this.current;
  }

  get length(): number {
    return this.trace.length;
  }

  /** `step` as a step of this trace (an integer in range). */
  clamp(step: number): number {
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
}
