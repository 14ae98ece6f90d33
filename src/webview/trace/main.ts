// The stepper webview: asks the host for the trace's outline, builds the panel, then draws each step it moves to
// (answered here from the rows it holds, or pushed by the host). It holds no trace data beyond what is on screen,
// a few cached pages and the views of the steps around the current one.
import '@vscode/codicons/dist/codicon.css';
import type { TraceActionId } from '../../shared/trace-actions';
import { isTracePanelState, type StepView, type TraceInit, type TracePanelState } from '../../shared/trace-protocol';
import { CUT_END } from '../../shared/truncation-text';
import { h, replaceChildren, setText } from './dom';
import { formatCount } from './format';
import { GasView } from './gas-view';
import { buildHeader } from './header';
import { connectHost } from './host';
import { listenForKeys } from './keys';
import { Minimap } from './minimap';
import { EventPanel } from './panels/event';
import { FramesPanel } from './panels/frames';
import { MemoryPanel } from './panels/memory';
import { OutcomePanel } from './panels/outcome';
import { Section } from './panels/section';
import { StackPanel } from './panels/stack';
import { StoragePanel } from './panels/storage';
import { StepTable } from './step-table';
import { Stepper } from './stepper';
import { measureStepPaint } from './timing';
import { buildToolbar } from './toolbar';

const host = connectHost();
const saved: TracePanelState | undefined = isTracePanelState(host.savedState()) ? (host.savedState() as TracePanelState) : undefined;
const root = document.getElementById('app') as HTMLElement;

const DEFAULT_OPEN: Record<string, boolean> = { frames: true, event: true, stack: true, memory: true, storage: true, outcome: true };
const INITIAL_MEMORY_ROWS = 96;

function showProblem(err: unknown): void {
  replaceChildren(
    root,
    h('p', { class: 'banner', role: 'alert' }, `The trace could not be shown: ${err instanceof Error ? err.message : String(err)}`),
  );
}

async function start(): Promise<void> {
  const memoryStart = Math.max(0, Math.floor(saved?.memoryTop ?? 0) - 32);
  const init = await host.request('init', { memoryStart, memoryCount: INITIAL_MEMORY_ROWS });
  build(init);
}

function build(init: TraceInit): void {
  const open = { ...DEFAULT_OPEN, ...saved?.open };
  let saveTimer = 0;

  const select = (step: number) => stepper.select(step);
  const act = (action: TraceActionId) => stepper.run(action);
  const copy = (text: string) => host.send({ type: 'copy', text });
  const showToken = (token: string) => host.send({ type: 'showToken', token });
  const reportError = (err: unknown) => setText(status, `Could not load rows: ${err instanceof Error ? err.message : String(err)}`);

  const saveSoon = () => {
    clearTimeout(saveTimer);
    saveTimer = window.setTimeout(() => {
      const state: TracePanelState = {
        key: init.key,
        step: stepper.step,
        scrollTop: table.top,
        memoryTop: memory.top,
        open: Object.fromEntries(sections.map((s) => [s.id, s.open])),
        gas: gas.shown,
      };
      host.saveState(state);
      // Observable like the timings (timing.ts): the end-to-end tests wait for it before reloading the window.
      performance.mark('ledger-state-saved', { detail: state });
    }, 150);
  };

  const table = new StepTable(
    init.length,
    (start, count) => host.request('rows', { start, count }),
    {
      select,
      scrolled: () => {
        minimap.setWindow(table.window.first, table.window.visible);
        saveSoon();
      },
    },
    reportError,
  );
  const stepper = new Stepper(host, table.rows, (step, next) => show(step, next), init.view);
  const minimap = new Minimap(init.length, { select, load: (buckets) => host.request('overview', { buckets }) });
  const memory = new MemoryPanel((params) => {
    // The host now pushes this window with every step; prefetched views hold the old one.
    stepper.invalidateViews();
    return host.request('memory', params);
  }, saveSoon);
  const eventSection = new Section('event', 'Event', new EventPanel(), open.event, saveSoon);
  const outcome = new OutcomePanel(init.summary, init.names);
  const sections = [
    new Section('frames', 'Call frames', new FramesPanel(select, showToken), open.frames, saveSoon),
    eventSection,
    new Section('stack', 'Stack', new StackPanel(copy), open.stack, saveSoon),
    new Section('memory', 'Memory', memory, open.memory, saveSoon),
    new Section('storage', 'Storage', new StoragePanel(), open.storage, saveSoon),
    new Section('outcome', 'Revert / Return', outcome, open.outcome, saveSoon),
  ];
  const gas = new GasView({
    select,
    openLine: (index) => host.send({ type: 'openGasLine', index }),
    ask: () => host.send({ type: 'gas' }),
    toggled: saveSoon,
  });
  host.onGas((m) => gas.update(m.profile, m.note));
  const status = h('div', { class: 'status', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });

  let header = buildHeader(init.title, init.summary, init.network, init.names, showToken);
  replaceChildren(
    root,
    header,
    h(
      'div',
      { class: 'toolbar-row' },
      buildToolbar(act, () => host.send({ type: 'debug' })),
      gas.toggle,
      status,
    ),
    h(
      'main',
      { class: 'layout' },
      h('section', { class: 'steps', 'aria-label': 'Steps' }, table.element, minimap.element),
      gas.element,
      h('aside', { class: 'details', 'aria-label': 'Step details' }, ...sections.map((s) => s.element)),
    ),
  );

  /** At the last step of a trace the mirror cut, stepping on ends here: the status line says why. */
  const cutHere = init.summary.truncated ? `. ${CUT_END} (the rest of the transaction is missing).` : '';

  /** Draws `step`; without its view (not prefetched) the detail panels keep the last one until the host's push. */
  const show = (step: number, next: StepView | undefined) => {
    const started = performance.now();
    table.setCurrent(step);
    minimap.setCurrent(step);
    if (next) {
      eventSection.element.hidden = next.event === null;
      for (const s of sections) s.update(next);
    }
    const ref = next ? undefined : table.rows.peek(step);
    const r = next ? next.row : ref && { op: ref.page.op[ref.at], pc: ref.page.pc[ref.at], depth: ref.page.depth[ref.at] };
    if (r)
      setText(
        status,
        `Step ${formatCount(step)} of 0–${formatCount(init.length - 1)}: ${r.op} at pc ${r.pc}, depth ${r.depth}${step === init.length - 1 ? cutHere : ''}`,
      );
    saveSoon();
    measureStepPaint(started);
  };

  if (saved) {
    table.scrollTo(saved.scrollTop);
    memory.scrollTo(saved.memoryTop);
    if (saved.gas === true) gas.setShown(true);
  }
  show(init.view.row.step, init.view);
  host.onStep((view, seq) => stepper.pushed(view, seq));
  host.onNames((names) => {
    const renamed = buildHeader(init.title, init.summary, init.network, names, showToken);
    header.replaceWith(renamed);
    header = renamed;
    outcome.rename(names);
    for (const s of sections) s.forget();
    stepper.renamed();
  });
  listenForKeys({
    run: (action, count) => stepper.run(action, count),
    tableFocused: () => table.element.contains(document.activeElement),
    pageRows: () => table.pageRows,
  });
  table.focus();
}

start().catch(showProblem);
