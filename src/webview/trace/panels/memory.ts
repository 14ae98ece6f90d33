// Memory as 32-byte rows with an ASCII column. Only the rows in view exist in the DOM and only their words are
// fetched: the host pushes the window this panel showed last with every step, and scrolling elsewhere pulls the
// new window. Bytes that differ from the previous step of the same frame are highlighted (and announced as such).
import type { MemoryWindow, StepView, TraceRequests } from '../../../shared/trace-protocol';
import { h, setText } from '../dom';
import { asciiOf, formatOffset } from '../format';
import { VirtualList } from '../virtual-list';
import type { PanelContent } from './section';

/** Rows fetched beyond the visible ones on each side, so small scrolls need no request. */
const MARGIN_ROWS = 32;

type LoadMemory = (params: TraceRequests['memory']['params']) => Promise<MemoryWindow>;

export class MemoryPanel implements PanelContent {
  readonly body: HTMLElement;
  private readonly list: VirtualList;
  private readonly empty: HTMLElement;
  private view: StepView | undefined;
  private window: MemoryWindow | undefined;
  private changed: Array<[number, number]> = [];
  private loading = false;

  constructor(
    private readonly load: LoadMemory,
    onScroll: () => void,
  ) {
    this.list = new VirtualList({
      label: 'Memory',
      createRow: () => createRow(),
      renderRow: (el, index) => this.renderRow(el, index),
      onScroll: () => {
        this.ensureWindow();
        onScroll();
      },
    });
    this.empty = h('p', { class: 'empty' });
    this.body = h('div', { class: 'panel-body memory', role: 'table', 'aria-label': 'Memory, 32 bytes per row' }, this.empty, this.list.element);
  }

  get top(): number {
    return this.list.top;
  }

  scrollTo(top: number): void {
    this.list.scrollTo(top);
  }

  /** The words the host should include with each step: the visible rows and a margin. */
  viewport(): { start: number; count: number } {
    const start = Math.max(0, this.list.first - MARGIN_ROWS);
    return { start, count: this.list.visibleRows + 2 * MARGIN_ROWS + 1 };
  }

  render(view: StepView): void {
    this.view = view;
    this.window = view.memory ?? undefined;
    this.changed = view.changedBytes;
    const words = view.memoryWords ?? 0;
    this.empty.hidden = words > 0;
    setText(this.empty, view.memoryWords === null ? 'Memory was not fetched for this trace. Reopen it with memory selected to see it.' : 'Memory is empty at this step.');
    this.list.element.hidden = words === 0;
    this.list.element.style.setProperty('--rows', String(words));
    this.list.setCount(words);
    this.list.render();
    this.ensureWindow();
  }

  private ensureWindow(): void {
    const view = this.view;
    if (!view || this.loading || !view.memoryWords) return;
    const first = this.list.first;
    const last = Math.min(view.memoryWords, first + this.list.visibleRows + 1);
    const w = this.window;
    if (w && w.step === view.row.step && first >= w.start && last <= w.start + w.words.length) return;
    this.loading = true;
    const step = view.row.step;
    this.load({ step, ...this.viewport() }).then(
      (win) => {
        this.loading = false;
        if (this.view?.row.step !== step) return this.ensureWindow();
        this.window = win;
        this.list.render();
      },
      () => {
        this.loading = false;
      },
    );
  }

  private renderRow(el: HTMLElement, index: number): void {
    const w = this.window;
    const word = w && index >= w.start && index < w.start + w.words.length ? w.words[index - w.start] : undefined;
    const [offset, hex, ascii] = el.children;
    setText(offset, formatOffset(index * 32));
    for (let i = 0; i < 32; i++) {
      const byteIndex = index * 32 + i;
      const isChanged = overlaps(this.changed, byteIndex, byteIndex + 1);
      const text = word ? word.slice(2 + 2 * i, 4 + 2 * i) : '··';
      const b = hex.children[i];
      const a = ascii.children[i];
      setText(b, text);
      setText(a, word ? asciiOf(parseInt(text, 16)) : ' ');
      b.classList.toggle('changed', isChanged);
      a.classList.toggle('changed', isChanged);
    }
    el.setAttribute('aria-label', `${formatOffset(index * 32)}${overlaps(this.changed, index * 32, index * 32 + 32) ? ', changed by this step' : ''}`);
  }
}

function createRow(): HTMLElement {
  const bytes = Array.from({ length: 32 }, () => h('span', { class: 'b' }));
  const chars = Array.from({ length: 32 }, () => h('span', {}));
  return h('div', { class: 'mem-row', role: 'row' }, h('span', { class: 'off', role: 'rowheader' }), h('span', { class: 'hex', role: 'cell' }, ...bytes), h('span', { class: 'ascii', role: 'cell' }, ...chars));
}

/** Whether any of the sorted, disjoint `ranges` meets `[from, to)`; binary search, as a big copy makes many ranges. */
function overlaps(ranges: Array<[number, number]>, from: number, to: number): boolean {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid][1] <= from) lo = mid + 1;
    else hi = mid;
  }
  return lo < ranges.length && ranges[lo][0] < to;
}
