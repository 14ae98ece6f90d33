// What every launcher needs around VS Code: a temp dir, the reference mirror on a free port, and a copy of the
// sample workspace pointed at it. All of it goes away with the launcher's cleanup.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvmTraceProvider } from '../../servers/mirror/evm/index';
import { startMirror } from '../../servers/mirror/server';
import { startVerifier } from '../../servers/verifier/server';
import { submitV2 } from '../../servers/verifier/submit-v2';
import { onCleanup } from './processes';
import { writeSampleDeployments } from './sample-deployments';
import { copySampleWorkspace } from './sample-workspace';
import { projectRoot } from './tools';

export interface Session {
  /** Temp dir for profiles, workspaces and sockets; removed at the end. */
  dir: string;
  /** out/logs/<name>: code-server logs, kept for a look after a failure. */
  logDir: string;
  mirrorUrl: string;
  /** The reference verifier, when the session was asked for one. */
  verifierUrl?: string;
  /** A copy of test/vscode/workspace whose settings point at `mirrorUrl` (and `verifierUrl`). */
  workspace: string;
  /** The mirror's sample traces, by case name, for the launcher to suggest. */
  traceCases: { name: string; transactionId: string }[];
}

/**
 * `verifier`: also start the reference verifier against that mirror and point the workspace at it (`npm start`;
 * the verification tests start their own, with the faults they need). `sampleDeployments`: record more deployed
 * contracts in the workspace (`npm start`; see sample-deployments.ts).
 */
export async function startSession(name: string, { verifier = false, sampleDeployments = false } = {}): Promise<Session> {
  const dir = mkdtempSync(join(tmpdir(), `ledger-mirror-${name}-`));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const logDir = join(projectRoot, 'out/logs', name);
  mkdirSync(logDir, { recursive: true });
  // With the EVM trace generator, as `npm run mirror` starts it: tokens and real opcode traces.
  const traces = await createEvmTraceProvider();
  const mirror = await startMirror({ port: 0, traces });
  onCleanup(() => mirror.close());
  let verifierUrl: string | undefined;
  if (verifier) {
    const running = await startVerifier({ mirrorUrl: mirror.url });
    onCleanup(() => running.close());
    verifierUrl = running.url;
    // Another team's contract, verified before the user arrives: its trace has sources only on the verifier. 298 is
    // the chain a custom mirror stands for (core/networks.ts).
    for (const c of traces.external) await submitV2(running.url, '298', c.address, c.identifier, c.input);
  }
  const settings = { 'ledgerMirror.mirrorUrl': mirror.url, ...(verifierUrl && { 'ledgerMirror.verify.url': verifierUrl }) };
  const traceCases = traces.cases.map(({ name, transactionId }) => ({ name, transactionId }));
  const workspace = await copySampleWorkspace(join(dir, 'workspace'), settings);
  // npm start: more deployed contracts, with successful and failed transactions, for the Contracts view.
  if (sampleDeployments) writeSampleDeployments(workspace, (name) => traces.cases.find((c) => c.name === name)?.address);
  return { dir, logDir, mirrorUrl: mirror.url, verifierUrl, traceCases, workspace };
}
