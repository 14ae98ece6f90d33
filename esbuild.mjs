// Builds the shipped bundles: extension host (node/cjs), webview (browser/iife), CLI and debug adapter (node/cjs).
// Test bundles for the in-VS-Code suite are built here too, into dist-test/, which the VSIX excludes.
// `--watch` (npm run watch) rebuilds each bundle when its sources change, printing errors as `file:line:col: error: …`
// between `[watch] build started` / `[watch] build finished`, the lines .vscode/tasks.json's problem matcher reads.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { vscodeTestFiles } from './scripts/vscode-real/esbuild-test-files.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const common = { bundle: true, sourcemap: production ? false : 'linked', sourcesContent: false, minify: production, logLevel: 'warning' };

const builds = [
  { entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] },
  // The trace decoder's worker thread, loaded from beside the extension and CLI bundles (src/core/trace/decode-stream.ts).
  { entryPoints: ['src/core/trace/trace-worker.ts'], outfile: 'dist/trace-worker.js', platform: 'node', format: 'cjs', target: 'node20' },
  // The enum parser's worker thread (src/core/build-output/enum-reader.ts), beside the same bundles.
  { entryPoints: ['src/core/build-output/enum-worker.ts'], outfile: 'dist/enum-worker.js', platform: 'node', format: 'cjs', target: 'node20' },
  // The replay's worker thread (src/core/replay/replay-runner.ts): the EVM and solc load only here. solc (GPL-3.0) is
  // not bundled into this Apache-2.0 project's output: it is required at run time from the installed `solc` package.
  { entryPoints: ['src/core/replay/replay-worker.ts'], outfile: 'dist/replay-worker.js', platform: 'node', format: 'cjs', target: 'node20', external: ['solc'] },
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', target: 'node20', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['src/debug/main.ts'], outfile: 'dist/debug-adapter.js', platform: 'node', format: 'cjs', target: 'node20', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['src/webview/trace/main.ts'], outfile: 'dist/webview/trace.js', platform: 'browser', format: 'iife', target: 'es2022', loader: { '.ttf': 'file' }, assetNames: '[name]' },
  { entryPoints: ['test/vscode/index.ts'], outfile: 'dist-test/vscode/index.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode', 'mocha'], plugins: [vscodeTestFiles('test/vscode')] },
].filter((b) => existsSync(b.entryPoints[0]));

/** Reports rebuilds in the form the watch task's problem matcher reads: one started/finished pair while any bundle builds. */
let building = 0;
const watchReport = {
  name: 'watch-report',
  setup(build) {
    build.onStart(() => {
      if (building++ === 0) console.log('[watch] build started');
    });
    build.onEnd(({ errors, warnings }) => {
      for (const [kind, list] of [['error', errors], ['warning', warnings]]) {
        for (const { text, location: at } of list) console.error(at ? `${at.file}:${at.line}:${at.column + 1}: ${kind}: ${text}` : `esbuild: ${kind}: ${text}`);
      }
      if (--building === 0) console.log('[watch] build finished');
    });
  },
};

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context({ ...common, ...b, logLevel: 'silent', plugins: [...(b.plugins ?? []), watchReport] })));
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  await Promise.all(builds.map((b) => esbuild.build({ ...common, ...b })));
}
