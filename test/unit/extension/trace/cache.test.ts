// The raw-trace cache: keys, entries, file references and least-recently-used eviction by size, on a real temp dir.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheKey, TraceCache, type CacheEntry } from '../../../../src/extension/trace/cache';

const parts = { stack: true, memory: false, storage: false };

describe('stepper: raw trace cache', () => {
  let dir: string;
  let max: number;
  let cache: TraceCache;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stepper-cache-'));
    max = 1000;
    cache = new TraceCache(dir, () => max);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A body of `size` bytes, committed, last used `age` seconds ago. */
  async function put(tx: string, size: number, age: number, committed?: (cached: boolean) => void): Promise<CacheEntry> {
    const entry = { key: cacheKey('testnet', tx, parts), transaction: tx, network: 'testnet', parts };
    const body = await cache.bodyPath(entry.key);
    writeFileSync(body, 'x'.repeat(size));
    const t = Date.now() / 1000 - age;
    utimesSync(body, t, t);
    const cached = await cache.commit(entry);
    committed?.(cached);
    return entry;
  }

  it('makes file-name-safe keys that differ by network, transaction and parts', () => {
    const a = cacheKey('testnet', '0x' + 'ab'.repeat(32), parts);
    assert.match(a, /^[A-Za-z0-9._~-]+$/);
    assert.notEqual(a, cacheKey('mainnet', '0x' + 'ab'.repeat(32), parts));
    assert.notEqual(a, cacheKey('testnet', '0x' + 'ab'.repeat(32), { ...parts, memory: true }));
    assert.equal(cacheKey('x', '../../etc/passwd', parts).includes('/'), false);
  });

  it('finds a committed body with its entry, and nothing for an unknown key', async () => {
    const e = await put('0.0.2-1-000000001', 10, 0);
    const found = await cache.locate(e.key);
    assert.deepEqual(found?.entry, e);
    assert.equal(found?.body, join(dir, `${e.key}.json`));
    assert.equal(await cache.locate(cacheKey('testnet', 'other', parts)), undefined);
  });

  it('evicts the least recently used bodies once the total passes the limit, never the newest', async () => {
    const old = await put('0.0.2-1-000000001', 400, 300);
    const used = await put('0.0.2-1-000000002', 400, 200);
    await cache.locate(used.key); // using it makes it the most recent of the two
    const fresh = await put('0.0.2-1-000000003', 400, 0);
    assert.equal(await cache.locate(old.key), undefined);
    assert.ok(await cache.locate(used.key));
    assert.ok(await cache.locate(fresh.key));
    max = 0;
    await cache.evict(fresh.key);
    assert.equal(await cache.locate(used.key), undefined);
    assert.ok(await cache.locate(fresh.key), 'the trace being shown stays');
  });

  it('keeps no body larger than the whole cache (commit says so), and evicts nothing for it', async () => {
    assert.equal(cache.maxBodyBytes, max);
    const kept = await put('0.0.2-1-000000001', 600, 10);
    let cached: boolean | undefined;
    const huge = await put('0.0.2-1-000000002', max + 1, 0, (c) => (cached = c));
    assert.equal(cached, false);
    assert.equal(await cache.locate(huge.key), undefined);
    assert.equal(existsSync(join(dir, `${huge.key}.json`)), false, 'the body is deleted');
    assert.ok(await cache.locate(kept.key), 'nothing else was evicted for it');
    await put('0.0.2-1-000000003', max, 0, (c) => (cached = c));
    assert.equal(cached, true, 'a body the size of the cache fits');
  });

  it('remembers a trace file by path without copying it, and forgets it when the file is gone', async () => {
    const file = join(dir, 'saved.json');
    writeFileSync(file, '{}');
    const key = cacheKey('file', file, parts);
    await cache.commit({ key, transaction: '', network: 'file', parts, file });
    assert.equal((await cache.locate(key))?.body, file);
    assert.equal(existsSync(join(dir, `${key}.json`)), false);
    rmSync(file);
    assert.equal(await cache.locate(key), undefined);
  });

  it('refuses a key that could leave the cache folder', async () => {
    await assert.rejects(cache.bodyPath('../x'), /Bad trace cache key/);
  });

  it("reads an entry file that is not an entry (edited on disk, or another key's) as no entry", async () => {
    const entry = await put('0xaa', 10, 0);
    writeFileSync(join(dir, `${entry.key}.meta.json`), JSON.stringify({ ...entry, parts: { stack: 'yes' } }));
    assert.equal(await cache.locate(entry.key), undefined);
    writeFileSync(join(dir, `${entry.key}.meta.json`), JSON.stringify({ ...entry, key: 'other' }));
    assert.equal(await cache.entry(entry.key), undefined);
    writeFileSync(join(dir, `${entry.key}.meta.json`), JSON.stringify(entry));
    assert.deepEqual((await cache.entry(entry.key))?.parts, parts);
  });
});
