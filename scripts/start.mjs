// `npm start`: build, start the reference mirror on a free port, copy the sample workspace pointed at it, and open
// a real VS Code on it with this extension: desktop VS Code (`code --extensionDevelopmentPath`, the dev build) when
// `code` is on PATH, otherwise code-server (installed by scripts/vscode-real/install.sh) with a freshly packaged
// VSIX, whose URL is printed. Ctrl-C stops everything it started.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { require as load } from 'tsx/cjs/api';

const helper = (name) => load(`./vscode-real/${name}.ts`, import.meta.url);
const { isStopping, runMain, startProcess } = helper('processes');
const { ensureTools, projectRoot } = helper('tools');
const { buildBundles, packageVsix } = helper('build');
const { startSession } = helper('session');
const { createProfile, installVsix, startCodeServer, workbenchUrl } = helper('code-server');

function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return join(dir, command);
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

async function desktop(code) {
  buildBundles();
  const session = await startSession('start', { verifier: true });
  console.log(`Reference mirror: ${session.mirrorUrl}\nReference verifier: ${session.verifierUrl}\nWorkspace: ${session.workspace}`);
  // --wait keeps this process (and so the mirror) alive until the window is closed.
  const vscode = startProcess(code, ['--new-window', '--wait', `--extensionDevelopmentPath=${projectRoot}`, session.workspace], { stdio: 'inherit' });
  console.log('Close the VS Code window or press Ctrl-C to stop the reference mirror.');
  return new Promise((resolve) => vscode.once('exit', (status) => resolve(status ?? 0)));
}

async function browser() {
  const tools = ensureTools();
  const vsix = packageVsix();
  const session = await startSession('start', { verifier: true });
  const profile = createProfile(join(session.dir, 'profile'));
  await installVsix(tools, profile, vsix);
  const server = await startCodeServer(tools, { profile, logFile: join(session.logDir, 'code-server.log') });
  console.log([
    '',
    `Reference mirror: ${session.mirrorUrl}`,
    `Reference verifier: ${session.verifierUrl}`,
    `VS Code (code-server ${tools.codeServerVersion}) with Ledger Mirror, on the sample workspace:`,
    '',
    `  ${workbenchUrl(server.url, session.workspace)}`,
    '',
    'Press Ctrl-C to stop code-server, the mirror and the verifier.',
  ].join('\n'));
  const status = await server.exited;
  if (!isStopping()) console.log(`code-server exited (${status}); log: ${server.logFile}`);
  return status ?? 1;
}

runMain('start', () => {
  const code = onPath('code');
  return code ? desktop(code) : browser();
});
