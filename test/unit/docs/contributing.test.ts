// CONTRIBUTING.md cannot drift from the code again: every path it names (in code spans, links, the architecture tree
// and the diagrams' labels) exists. A path in a diagram or in a section about one folder may be written relative to
// src/ (`core/http.ts`) or to a folder named earlier on the same line.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { namedPaths } from './named-paths';

/** Where a path with folders may be rooted besides the folders named before it. */
const ROOTS = ['', 'src/'];
/** What runs write (git-ignored), which a fresh clone does not have. */
const GENERATED = /^(?:out|\.cache|dist)\/|^failure\.png$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [e.name]));
}
/** File names anywhere in the project's code: a bare name (`row-cache.ts`) in prose names one of them. */
const known = new Set(['src', 'servers', 'scripts', 'test', 'bench'].flatMap(files));
const exists = (path: string, near: string[]) =>
  GENERATED.test(path) ||
  (path.includes('/') ? [...near, ...ROOTS].some((root) => existsSync(root + path)) : known.has(basename(path)) || existsSync(path));

describe('CONTRIBUTING.md: every path it names exists', () => {
  const named = namedPaths('CONTRIBUTING.md');

  it('names the source folders and the files its diagrams are about', () => {
    for (const folder of ['src/core/', 'src/extension/', 'src/webview/', 'src/shared/', 'src/debug/', 'src/cli/']) {
      assert.ok(
        named.some((p) => p.path === folder),
        `the architecture tree leaves out ${folder}`,
      );
    }
    assert.ok(named.length > 100, `only ${named.length} paths found: is the extraction broken?`);
  });

  it('names no file or folder that does not exist', () => {
    const missing = named.filter(({ path, near }) => !exists(path, near));
    assert.deepEqual(
      missing.map((m) => `line ${m.line}: ${m.path}`),
      [],
    );
  });
});
