// `npm start`: build, start the reference mirror and verifier on free ports, copy the sample workspace pointed at
// them, and open a real VS Code on it with this extension: desktop VS Code (`code --extensionDevelopmentPath`, the
// dev build) when `code` is on PATH, otherwise code-server (installed by scripts/vscode-real/install.sh) with a
// freshly packaged VSIX. Prints only what the user needs: where to open it, how to reach it, how to stop.
// Ctrl-C stops everything it started.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { require as load } from 'tsx/cjs/api';

const helper = (name) => load(`./vscode-real/${name}.ts`, import.meta.url);
const { isStopping, runMain, startProcess } = helper('processes');
const { ensureTools, projectRoot } = helper('tools');
const { buildBundles, packageVsix } = helper('build');
const { startSession } = helper('session');
const { createProfile, installVsix, startCodeServer, workbenchUrl } = helper('code-server');
const { SAMPLE } = load('../servers/mirror/sample.ts', import.meta.url);
const { sampleTransactions } = load('./sample-transactions.ts', import.meta.url);

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

/** Every sample transaction the mirror serves (the walkthrough's "Find the sample transactions" shows the same). */
const samples = () => sampleTransactions().map((s) => `  ${s.name.padEnd(19)} ${s.transactionId}  ${s.shows}`);

const servers = (session) => {
  const revert = session.traceCases.find((c) => c.name === 'revert-error') ?? session.traceCases[0];
  return [
    'Sample transactions (the same table is in the walkthrough, "Find the sample transactions"):',
    ...samples(),
    '',
    `  Reference mirror:    ${session.mirrorUrl}   (Hedera mirror node REST + web3, sample tokens and traces)`,
    `  Reference verifier:  ${session.verifierUrl}   (Sourcify)`,
    `  Sample workspace:    ${session.workspace}`,
    '',
    'Try (the Get Started walkthrough in VS Code goes through these):',
    `  Ledger Mirror: Show Token…          ${SAMPLE.fungible} (fungible, with history), ${SAMPLE.nft} (NFT with royalty fees)`,
    ...(revert ? [`  Ledger Mirror: Open Opcode Trace…   ${revert.transactionId} (${revert.name}), then Alt+X for its REVERT`] : []),
    '  Ledger Mirror: Verify Contract…     deployments/local/Caller.json verifies',
  ];
};

async function desktop(code) {
  console.log('Building the extension…');
  buildBundles();
  const session = await startSession('start', { verifier: true, sampleDeployments: true });
  console.log(
    ['', 'Opening VS Code with Ledger Mirror (development build) on the sample workspace.', '', ...servers(session), ''].join('\n'),
  );
  // --wait keeps this process (and so the mirror) alive until the window is closed.
  const vscode = startProcess(code, ['--new-window', '--wait', `--extensionDevelopmentPath=${projectRoot}`, session.workspace], {
    stdio: 'inherit',
  });
  console.log('To stop: close the VS Code window, or press Ctrl-C here (stops the mirror and the verifier).');
  return new Promise((resolve) => vscode.once('exit', (status) => resolve(status ?? 0)));
}

async function browser() {
  console.log('No desktop VS Code (`code`) on PATH: starting VS Code for the browser (code-server) instead.');
  const tools = ensureTools();
  console.log('Packaging the extension…');
  const vsix = packageVsix({ quiet: true });
  const session = await startSession('start', { verifier: true, sampleDeployments: true });
  const profile = createProfile(join(session.dir, 'profile'));
  await installVsix(tools, profile, vsix);
  const server = await startCodeServer(tools, { profile, logFile: join(session.logDir, 'code-server.log') });
  const url = workbenchUrl(server.url, session.workspace);
  const { port } = new URL(server.url);
  console.log(
    [
      '',
      `Ledger Mirror is running in VS Code for the browser (code-server ${tools.codeServerVersion}). Open:`,
      '',
      `  ${url}`,
      '',
      ...servers(session),
      '',
      `code-server listens on 127.0.0.1 only, without a password. From another machine, forward the port over SSH:`,
      `  ssh -N -L ${port}:127.0.0.1:${port} <user>@<this machine>`,
      'and open the same URL in a browser there.',
      '',
      'To stop: press Ctrl-C here (stops code-server, the mirror and the verifier).',
    ].join('\n'),
  );
  const status = await server.exited;
  if (!isStopping()) console.log(`code-server exited (${status}); log: ${server.logFile}`);
  return status ?? 1;
}

runMain('start', () => {
  const code = onPath('code');
  return code ? desktop(code) : browser();
});
