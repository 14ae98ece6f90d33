// Where the webview is in the trace, and who answers a move. Step ±n, First/Last and step over/into/out are
// answered here from the rows the table holds (the shared frame moves, so the answer is the host's own), painted at
// once, and told to the host afterwards, which follows (editor, debugger, context keys) without pushing the step
// back. Whatever needs the whole trace (a step or frame not held here, jumps by op class, prompts) goes to the host
// as before. The views of the steps a key is likely to reach next are prefetched ahead of the direction of travel,
// so the detail panels usually paint in the same frame as the table.
import { frameMove, isFrameMove, type FrameMoveCommand } from '../../shared/frame-moves';
import { traceAction, type TraceActionId } from '../../shared/trace-actions';
import type { StepView, WebviewMessage } from '../../shared/trace-protocol';
import type { Host } from './host';
import type { RowCache } from './row-cache';

/** Views kept around the current step. */
const MAX_VIEWS = 64;
/** Steps ahead in the direction of travel whose views must be held; when one is not, the next VIEWS_BATCH are asked. */
const VIEWS_AHEAD = 3;
/**
 * Views asked for at once when refilling (at most the host's MAX_VIEWS of 16): a key then costs a round trip through
 * the workbench every few steps instead of every step, work that shares the renderer thread with the frames.
 */
const VIEWS_BATCH = 8;

/** Draws `step`; `view` is undefined when the detail panels must wait for the host's push. */
export type Paint = (step: number, view: StepView | undefined) => void;

/** Runs `fn` once the frame being drawn is painted, so what it makes the host and workbench do cannot delay it. */
export function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

export class Stepper {
  private current: number;
  private direction = 1;
  /** Counts the moves and nav actions sent to the host; the host echoes the last it handled in each push. */
  private seq = 0;
  private hostSeq = 0;
  private lastLocalSeq = 0;
  private lastActionSeq = 0;
  private readonly views = new Map<number, StepView>();
  private readonly requested = new Set<number>();
  /** `moved` messages waiting for the paint; anything else sent to the host goes after them, in order. */
  private outbox: Array<Exclude<WebviewMessage, { type: 'request' }>> = [];
  /** Bumped when the host's memory window changes: views asked for before then show the old window. */
  private generation = 0;

  constructor(
    private readonly host: Pick<Host, 'send' | 'request'>,
    private readonly rows: RowCache,
    private readonly paint: Paint,
    initial: StepView,
    private readonly later: (fn: () => void) => void = afterPaint,
  ) {
    this.current = initial.row.step;
    this.keep(initial);
  }

  get step(): number {
    return this.current;
  }

  /**
   * Runs a stepper action (a key, a toolbar button); `count` repeats a step. Returns whether it was answered here
   * (the step is already painted) rather than by the host.
   */
  run(action: TraceActionId, count = 1): boolean {
    const run = traceAction(action).run;
    if (!('nav' in run)) {
      this.send({ type: 'action', action, count: count > 1 ? count : undefined });
      return false;
    }
    const cmd: FrameMoveCommand | undefined = isFrameMove(run.nav)
      ? run.nav.kind === 'step'
        ? { kind: 'step', delta: run.nav.delta * count }
        : run.nav
      : undefined;
    const target = cmd && this.answer(cmd);
    if (target !== undefined && this.moveHere(target)) return true;
    this.lastActionSeq = ++this.seq;
    this.send({ type: 'action', action, count: count > 1 ? count : undefined, seq: this.seq });
    return false;
  }

  /** A row, crumb or mini-map click. */
  select(step: number): void {
    if (!this.moveHere(step)) this.send({ type: 'select', step });
  }

  /** The host pushed a step: a move made elsewhere (palette, debugger, editor) or the answer to an action. */
  pushed(view: StepView, seq = this.seq): void {
    this.hostSeq = Math.max(this.hostSeq, seq);
    this.keep(view);
    // The host had not yet heard of a move made here since: this push is overtaken, the host follows next.
    if (seq < this.lastLocalSeq) return;
    this.travel(view.row.step);
    this.paint(this.current, view);
    this.prefetch();
  }

  /** The host's memory window moved: views held or on their way show the old window. */
  invalidateViews(): void {
    this.generation++;
    this.views.clear();
    this.requested.clear();
  }

  /**
   * The host named the trace again: the views held name frames and events the old way. The current step's view is
   * asked for again and painted, unless a move or a push has come first (that view then comes with the new names).
   */
  renamed(): void {
    this.invalidateViews();
    const { current: step, generation } = this;
    this.host.request('views', { steps: [step] }).then(
      ([view]) => {
        if (!view || generation !== this.generation || step !== this.current) return;
        this.keep(view);
        this.paint(step, view);
      },
      () => {},
    );
  }

  /** Where `cmd` goes when the rows here can tell, while no earlier move is still with the host. */
  private answer(cmd: FrameMoveCommand): number | undefined {
    if (this.hostSeq < this.lastActionSeq || this.rows.length === 0) return undefined;
    return frameMove(this.rows, this.current, cmd);
  }

  /** Moves to `target` here when its row is held and it is a move at all; false leaves it to the host. */
  private moveHere(target: number): boolean {
    if (target === this.current || !this.rows.peek(target) || this.hostSeq < this.lastActionSeq) return false;
    this.lastLocalSeq = ++this.seq;
    this.travel(target);
    const view = this.views.get(target);
    this.paint(target, view);
    // The host hears of the move (and the prefetches go out) once it is on screen; several keys in one frame
    // tell it once each, in order.
    if (this.outbox.push({ type: 'moved', step: target, seq: this.seq, haveView: view !== undefined }) === 1) {
      this.later(() => {
        this.flush();
        this.rows.ahead(this.current, this.direction);
        this.prefetch();
      });
    }
    return true;
  }

  private send(message: Exclude<WebviewMessage, { type: 'request' }>): void {
    this.flush();
    this.host.send(message);
  }

  private flush(): void {
    const out = this.outbox;
    this.outbox = [];
    for (const m of out) this.host.send(m);
  }

  private travel(step: number): void {
    if (step !== this.current) this.direction = Math.sign(step - this.current);
    this.current = step;
  }

  private keep(view: StepView): void {
    const step = view.row.step;
    this.views.delete(step);
    this.views.set(step, view);
    while (this.views.size > MAX_VIEWS) this.views.delete(this.views.keys().next().value as number);
  }

  /**
   * Asks for the views of the steps the next keys reach when one of them is missing: ahead in the direction of
   * travel, one back, and the over/out targets; the request then also refills VIEWS_BATCH steps ahead.
   */
  private prefetch(): void {
    const s = this.current;
    const ahead = (n: number) => Array.from({ length: n }, (_, i) => s + this.direction * (i + 1));
    const targets = [...ahead(VIEWS_AHEAD), s - this.direction];
    for (const cmd of FRAME_TARGETS) {
      const t = frameMove(this.rows, s, cmd);
      if (t !== undefined) targets.push(t);
    }
    const needed = (t: number) => t >= 0 && t < this.rows.length && t !== s && !this.views.has(t) && !this.requested.has(t);
    if (!targets.some(needed)) return;
    const wanted = [...new Set([...targets, ...ahead(VIEWS_BATCH)])].filter(needed);
    for (const t of wanted) this.requested.add(t);
    const generation = this.generation;
    this.host.request('views', { steps: wanted }).then(
      (views) => {
        if (generation !== this.generation) return;
        for (const t of wanted) this.requested.delete(t);
        for (const v of views) this.keep(v);
      },
      () => {
        for (const t of wanted) this.requested.delete(t);
      },
    );
  }
}

const FRAME_TARGETS: FrameMoveCommand[] = [
  { kind: 'over' },
  { kind: 'over', backward: true },
  { kind: 'out' },
  { kind: 'out', backward: true },
];
