// Raw trace bodies kept on disk in the extension's global storage, so a panel restored after a reload, a Recent
// Traces entry or Save Trace… never asks the server again. The core writes the body while it decodes it
// (fetchTrace's `saveTo`, bounded by `maxBodyBytes`); this file names, indexes and evicts those bodies (least
// recently used first, once the total passes the configured size). A body larger than the whole cache is not kept
// at all. A trace opened from a file is not copied: its entry points at the file.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { evictToBudget, touch, writeAtomic } from '../../core/disk-cache';
import type { TraceParts } from '../../core/trace/trace';

/** What the cache remembers about an entry besides the body (read back from disk, so checked like any input). */
const cacheEntry = z.object({
  key: z.string().max(1024),
  transaction: z.string().max(4096),
  network: z.string().max(1024),
  parts: z.object({ stack: z.boolean(), memory: z.boolean(), storage: z.boolean() }),
  /** Set for traces opened from a file: the body is that file, not a cached copy. */
  file: z.string().max(4096).optional(),
});
export type CacheEntry = z.output<typeof cacheEntry>;

const BODY = '.json';
const META = '.meta.json';

/** A file-name-safe key for one fetched trace: network, transaction and the parts asked for. */
export function cacheKey(network: string, transaction: string, parts: TraceParts): string {
  const flags = `${parts.stack ? 's' : ''}${parts.memory ? 'm' : ''}${parts.storage ? 'x' : ''}` || 'none';
  return `${network}~${transaction}~${flags}`.replace(/[^A-Za-z0-9._~-]/g, '_');
}

export class TraceCache {
  constructor(
    private readonly dir: string,
    private readonly maxBytes: () => number,
  ) {}

  private file(key: string, ext: string): string {
    if (!/^[A-Za-z0-9._~-]+$/.test(key)) throw new Error(`Bad trace cache key "${key}"`);
    return path.join(this.dir, key + ext);
  }

  /** Where the core should write a body being fetched for `key` (it appears there only once complete). */
  async bodyPath(key: string): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    return this.file(key, BODY);
  }

  /** The most a body may take to be cached: the whole cache's size. */
  get maxBodyBytes(): number {
    return this.maxBytes();
  }

  /**
   * Records a complete body (or a file reference), then evicts others if the cache grew too big. False when there
   * is no body to record: it was larger than the cache (the fetch then skipped writing it), and nothing is kept.
   */
  async commit(entry: CacheEntry): Promise<boolean> {
    if (!entry.file) {
      const body = this.file(entry.key, BODY);
      const size = await fs.stat(body).then(
        (s) => s.size,
        () => undefined,
      );
      if (size === undefined || size > this.maxBytes()) {
        await fs.rm(body, { force: true });
        await fs.rm(this.file(entry.key, META), { force: true });
        return false;
      }
    }
    await fs.mkdir(this.dir, { recursive: true });
    await writeAtomic(this.file(entry.key, META), JSON.stringify(entry));
    if (!entry.file) await this.evict(entry.key);
    return true;
  }

  async entry(key: string): Promise<CacheEntry | undefined> {
    try {
      const parsed = cacheEntry.safeParse(JSON.parse(await fs.readFile(this.file(key, META), 'utf8')));
      return parsed.success && parsed.data.key === key ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** The entry and the file holding its raw body, or undefined when either is gone. Marks the body as used. */
  async locate(key: string): Promise<{ entry: CacheEntry; body: string } | undefined> {
    const entry = await this.entry(key);
    if (!entry) return undefined;
    const body = entry.file ?? this.file(key, BODY);
    try {
      await fs.access(body);
    } catch {
      return undefined;
    }
    if (!entry.file) await touch(body);
    return { entry, body };
  }

  /** Deletes least recently used bodies (and their entries) until the total fits, never `keep`'s (which commit made sure fits alone). */
  async evict(keep?: string): Promise<void> {
    await evictToBudget(this.dir, this.maxBytes(), {
      counts: (name) => name.endsWith(BODY) && !name.endsWith(META),
      keep: keep === undefined ? undefined : keep + BODY,
      remove: async (name) => {
        const key = name.slice(0, -BODY.length);
        await fs.rm(this.file(key, BODY), { force: true });
        await fs.rm(this.file(key, META), { force: true });
      },
    });
  }
}
