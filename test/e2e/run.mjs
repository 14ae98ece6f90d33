// `npm run test:e2e [-- --grep <pattern>]`: the real-browser scenarios (test/e2e/**/*.e2e.ts). Packages the VSIX
// (`npm run package`), installs it into a fresh code-server profile, starts code-server and the reference mirror,
// then runs the scenarios with mocha; test/e2e/harness.ts opens the workbench for them. The exit code is mocha's.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { require as load } from 'tsx/cjs/api';

const helper = (name) => load(`../../scripts/vscode-real/${name}.ts`, import.meta.url);
const { isStopping, runMain, startProcess } = helper('processes');
const { ensureTools, projectRoot } = helper('tools');
const { packageVsix } = helper('build');
const { startSession } = helper('session');
const { createProfile, installVsix, startCodeServer } = helper('code-server');
const { E2E_ENV } = load('./harness-env.ts', import.meta.url);

const { values } = parseArgs({ options: { grep: { type: 'string' } } });

runMain('test:e2e', async () => {
  const vsix = packageVsix();
  const tools = ensureTools();
  const session = await startSession('e2e');
  const profile = createProfile(join(session.dir, 'profile'));
  await installVsix(tools, profile, vsix);
  // No smoke-test driver here: it would hide notification toasts, which scenarios look at.
  const server = await startCodeServer(tools, { profile, logFile: join(session.logDir, 'code-server.log') });
  const mocha = startProcess(
    process.execPath,
    [
      '--import',
      'tsx',
      join(projectRoot, 'node_modules/mocha/bin/mocha.js'),
      '--no-config',
      '--timeout',
      '120000',
      '--exit',
      ...(values.grep ? ['--grep', values.grep] : []),
      'test/e2e/**/*.e2e.ts',
    ],
    {
      cwd: projectRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        [E2E_ENV.codeServerUrl]: server.url,
        [E2E_ENV.mirrorUrl]: session.mirrorUrl,
        [E2E_ENV.chromium]: tools.chromium,
        [E2E_ENV.tmpDir]: session.dir,
      },
    },
  );
  const code = await new Promise((resolve) => mocha.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  if (code !== 0 && !isStopping()) console.log(`test:e2e: screenshots in out/screenshots/, code-server log ${server.logFile}`);
  return code;
});
