// Where a worker thread's code is. Bundled (dist/cli.js, dist/extension.js, dist/debug-adapter.js), each worker is a
// bundle of its own beside them; the in-VS-Code test bundle (dist-test/vscode/) uses the ones in dist/. Run from the
// TypeScript sources (mocha with tsx), the worker runs its source entry with tsx loaded.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from './errors';

/**
 * @param entry the worker's source entry below src/core, without extension (`trace/trace-worker`); its bundle is
 *   dist/<base name>.js (esbuild.mjs).
 * @param what what the worker does, for the error when its bundle is missing.
 */
export function workerScript(entry: string, what: string): { code: string; eval: boolean } {
  if (__filename.endsWith('.ts')) {
    const source = JSON.stringify(join(__dirname, `${entry}.ts`));
    return { code: `require('tsx/cjs/api').register(); require(${source});`, eval: true };
  }
  const bundle = `${entry.split('/').pop()}.js`;
  for (const dir of [__dirname, join(__dirname, '..', '..', 'dist')]) {
    const file = join(dir, bundle);
    if (existsSync(file)) return { code: file, eval: false };
  }
  throw new ApiError('bad-response', `The ${what} is missing: no ${bundle} beside ${__filename}.`);
}
