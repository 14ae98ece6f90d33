// A list that renders only the rows in view, with its own scrollbar: a native scroll area cannot be tall enough
// for millions of rows (browsers cap element height near 2^25 px), so the position is kept in rows, not pixels,
// and the thumb maps onto that range. Row elements are pooled as a ring (row i lives in slot i mod pool size), so
// scrolling by one row moves the whole box and refills a single row instead of repainting every one.
import { h } from './dom';

/** Rows are placed relative to a base row, re-chosen when far away, so pixel offsets stay small and exact. */
const REBASE_ROWS = 10_000;

export interface VirtualListOptions {
  /** Builds one pooled row element (called again when the list grows taller). */
  createRow(): HTMLElement;
  /** Fills `el` for row `index` (always `< count`). */
  renderRow(el: HTMLElement, index: number): void;
  /** Called after the visible range moved (scroll, resize, new count). */
  onScroll?(first: number, visible: number): void;
  /** Called after the list changed size, e.g. to bring the current row back into view. */
  onResize?(): void;
  label: string;
}

export class VirtualList {
  readonly element: HTMLElement;
  private readonly viewport: HTMLElement;
  private readonly rowsBox: HTMLElement;
  private readonly track: HTMLElement;
  private readonly thumb: HTMLElement;
  private readonly pool: HTMLElement[] = [];
  /** Row index each pool slot is positioned for (-1: not yet). */
  private placed: number[] = [];
  private base = 0;
  private count = 0;
  /** First visible row, fractional. */
  private topRow = 0;
  private rowHeight = 20;
  private height = 0;
  /** Measured on resize only: reading layout while drawing would force a synchronous layout on every step. */
  private trackHeight = 0;
  private frame = 0;

  constructor(private readonly options: VirtualListOptions) {
    this.rowsBox = h('div', { class: 'vl-rows', role: 'presentation' });
    this.viewport = h('div', { class: 'vl-viewport', role: 'presentation' }, this.rowsBox);
    this.thumb = h('div', { class: 'vl-thumb' });
    this.track = h('div', { class: 'vl-track', 'aria-hidden': 'true' }, this.thumb);
    this.element = h('div', { class: 'vl' }, this.viewport, this.track);

    this.viewport.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    this.track.addEventListener('pointerdown', (e) => this.onTrackPointer(e));
    new ResizeObserver(() => this.measure()).observe(this.viewport);
  }

  get first(): number {
    return Math.floor(this.topRow);
  }

  /** Whole rows that fit. */
  get visibleRows(): number {
    return Math.max(1, Math.floor(this.height / this.rowHeight));
  }

  get top(): number {
    return this.topRow;
  }

  private get maxTop(): number {
    return Math.max(0, this.count - this.height / this.rowHeight);
  }

  setCount(count: number): void {
    this.count = count;
    this.scrollTo(this.topRow);
  }

  scrollTo(top: number): void {
    const next = Math.min(Math.max(0, top), this.maxTop);
    const moved = next !== this.topRow;
    this.topRow = next;
    this.render();
    if (moved) this.options.onScroll?.(this.first, this.visibleRows);
  }

  /** Scrolls the least needed to show `index` with `margin` rows around it; far jumps put it a third down. */
  reveal(index: number, margin = 2): void {
    const visible = this.visibleRows;
    if (index >= this.topRow + margin && index < this.topRow + visible - margin) return;
    if (index >= this.topRow - visible && index < this.topRow + 2 * visible) {
      this.scrollTo(index < this.topRow + margin ? index - margin : index - visible + margin + 1);
    } else {
      this.scrollTo(index - Math.floor(visible / 3));
    }
  }

  /** The pooled element showing `index`, if it is in view. */
  rowElement(index: number): HTMLElement | undefined {
    const offset = index - this.first;
    return offset >= 0 && offset < this.pool.length && index < this.count ? this.pool[index % this.pool.length] : undefined;
  }

  /** Redraws on the next frame; several calls in one task draw once. */
  scheduleRender(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  render(): void {
    const first = this.first;
    const n = this.pool.length;
    if (Math.abs(first - this.base) > REBASE_ROWS) {
      this.base = first;
      this.placed.fill(-1);
    }
    this.rowsBox.style.transform = `translateY(${-(this.topRow - this.base) * this.rowHeight}px)`;
    for (let index = first; index < first + n; index++) {
      const slot = index % n;
      const el = this.pool[slot];
      const hide = index >= this.count;
      if (el.hidden !== hide) el.hidden = hide;
      if (hide) continue;
      if (this.placed[slot] !== index) {
        this.placed[slot] = index;
        el.style.transform = `translateY(${(index - this.base) * this.rowHeight}px)`;
      }
      this.options.renderRow(el, index);
    }
    this.drawThumb();
  }

  private measure(): void {
    const probe = this.pool[0] ?? this.options.createRow();
    if (!probe.isConnected) this.rowsBox.appendChild(probe);
    if (!this.pool.includes(probe)) this.pool.push(probe);
    this.rowHeight = probe.getBoundingClientRect().height || this.rowHeight;
    this.height = this.viewport.clientHeight;
    this.trackHeight = this.track.clientHeight;
    const needed = Math.ceil(this.height / this.rowHeight) + 1;
    while (this.pool.length < needed) {
      const row = this.options.createRow();
      this.pool.push(row);
      this.rowsBox.appendChild(row);
    }
    while (this.pool.length > needed && this.pool.length > 1) this.pool.pop()?.remove();
    // Slots map to other rows once the pool size changed.
    this.placed = new Array<number>(this.pool.length).fill(-1);
    this.scrollTo(this.topRow);
    this.options.onScroll?.(this.first, this.visibleRows);
    this.options.onResize?.();
  }

  private drawThumb(): void {
    const trackHeight = this.trackHeight;
    const visible = this.height / this.rowHeight;
    if (this.count <= visible || trackHeight === 0) {
      this.thumb.hidden = true;
      return;
    }
    this.thumb.hidden = false;
    const thumbHeight = Math.max(16, (trackHeight * visible) / this.count);
    const y = this.maxTop === 0 ? 0 : (this.topRow / this.maxTop) * (trackHeight - thumbHeight);
    this.thumb.style.height = `${thumbHeight}px`;
    this.thumb.style.transform = `translateY(${y}px)`;
  }

  private onWheel(e: WheelEvent): void {
    // Sideways scrolling stays native (the memory panel scrolls horizontally).
    if (Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
    e.preventDefault();
    const rows =
      e.deltaMode === WheelEvent.DOM_DELTA_LINE
        ? e.deltaY
        : e.deltaMode === WheelEvent.DOM_DELTA_PAGE
          ? e.deltaY * this.visibleRows
          : e.deltaY / this.rowHeight;
    this.scrollTo(this.topRow + rows);
  }

  /** Dragging the thumb moves proportionally; pressing the track elsewhere pages towards the pointer. */
  private onTrackPointer(e: PointerEvent): void {
    e.preventDefault();
    const trackRect = this.track.getBoundingClientRect();
    const thumbRect = this.thumb.getBoundingClientRect();
    if (e.clientY < thumbRect.top || e.clientY > thumbRect.bottom) {
      this.scrollTo(this.topRow + (e.clientY < thumbRect.top ? -1 : 1) * this.visibleRows);
      return;
    }
    const grab = e.clientY - thumbRect.top;
    const span = trackRect.height - thumbRect.height;
    this.track.setPointerCapture(e.pointerId);
    const move = (m: PointerEvent) => {
      if (span > 0) this.scrollTo(((m.clientY - trackRect.top - grab) / span) * this.maxTop);
    };
    const up = () => {
      this.track.removeEventListener('pointermove', move);
      this.track.removeEventListener('pointerup', up);
      this.track.removeEventListener('pointercancel', up);
    };
    this.track.addEventListener('pointermove', move);
    this.track.addEventListener('pointerup', up);
    this.track.addEventListener('pointercancel', up);
  }
}
