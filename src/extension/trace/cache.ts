// Raw trace bodies kept on disk (gzip) in the extension's global storage, so a panel restored after a reload, a
// Recent Traces entry or Save Trace… never asks the server again. Entries are evicted oldest-used first once the
// total passes the configured size. A trace opened from a file is not copied: its entry points at the file.
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, constants as zlib } from 'node:zlib';
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

const BODY = '.json.gz';
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

  async entry(key: string): Promise<CacheEntry | undefined> {
    try {
      return JSON.parse(await fs.readFile(this.file(key, META), 'utf8')) as CacheEntry;
    } catch {
      return undefined;
    }
  }

  /** The raw body, decompressed; undefined when the entry (or its file) is gone. */
  async open(key: string): Promise<{ entry: CacheEntry; body: Readable } | undefined> {
    const entry = await this.entry(key);
    if (!entry) return undefined;
    const source = entry.file ?? this.file(key, BODY);
    try {
      await fs.access(source);
    } catch {
      return undefined;
    }
    if (!entry.file) await this.touch(key);
    const raw = createReadStream(source);
    return { entry, body: entry.file ? raw : raw.pipe(createGunzip()) };
  }

  /**
   * A sink for a body being downloaded. `commit` makes the entry visible (then evicts others if the cache is too
   * big); `abort` drops the partial file. Until commit the body lives under a temporary name.
   */
  async writer(entry: CacheEntry): Promise<{ write(chunk: Uint8Array): void; commit(): Promise<void>; abort(): Promise<void> }> {
    await fs.mkdir(this.dir, { recursive: true });
    const tmp = this.file(entry.key, `.${process.pid}.${Date.now()}.tmp`);
    const gzip = createGzip({ level: zlib.Z_BEST_SPEED });
    const done = pipeline(gzip, createWriteStream(tmp));
    done.catch(() => undefined);
    return {
      write: (chunk) => void gzip.write(chunk),
      commit: async () => {
        gzip.end();
        await done;
        await fs.rename(tmp, this.file(entry.key, BODY));
        await fs.writeFile(this.file(entry.key, META), JSON.stringify(entry));
        await this.evict(entry.key);
      },
      abort: async () => {
        gzip.destroy();
        await fs.rm(tmp, { force: true });
      },
    };
  }

  /** Remembers a trace file by path (no copy). */
  async rememberFile(entry: CacheEntry & { file: string }): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(this.file(entry.key, META), JSON.stringify(entry));
  }

  /** Writes the raw (uncompressed) body of an entry to `target`. */
  async export(key: string, target: string): Promise<boolean> {
    const opened = await this.open(key);
    if (!opened) return false;
    await pipeline(opened.body, createWriteStream(target) as Writable);
    return true;
  }

  private async touch(key: string): Promise<void> {
    const now = new Date();
    await fs.utimes(this.file(key, BODY), now, now).catch(() => undefined);
  }

  /** Deletes least recently used bodies until the total fits, never the one just written. */
  async evict(keep?: string): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const bodies = await Promise.all(
      names
        .filter((n) => n.endsWith(BODY))
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
