// Walking a contract's results page after page (the view's "Load more", the CLI's --limit and --failed): each page
// comes from the one before's links.next, and a mirror that links back to a page it already sent, or whose rows do
// not move strictly back in time, is reported instead of being followed forever. At most `maxPages` pages are read.
import { ApiError } from '../errors';
import type { MirrorClient } from '../mirror/client';
import type { ContractResultRow } from './results-page';
import { timestampNanos } from './timestamps';

export const DEFAULT_MAX_PAGES = 20;

export interface WalkOptions {
  pageSize?: number;
  maxPages?: number;
}

export class ResultsWalk {
  private next: string | null | undefined;
  private readonly seen = new Set<string>();
  private last: bigint | undefined;
  pages = 0;

  constructor(
    private readonly mirror: MirrorClient,
    readonly contract: string,
    private readonly opts: WalkOptions = {},
  ) {}

  /** True when the mirror said there is more and the page budget is not spent. */
  get hasMore(): boolean {
    return this.next !== null && !this.exhausted;
  }

  /** The mirror has more, but the walk read as many pages as it may. */
  get exhausted(): boolean {
    return this.next !== null && this.next !== undefined && this.pages >= (this.opts.maxPages ?? DEFAULT_MAX_PAGES);
  }

  /** The next page's rows (newest first); an empty array once there is nothing more. */
  async more(signal?: AbortSignal): Promise<ContractResultRow[]> {
    if (!this.hasMore) return [];
    const page = await this.mirror.contractResultsPage(this.contract, {
      limit: this.opts.pageSize,
      next: this.next ?? undefined,
      signal,
    });
    this.pages++;
    for (const row of page.rows) {
      const at = timestampNanos(row.timestamp);
      if (this.last !== undefined && at >= this.last)
        throw new ApiError(
          'bad-response',
          `The mirror sent the results out of order: ${row.timestamp} after a later one (GET ${page.url})`,
          {
            url: page.url,
          },
        );
      this.last = at;
    }
    if (page.next !== null && this.seen.has(page.next))
      throw new ApiError('bad-response', `The mirror's next-page link repeats a page it already sent (GET ${page.url})`, { url: page.url });
    if (page.next !== null) this.seen.add(page.next);
    this.next = page.next;
    return page.rows;
  }
}
