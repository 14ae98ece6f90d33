// The step table: a grid over the whole trace drawn through the virtual list, rows pulled page by page, the
// current step highlighted and kept in view. Its rows are also what the stepper answers keys from (keys.ts,
// stepper.ts); clicking a row selects that step.
import type { RowPage } from '../../shared/trace-protocol';
import { h, setText } from './dom';
import { formatCount } from './format';
import { RowCache } from './row-cache';
import { VirtualList } from './virtual-list';

const COLUMNS = ['Step', 'PC', 'Op', 'Depth', 'Gas', 'Cost'] as const;
/** Indentation per call depth, capped so deep traces keep their op column readable. */
const MAX_INDENT_DEPTH = 12;
export const DEPTH_COLOURS = 6;

export interface StepTableEvents {
  select(step: number): void;
  scrolled(): void;
}

export class StepTable {
  readonly element: HTMLElement;
  private readonly list: VirtualList;
  /** The rows held: drawn here, and the window the stepper answers moves from. */
  readonly rows: RowCache;
  private current = 0;

  constructor(
    length: number,
    loadRows: (start: number, count: number) => Promise<RowPage>,
    private readonly events: StepTableEvents,
    onError: (err: unknown) => void,
  ) {
    this.rows = new RowCache(length, loadRows, () => this.list.scheduleRender(), onError);
    this.list = new VirtualList({
      label: 'Steps',
      createRow: () => this.createRow(),
      renderRow: (el, index) => this.renderRow(el, index),
      onScroll: (first, visible) => {
        this.rows.prefetch(first, visible);
        this.updateActiveDescendant();
        events.scrolled();
      },
      onResize: () => this.list.reveal(this.current),
    });
    const head = h(
      'div',
      { class: 'st-head', role: 'row', 'aria-rowindex': 1 },
      ...COLUMNS.map((c) => h('span', { class: `c-${c.toLowerCase()}`, role: 'columnheader' }, c)),
    );
    this.element = h(
      'div',
      {
        class: 'step-table',
        role: 'grid',
        tabindex: 0,
        'aria-label': `Steps (${formatCount(length)})`,
        'aria-rowcount': length + 1,
        'aria-readonly': 'true',
      },
      head,
      this.list.element,
    );
    this.list.setCount(length);
  }

  get top(): number {
    return this.list.top;
  }

  scrollTo(top: number): void {
    this.list.scrollTo(top);
  }

  /** First row and count in view, for the mini-map's window marker. */
  get window(): { first: number; visible: number } {
    return { first: this.list.first, visible: this.list.visibleRows };
  }

  setCurrent(step: number): void {
    const previous = this.current;
    this.current = step;
    this.list.reveal(step);
    for (const s of [previous, step]) {
      const el = this.list.rowElement(s);
      if (el) this.renderRow(el, s);
    }
    this.updateActiveDescendant();
  }

  /** Rows PageUp/PageDown move: a screen less one row of overlap. */
  get pageRows(): number {
    return Math.max(1, this.list.visibleRows - 1);
  }

  focus(): void {
    this.element.focus();
  }

  private createRow(): HTMLElement {
    const row = h(
      'div',
      { class: 'st-row', role: 'row' },
      ...COLUMNS.map((c) => h('span', { class: `c-${c.toLowerCase()}`, role: 'gridcell' })),
    );
    row.addEventListener('click', () => {
      const step = Number(row.dataset.step);
      if (Number.isInteger(step)) this.events.select(step);
    });
    return row;
  }

  private renderRow(el: HTMLElement, step: number): void {
    const ref = this.rows.get(step);
    const isCurrent = step === this.current;
    const key = `${step}:${ref ? 1 : 0}:${isCurrent ? 1 : 0}`;
    if (el.dataset.key === key) return;
    el.dataset.key = key;
    el.dataset.step = String(step);
    el.id = `step-${step}`;
    el.setAttribute('aria-rowindex', String(step + 2));
    el.setAttribute('aria-selected', String(isCurrent));
    el.classList.toggle('current', isCurrent);
    const cells = el.children;
    setText(cells[0], String(step));
    if (!ref) {
      el.className = isCurrent ? 'st-row loading current' : 'st-row loading';
      for (let i = 1; i < cells.length; i++) setText(cells[i], '');
      return;
    }
    const { page, at } = ref;
    const depth = page.depth[at];
    el.className = `st-row f${page.frame[at] % DEPTH_COLOURS}${isCurrent ? ' current' : ''}`;
    setText(cells[1], String(page.pc[at]));
    setText(cells[2], page.op[at]);
    (cells[2] as HTMLElement).style.paddingInlineStart = `${Math.min(depth, MAX_INDENT_DEPTH) * 0.8 + 0.4}em`;
    setText(cells[3], String(depth));
    setText(cells[4], formatCount(page.gas[at]));
    setText(cells[5], formatCount(page.gasCost[at]));
  }

  private updateActiveDescendant(): void {
    const el = this.list.rowElement(this.current);
    if (el) this.element.setAttribute('aria-activedescendant', el.id);
    else this.element.removeAttribute('aria-activedescendant');
  }
}
