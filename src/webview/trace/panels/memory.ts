// Memory as rows of 32, 16 or 8 bytes with an ASCII column: as many as fit the panel's width, chosen when the panel
// is resized (never while drawing a step). Only the rows in view exist in the DOM and only their words are fetched:
// the host pushes the window this panel showed last with every step, and scrolling elsewhere pulls the new window.
// Bytes that differ from the previous step of the same frame are highlighted (and announced as such).
import type { MemoryWindow, StepView, TraceRequests } from '../../../shared/trace-protocol';
import { h, setText } from '../dom';
import { asciiOf, formatOffset } from '../format';
import { VirtualList } from '../virtual-list';
import type { PanelContent } from './section';

/** Words fetched beyond the visible ones on each side, so small scrolls need no request. */
const MARGIN_WORDS = 32;
const WORD_BYTES = 32;
/** Row sizes the panel chooses from, widest first: a whole word, half and a quarter of one. */
const ROW_BYTES = [32, 16, 8] as const;
/** The probe row's size: ROW_BYTES are whole multiples of it. */
const PROBE_BYTES = 8;
/** Room kept beside the rows for the list's scrollbar (.vl-track) and rounding. */
const SCROLLBAR_PX = 12;

type LoadMemory = (params: TraceRequests['memory']['params']) => Promise<MemoryWindow>;

export class MemoryPanel implements PanelContent {
  readonly body: HTMLElement;
  private readonly list: VirtualList;
  private readonly empty: HTMLElement;
  /** A hidden row of PROBE_BYTES bytes whose parts' widths tell how wide a row of any size is. */
  private readonly probe = createRow('mem-row mem-probe');
  private view: StepView | undefined;
  private window: MemoryWindow | undefined;
  private changed: Array<[number, number]> = [];
  private loading = false;
  private bytesPerRow: number = WORD_BYTES;
  /** The panel's content width, as the last resize reported it. */
  private width = 0;

  constructor(
    private readonly load: LoadMemory,
    onScroll: () => void,
  ) {
    this.list = new VirtualList({
      label: 'Memory',
      createRow: () => createRow('mem-row'),
      renderRow: (el, index) => this.renderRow(el, index),
      onScroll: () => {
        this.ensureWindow();
        onScroll();
      },
    });
    this.empty = h('p', { class: 'empty' });
    this.probe.setAttribute('aria-hidden', 'true');
    setText(this.probe.children[0], formatOffset(0));
    for (const b of this.probe.querySelectorAll('.b')) setText(b, 'ff');
    for (const a of this.probe.querySelectorAll('.ascii > span')) setText(a, 'W');
    this.body = h(
      'div',
      { class: 'panel-body memory', role: 'table', 'aria-label': 'Memory, 32 bytes per row', 'data-bytes': WORD_BYTES },
      this.empty,
      this.list.element,
      this.probe,
    );
    // The probe resizes when the font does (VS Code's editor font size setting), the body when the panel does.
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) if (entry.target === this.body) this.width = entry.contentRect.width;
      this.resized();
    });
    observer.observe(this.body);
    observer.observe(this.probe);
  }

  /** First visible word (fractional): what the panel's saved state keeps, whatever the row size. */
  get top(): number {
    return (this.list.top * this.bytesPerRow) / WORD_BYTES;
  }

  /** Scrolls so that word `top` is the first visible. */
  scrollTo(top: number): void {
    this.list.scrollTo((top * WORD_BYTES) / this.bytesPerRow);
  }

  private get firstWord(): number {
    return Math.floor((this.list.first * this.bytesPerRow) / WORD_BYTES);
  }

  private get visibleWords(): number {
    return Math.ceil(((this.list.visibleRows + 1) * this.bytesPerRow) / WORD_BYTES);
  }

  /** The words the host should include with each step: the visible rows and a margin. */
  viewport(): { start: number; count: number } {
    const start = Math.max(0, this.firstWord - MARGIN_WORDS);
    return { start, count: this.visibleWords + 2 * MARGIN_WORDS + 1 };
  }

  render(view: StepView): void {
    this.view = view;
    this.window = view.memory ?? undefined;
    this.changed = view.changedBytes;
    const words = view.memoryWords ?? 0;
    this.empty.hidden = words > 0;
    setText(
      this.empty,
      view.memoryWords === null
        ? 'Memory was not fetched for this trace. Reopen it with memory selected to see it.'
        : 'Memory is empty at this step.',
    );
    this.list.element.hidden = words === 0;
    this.setRows();
    this.list.render();
    this.ensureWindow();
  }

  /**
   * The panel's width or font changed. This runs in a ResizeObserver callback, after layout, so reading the probe's
   * widths costs no extra layout; the widest row that fits, ASCII column included, becomes the row size.
   */
  private resized(): void {
    const [, hex, ascii] = this.probe.children;
    const group = hex.getBoundingClientRect().width + ascii.getBoundingClientRect().width;
    if (group <= 0) return;
    const fixed = this.probe.getBoundingClientRect().width - group;
    const fits = ROW_BYTES.find((n) => fixed + (n / PROBE_BYTES) * group <= this.width - SCROLLBAR_PX) ?? ROW_BYTES[ROW_BYTES.length - 1];
    if (fits === this.bytesPerRow) return;
    const top = this.top;
    this.bytesPerRow = fits;
    this.body.dataset.bytes = String(fits);
    this.body.setAttribute('aria-label', `Memory, ${fits} bytes per row`);
    this.setRows();
    this.scrollTo(top);
    this.ensureWindow();
  }

  private setRows(): void {
    const rows = ((this.view?.memoryWords ?? 0) * WORD_BYTES) / this.bytesPerRow;
    this.list.element.style.setProperty('--rows', String(rows));
    this.list.setCount(rows);
  }

  private ensureWindow(): void {
    const view = this.view;
    if (!view || this.loading || !view.memoryWords) return;
    const first = this.firstWord;
    const last = Math.min(view.memoryWords, first + this.visibleWords);
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
    const size = this.bytesPerRow;
    const from = index * size;
    const at = Math.floor(from / WORD_BYTES);
    const w = this.window;
    const word = w && at >= w.start && at < w.start + w.words.length ? w.words[at - w.start] : undefined;
    const within = from % WORD_BYTES;
    const [offset, hex, ascii] = el.children;
    setText(offset, formatOffset(from));
    // Spans past `size` are hidden by the stylesheet (data-bytes) and left as they are.
    for (let i = 0; i < size; i++) {
      const byteIndex = from + i;
      const isChanged = overlaps(this.changed, byteIndex, byteIndex + 1);
      const text = word ? word.slice(2 + 2 * (within + i), 4 + 2 * (within + i)) : '··';
      const b = hex.children[i];
      const a = ascii.children[i];
      setText(b, text);
      setText(a, word ? asciiOf(parseInt(text, 16)) : ' ');
      b.classList.toggle('changed', isChanged);
      a.classList.toggle('changed', isChanged);
    }
    el.setAttribute('aria-label', `${formatOffset(from)}${overlaps(this.changed, from, from + size) ? ', changed by this step' : ''}`);
  }
}

function createRow(className: string): HTMLElement {
  const bytes = Array.from({ length: WORD_BYTES }, () => h('span', { class: 'b' }));
  const chars = Array.from({ length: WORD_BYTES }, () => h('span', {}));
  return h(
    'div',
    { class: className, role: 'row' },
    h('span', { class: 'off', role: 'rowheader' }),
    h('span', { class: 'hex', role: 'cell' }, ...bytes),
    h('span', { class: 'ascii', role: 'cell' }, ...chars),
  );
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
