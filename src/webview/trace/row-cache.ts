// Pages of step-table rows pulled from the host on demand and kept in a small LRU (a Map in use order), so
// scrolling back and forth over the same region does not ask again and memory stays bounded at any trace size.
// The pages' frame columns and frame spans are also what lets the webview answer step keys itself (FrameSteps);
// the first and last pages stay loaded so First/Last are answered too.
import type { FrameSpan, FrameSteps } from '../../shared/frame-moves';
import type { RowPage } from '../../shared/trace-protocol';

const PAGE_ROWS = 256;
const MAX_PAGES = 64;
/** Frame spans kept for navigation; past this the map starts again from the pages that arrive next. */
const MAX_FRAMES = 50_000;

export interface RowRef {
  page: RowPage;
  /** Index into the page's columns. */
  at: number;
}

export class RowCache implements FrameSteps {
  private readonly pages = new Map<number, RowPage>();
  private readonly pinned = new Map<number, RowPage>();
  private readonly loading = new Set<number>();
  private readonly frames = new Map<number, FrameSpan>();
  private readonly pinnedIndexes: ReadonlySet<number>;

  constructor(
    readonly length: number,
    private readonly load: (start: number, count: number) => Promise<RowPage>,
    private readonly onLoaded: () => void,
    private readonly onError: (err: unknown) => void,
    /** Rows per page (small in tests, to reach window edges in short traces). */
    private readonly pageRows = PAGE_ROWS,
  ) {
    this.pinnedIndexes = new Set(length > 0 ? [0, Math.floor((length - 1) / pageRows)] : []);
    for (const index of this.pinnedIndexes) this.fetch(index);
  }

  /** The row if its page is here; otherwise starts loading the page and returns undefined. */
  get(step: number): RowRef | undefined {
    const ref = this.peek(step);
    if (ref) {
      const index = Math.floor(step / this.pageRows);
      if (this.pages.delete(index)) this.pages.set(index, ref.page);
      return ref;
    }
    this.fetch(Math.floor(step / this.pageRows));
    return undefined;
  }

  /** The row if its page is here, without loading or touching anything. */
  peek(step: number): RowRef | undefined {
    const index = Math.floor(step / this.pageRows);
    const page = this.pinned.get(index) ?? this.pages.get(index);
    return page && step - page.start < page.frame.length ? { page, at: step - page.start } : undefined;
  }

  frameAt(step: number): number | undefined {
    const ref = this.peek(step);
    return ref && ref.page.frame[ref.at];
  }

  frame(index: number): FrameSpan | undefined {
    return this.frames.get(index);
  }

  /** Loads the pages around a visible range ahead of need, so scrolling a page further shows rows at once. */
  prefetch(first: number, visible: number): void {
    this.prefetchRange(first - visible, first + 2 * visible);
  }

  /** Loads the page `step` is on and the next one in the direction of travel (+1 or -1). */
  ahead(step: number, direction: number): void {
    this.prefetchRange(step, step + Math.sign(direction) * this.pageRows);
  }

  private prefetchRange(from: number, to: number): void {
    const lo = Math.max(0, Math.floor(Math.min(from, to) / this.pageRows));
    const hi = Math.min(Math.floor((this.length - 1) / this.pageRows), Math.floor(Math.max(from, to) / this.pageRows));
    for (let i = lo; i <= hi; i++) if (!this.pages.has(i) && !this.pinned.has(i)) this.fetch(i);
  }

  private fetch(index: number): void {
    if (this.loading.has(index)) return;
    this.loading.add(index);
    this.load(index * this.pageRows, this.pageRows).then(
      (page) => {
        this.loading.delete(index);
        this.store(index, page);
        this.onLoaded();
      },
      (err: unknown) => {
        this.loading.delete(index);
        this.onError(err);
      },
    );
  }

  private store(index: number, page: RowPage): void {
    if (this.pinnedIndexes.has(index)) this.pinned.set(index, page);
    else this.pages.set(index, page);
    while (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value as number);
    for (const f of page.frames) this.frames.set(f.index, f);
    // Spans of evicted pages pile up over a long session: start again from the pages still held.
    if (this.frames.size > MAX_FRAMES) {
      this.frames.clear();
      for (const held of [...this.pinned.values(), ...this.pages.values()]) for (const f of held.frames) this.frames.set(f.index, f);
    }
  }
}
