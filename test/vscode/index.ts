// Mocha runner loaded by the extension host (extensionTestsPath): VS Code awaits run(); a rejection means failure.
// The test files come from the build (see scripts/vscode-real/esbuild-test-files.mjs), so every
// test/vscode/**/*.test.ts is included without being listed here.
import Mocha from 'mocha';
import testFiles from 'virtual:vscode-test-files';
import { SUITE_START_MARKER } from './suite-marker';

export async function run(): Promise<void> {
  console.log(SUITE_START_MARKER);
  const grep = process.env.LEDGER_MIRROR_TEST_GREP;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, ...(grep ? { grep } : {}) });
  // What mocha.loadFiles() does for files on disk: give each file the bdd globals (describe, it, ...) while it loads.
  for (const { file, load } of testFiles) {
    mocha.suite.emit('pre-require', globalThis, file, mocha);
    mocha.suite.emit('require', await load(), file, mocha);
    mocha.suite.emit('post-require', globalThis, file, mocha);
  }
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} test(s) failed`);
}
