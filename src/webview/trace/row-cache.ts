// Pages of step-table rows pulled from the host on demand and kept in a small LRU (a Map in use order), so
// scrolling back and forth over the same region does not ask again and memory stays bounded at any trace size.
import type { RowPage } from '../../shared/trace-protocol';

export const PAGE_ROWS = 256;
const MAX_PAGES = 64;

export interface RowRef {
  page: RowPage;
  /** Index into the page's columns. */
  at: number;
}

export class RowCache {
  private readonly pages = new Map<number, RowPage>();
  private readonly loading = new Set<number>();

  constructor(
    private readonly load: (start: number, count: number) => Promise<RowPage>,
    private readonly onLoaded: () => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The row if its page is here; otherwise starts loading the page and returns undefined. */
  get(step: number): RowRef | undefined {
    const index = Math.floor(step / PAGE_ROWS);
    const page = this.pages.get(index);
    if (page) {
      this.pages.delete(index);
      this.pages.set(index, page);
      return { page, at: step - page.start };
    }
    this.fetch(index);
    return undefined;
  }

  /** Loads the pages around a visible range ahead of need, so scrolling a page further shows rows at once. */
  prefetch(first: number, visible: number): void {
    const lo = Math.max(0, Math.floor((first - visible) / PAGE_ROWS));
    const hi = Math.floor((first + 2 * visible) / PAGE_ROWS);
    for (let i = lo; i <= hi; i++) if (!this.pages.has(i)) this.fetch(i);
  }

  private fetch(index: number): void {
    if (this.loading.has(index)) return;
    this.loading.add(index);
    this.load(index * PAGE_ROWS, PAGE_ROWS).then(
      (page) => {
        this.loading.delete(index);
        this.pages.set(index, page);
        while (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value as number);
        this.onLoaded();
      },
      (err: unknown) => {
        this.loading.delete(index);
        this.onError(err);
      },
    );
  }
}
