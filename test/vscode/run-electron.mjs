// `npm run test:electron`: the same in-VS-Code suite (dist-test/vscode/index.js) in desktop VS Code through
// @vscode/test-electron, for machines that can download VS Code. Where the download server cannot be reached,
// it stops with one line saying so; `npm run test:vscode` runs the suite in code-server instead.
import { join } from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { require as load } from 'tsx/cjs/api';

const helper = (name) => load(`../../scripts/vscode-real/${name}.ts`, import.meta.url);
const { runMain } = helper('processes');
const { projectRoot } = helper('tools');
const { startSession } = helper('session');

runMain('test:electron', async () => {
  const vscodeExecutablePath = await downloadAndUnzipVSCode({ timeout: 20_000 }).catch((error) => {
    throw new Error(`cannot download VS Code (${error.message.split('\n')[0]}); run the suite in code-server with npm run test:vscode`);
  });
  const session = await startSession('electron');
  return runTests({
    vscodeExecutablePath,
    extensionDevelopmentPath: projectRoot,
    extensionTestsPath: join(projectRoot, 'dist-test/vscode/index.js'),
    extensionTestsEnv: { LEDGER_MIRROR_TEST_MIRROR_URL: session.mirrorUrl },
    launchArgs: [session.workspace, '--disable-extensions', '--user-data-dir', join(session.dir, 'user-data')],
  }).then(
    () => 0,
    () => 1,
  );
});
