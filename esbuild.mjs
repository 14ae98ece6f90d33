// Builds the shipped bundles: extension host (node/cjs), webview (browser/iife), CLI and debug adapter (node/cjs).
// Test bundles for the in-VS-Code suite are built here too, into dist-test/, which the VSIX excludes.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { vscodeTestFiles } from './scripts/vscode-real/esbuild-test-files.mjs';

const production = process.argv.includes('--production');
const common = { bundle: true, sourcemap: production ? false : 'linked', sourcesContent: false, minify: production, logLevel: 'warning' };

const builds = [
  { entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] },
  // The trace decoder's worker thread, loaded from beside the extension and CLI bundles (src/core/trace/decode-stream.ts).
  { entryPoints: ['src/core/trace/trace-worker.ts'], outfile: 'dist/trace-worker.js', platform: 'node', format: 'cjs', target: 'node20' },
  // The enum parser's worker thread (src/core/build-output/enum-reader.ts), beside the same bundles.
  { entryPoints: ['src/core/build-output/enum-worker.ts'], outfile: 'dist/enum-worker.js', platform: 'node', format: 'cjs', target: 'node20' },
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', target: 'node20', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['src/debug/main.ts'], outfile: 'dist/debug-adapter.js', platform: 'node', format: 'cjs', target: 'node20', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['src/webview/trace/main.ts'], outfile: 'dist/webview/trace.js', platform: 'browser', format: 'iife', target: 'es2022', loader: { '.ttf': 'file' }, assetNames: '[name]' },
  { entryPoints: ['test/vscode/index.ts'], outfile: 'dist-test/vscode/index.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode', 'mocha'], plugins: [vscodeTestFiles('test/vscode')] },
].filter((b) => existsSync(b.entryPoints[0]));

await Promise.all(builds.map((b) => esbuild.build({ ...common, ...b })));
