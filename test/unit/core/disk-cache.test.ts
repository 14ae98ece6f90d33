// The disk-cache helper both caches use (raw traces, verified sources): whole-or-nothing writes, least recently used
// eviction within a budget that never removes the file just written, and a folder changing under it is no error.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evictToBudget, touch, writeAtomic } from '../../../src/core/disk-cache';

describe('core: disk cache', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'disk-cache-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A file of `size` bytes last used `age` seconds ago. */
  const put = (name: string, size: number, age: number) => {
    writeFileSync(join(dir, name), 'x'.repeat(size));
    const t = Date.now() / 1000 - age;
    utimesSync(join(dir, name), t, t);
  };

  it('writes whole or not at all: a failed write leaves the old file and no partial one', async () => {
    await writeAtomic(join(dir, 'a.json'), 'old');
    await writeAtomic(join(dir, 'a.json'), 'new');
    assert.equal(readFileSync(join(dir, 'a.json'), 'utf8'), 'new');
    // The target is a folder: the rename fails, the partial file is removed.
    mkdirSync(join(dir, 'b.json'));
    await assert.rejects(writeAtomic(join(dir, 'b.json'), 'data'));
    assert.deepEqual(readdirSync(dir).sort(), ['a.json', 'b.json']);
  });

  it('evicts the least recently used counted files until the budget holds, never the one kept', async () => {
    put('old.json', 400, 300);
    put('newest.json', 400, 0);
    put('middle.json', 400, 100);
    put('other.txt', 5000, 500);
    await evictToBudget(dir, 500, { counts: (n) => n.endsWith('.json'), keep: 'newest.json' });
    assert.deepEqual(readdirSync(dir).sort(), ['newest.json', 'other.txt']);
  });

  it('a touched file is the most recently used', async () => {
    put('a.json', 400, 300);
    put('b.json', 400, 100);
    await touch(join(dir, 'a.json'));
    await touch(join(dir, 'gone.json'));
    await evictToBudget(dir, 400, { counts: (n) => n.endsWith('.json') });
    assert.deepEqual(readdirSync(dir), ['a.json']);
  });

  it('a file removed while the folder is read, or a missing folder, is no error', async () => {
    put('a.json', 400, 300);
    put('b.json', 400, 100);
    const removed: string[] = [];
    await evictToBudget(dir, 0, {
      counts: (n) => {
        // Another window evicts b.json between the listing and its stat.
        if (n === 'a.json') rmSync(join(dir, 'b.json'), { force: true });
        return true;
      },
      remove: async (n) => void removed.push(n),
    });
    assert.deepEqual(removed, ['a.json']);
    await evictToBudget(join(dir, 'none'), 0, { counts: () => true });
  });
});
