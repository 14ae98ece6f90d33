// One client per server: the mirror's endpoints are spelled only in src/core/mirror/, so a new endpoint is a method
// of the client (with its schema) and not a URL built where it is needed.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { MIRROR_PATHS } from '../../../../src/core/mirror/paths';

const PREFIX = '/api/v1/';
const HOME = join('src', 'core', 'mirror') + sep;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('the mirror client', () => {
  it('is the only place in src/ that spells the mirror API prefix', () => {
    const files = sourceFiles('src');
    assert.ok(files.length > 100, `found only ${files.length} source files`);
    const spelling = files.filter((file) => !relative('.', file).startsWith(HOME) && readFileSync(file, 'utf8').includes(PREFIX));
    assert.deepEqual(spelling, [], `build mirror URLs with core/mirror/client.ts, not in ${spelling.join(', ')}`);
  });

  it('builds every path under the prefix and roots it at the configured URL without doubling a slash', async () => {
    for (const [name, path] of Object.entries(MIRROR_PATHS)) assert.ok(path('x').startsWith(PREFIX), name);
    const http = new HttpClient();
    const client = new MirrorClient({ restUrl: 'https://m.example/prefix//', web3Url: 'https://w.example/' }, http);
    assert.equal(client.restUrl, 'https://m.example/prefix');
    assert.equal(
      client.opcodesUrl({ kind: 'hash', value: '0xab' }, { stack: true, memory: false, storage: true }),
      'https://w.example/api/v1/contracts/results/0xab/opcodes?stack=true&memory=false&storage=true',
    );
    await http.close();
  });
});
