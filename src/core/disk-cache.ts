// A folder of cached files kept within a byte budget: the trace cache (raw trace bodies) and the verified-sources
// cache both write their files whole-or-not-at-all and evict the least recently used first. A file's modification
// time is its last use (readers touch it); files that vanish while the folder is read (another window evicting
// at the same moment) are skipped, never an error.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** Writes `data` to a sibling file, then renames it over `file`: a reader sees the old file or the whole new one. */
export async function writeAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  try {
    await fs.writeFile(partial, data);
    await fs.rename(partial, file);
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  }
}

/** Marks `file` as just used (its modification time is what eviction orders by); a vanished file is no error. */
export async function touch(file: string): Promise<void> {
  const now = new Date();
  await fs.utimes(file, now, now).catch(() => undefined);
}

export interface Eviction {
  /** Which files of the folder count toward the budget (by name), e.g. `*.json` but not a companion file. */
  counts: (name: string) => boolean;
  /** A file never removed (the one just written, which was checked to fit alone). */
  keep?: string;
  /** Removes a file's entry: the file itself and whatever belongs to it. Default: the file. */
  remove?: (name: string) => Promise<void>;
}

/** Removes the least recently used counted files of `dir` until their total size is at most `budget` bytes. */
export async function evictToBudget(dir: string, budget: number, how: Eviction): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const files = (
    await Promise.all(
      names.filter(how.counts).map(async (name) => {
        const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
        return stat?.isFile() ? { name, size: stat.size, used: stat.mtimeMs } : undefined;
      }),
    )
  ).filter((f) => f !== undefined);
  const remove = how.remove ?? ((name: string) => fs.rm(path.join(dir, name), { force: true }));
  let total = files.reduce((sum, f) => sum + f.size, 0);
  for (const f of files.sort((a, b) => a.used - b.used)) {
    if (total <= budget) break;
    if (f.name === how.keep) continue;
    await remove(f.name);
    total -= f.size;
  }
}
