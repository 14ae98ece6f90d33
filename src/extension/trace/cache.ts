// Raw trace bodies kept on disk in the extension's global storage, so a panel restored after a reload, a Recent
// Traces entry or Save Trace… never asks the server again. The core writes the body while it decodes it
// (fetchTrace's `saveTo`, bounded by `maxBodyBytes`); this file names, indexes and evicts those bodies (least
// recently used first, once the total passes the configured size). A body larger than the whole cache is not kept
// at all. A trace opened from a file is not copied: its entry points at the file.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { TraceParts } from '../../core/trace/trace';

/** What the cache remembers about an entry besides the body. */
export interface CacheEntry {
  key: string;
  transaction: string;
  network: string;
  parts: TraceParts;
  /** Set for traces opened from a file: the body is that file, not a cached copy. */
  file?: string;
}

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
    await fs.writeFile(this.file(entry.key, META), JSON.stringify(entry));
    if (!entry.file) await this.evict(entry.key);
    return true;
  }

  async entry(key: string): Promise<CacheEntry | undefined> {
    try {
      return JSON.parse(await fs.readFile(this.file(key, META), 'utf8')) as CacheEntry;
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
    if (!entry.file) {
      const now = new Date();
      await fs.utimes(body, now, now).catch(() => undefined);
    }
    return { entry, body };
  }

  /** Deletes least recently used bodies until the total fits, never `keep` (which commit made sure fits alone). */
  async evict(keep?: string): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const bodies = await Promise.all(
      names
        .filter((n) => n.endsWith(BODY) && !n.endsWith(META))
        .map(async (n) => {
          const stat = await fs.stat(path.join(this.dir, n));
          return { key: n.slice(0, -BODY.length), size: stat.size, used: stat.mtimeMs };
        }),
    );
    let total = bodies.reduce((sum, b) => sum + b.size, 0);
    for (const b of bodies.sort((x, y) => x.used - y.used)) {
      if (total <= this.maxBytes()) break;
      if (b.key === keep) continue;
      await fs.rm(this.file(b.key, BODY), { force: true });
      await fs.rm(this.file(b.key, META), { force: true });
      total -= b.size;
    }
  }
}
