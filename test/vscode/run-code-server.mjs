// `npm run test:vscode [-- --grep <pattern>] [--no-build]`: runs test/vscode/**/*.test.ts with mocha inside the
// real node extension host of code-server (see scripts/vscode-real/). The extension loads from this folder
// (extensionDevelopmentPath, dev build); the workspace is a temp copy of test/vscode/workspace pointed at a
// reference mirror started here. Prints mocha's output; the exit code is the suite's.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { require as load } from 'tsx/cjs/api';

const helper = (name) => load(`../../scripts/vscode-real/${name}.ts`, import.meta.url);
const { isStopping, runMain } = helper('processes');
const { ensureTools, projectRoot } = helper('tools');
const { buildBundles } = helper('build');
const { startSession } = helper('session');
const { createProfile, remoteUri, startCodeServer, workbenchUrl } = helper('code-server');
const { launchBrowser } = helper('browser');
const { runExtensionTests } = helper('extension-tests');

const { values } = parseArgs({ options: { grep: { type: 'string' }, 'no-build': { type: 'boolean' } } });
const SUITE_TIMEOUT_MS = 8 * 60_000;

runMain('test:vscode', async () => {
  if (!values['no-build']) buildBundles();
  const tools = ensureTools();
  // With the reference verifier (another team's contract verified there), for the verified-sources tests.
  const session = await startSession('vscode-suite', { verifier: true });
  const server = await startCodeServer(tools, {
    profile: createProfile(join(session.dir, 'profile')),
    logFile: join(session.logDir, 'code-server.log'),
    smokeTestDriver: true,
  });
  const environment = {
    LEDGER_MIRROR_TEST_MIRROR_URL: session.mirrorUrl,
    LEDGER_MIRROR_TEST_VERIFIER_URL: session.verifierUrl,
    ...(values.grep && { LEDGER_MIRROR_TEST_GREP: values.grep }),
  };
  const url = workbenchUrl(server.url, session.workspace, [
    ['extensionDevelopmentPath', remoteUri(server.url, projectRoot)],
    ['extensionTestsPath', remoteUri(server.url, join(projectRoot, 'dist-test/vscode/index.js'))],
    ['extensionEnvironment', JSON.stringify(environment)],
  ]);
  const browser = await launchBrowser(tools.chromium, session.dir);
  const failureShot = async () => {
    const path = join(session.logDir, 'failure.png');
    await browser.page.screenshot({ path }).catch(() => undefined);
    console.log(`test:vscode: screenshot ${path}, code-server log ${server.logFile}`);
  };
  const code = await runExtensionTests(browser.page, url, SUITE_TIMEOUT_MS, join(session.logDir, 'workbench.log')).catch(async (error) => {
    if (!isStopping()) await failureShot();
    throw error;
  });
  if (code !== 0) await failureShot();
  return code;
});
