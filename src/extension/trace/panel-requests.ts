// The trace panel's answers to its webview's requests: pages of rows, step views, memory windows and the overview,
// read from the session's trace. The memory window the panel shows and the overview it drew are the panel's state,
// not the session's (the debugger moves the same session and has neither). No `vscode` import, so mocha checks it.
import type { TraceSession } from '../../core/session/session';
import { memoryWindow, overview, rowPage, stepView, type MemoryViewport } from '../../core/session/answers';
import type { StepView, TraceInit, TraceRequestKind, TraceRequests } from '../../shared/trace-protocol';

/** Most step views one `views` request gets: the webview prefetches a few steps ahead, never a range. */
export const MAX_VIEWS = 16;

type Handlers = { [K in TraceRequestKind]: (params: TraceRequests[K]['params']) => TraceRequests[K]['result'] };

export class PanelRequests {
  private viewport: MemoryViewport = { start: 0, count: 0 };
  private overviews = new Map<number, TraceRequests['overview']['result']>();

  constructor(private readonly session: TraceSession) {}

  /** The current step as the panel shows it (memory in the panel's window). */
  view(): StepView {
    return this.viewAt(this.session.step);
  }

  private viewAt(step: number): StepView {
    return stepView(this.session.trace, step, this.viewport, this.session.names);
  }

  private readonly handlers: Handlers = {
    init: ({ memoryStart, memoryCount }) => {
      this.viewport = { start: memoryStart, count: memoryCount };
      const { trace, meta, names } = this.session;
      return {
        key: meta.key,
        title: meta.title,
        network: meta.network,
        summary: trace.summary,
        length: trace.length,
        view: this.view(),
        names: names.init,
      } satisfies TraceInit;
    },
    rows: ({ start, count }) => rowPage(this.session.trace, start, count),
    views: ({ steps }) =>
      (Array.isArray(steps) ? steps : [])
        .filter(Number.isInteger)
        .slice(0, MAX_VIEWS)
        .map((step) => this.viewAt(this.session.clamp(step))),
    memory: ({ step, start, count }) => {
      // The panel asks for what it shows; later steps are pushed with the same window.
      this.viewport = { start, count };
      return memoryWindow(this.session.trace, this.session.clamp(step), start, count);
    },
    overview: ({ buckets }) => {
      let o = this.overviews.get(buckets);
      if (!o) {
        o = overview(this.session.trace, buckets);
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
