// Hardhat Ignition: `ignition/deployments/<deployment id>/deployed_addresses.json` maps `Module#Future` to an address;
// `journal.jsonl` tells the chain (DEPLOYMENT_INITIALIZE), the contract name (DEPLOYMENT_EXECUTION_STATE_INITIALIZE)
// and the creation transaction (TRANSACTION_CONFIRM, whose receipt names the created address). The journal wins
// over the `chain-<id>` folder name, which is only Ignition's default deployment id.
import { join, resolve, dirname } from 'node:path';
import { parseBoundedJson } from '../workspace/bounded-json';
import { BUILD_OUTPUT_BYTES, type WorkspaceFolder } from '../workspace/confined-fs';
import { fileRecord, type DeploymentRecord } from './record';

interface JournalFacts {
  chainId?: number;
  contractName: Map<string, string>;
  /** futureId → creation tx hash */
  createdBy: Map<string, string>;
}

function readJournal(text: string | undefined): JournalFacts {
  const facts: JournalFacts = { contractName: new Map(), createdBy: new Map() };
  for (const line of (text ?? '').split('\n')) {
    if (!line.trim()) continue;
    let e: Record<string, unknown>;
    try {
      e = parseBoundedJson(line) as Record<string, unknown>;
    } catch {
      continue; // Ignition appends line by line; a torn last line is possible after a crash.
    }
    const futureId = typeof e.futureId === 'string' ? e.futureId : undefined;
    if (e.type === 'DEPLOYMENT_INITIALIZE' && typeof e.chainId === 'number') facts.chainId = e.chainId;
    if (e.type === 'DEPLOYMENT_EXECUTION_STATE_INITIALIZE' && futureId && typeof e.contractName === 'string')
      facts.contractName.set(futureId, e.contractName);
    const receipt = e.receipt as { contractAddress?: unknown } | undefined;
    if (e.type === 'TRANSACTION_CONFIRM' && futureId && typeof e.hash === 'string' && receipt?.contractAddress)
      facts.createdBy.set(futureId, e.hash);
  }
  return facts;
}

/** The build-info an Ignition artifact's `.dbg.json` points at, if present. */
async function buildInfoFor(ws: WorkspaceFolder, deploymentDir: string, futureId: string): Promise<string | undefined> {
  const dbgFile = join(deploymentDir, 'artifacts', `${futureId}.dbg.json`);
  const dbg = (await ws.optionalJson(dbgFile))?.json as { buildInfo?: unknown } | undefined;
  return typeof dbg?.buildInfo === 'string' ? resolve(dirname(dbgFile), dbg.buildInfo) : undefined;
}

export async function ignitionRecords(ws: WorkspaceFolder): Promise<DeploymentRecord[]> {
  const base = join(ws.root, 'ignition', 'deployments');
  const out: DeploymentRecord[] = [];
  for (const id of (await ws.listDirs(base)).sort()) {
    const dir = join(base, id);
    const file = join(dir, 'deployed_addresses.json');
    const parsed = await ws.optionalJson(file);
    if (!parsed || typeof parsed.json !== 'object' || parsed.json === null) continue;
    const journal = readJournal(await ws.optionalText(join(dir, 'journal.jsonl'), BUILD_OUTPUT_BYTES));
    const folderChain = /^chain-(\d+)$/.exec(id)?.[1];
    const chainId = journal.chainId ?? (folderChain ? Number(folderChain) : undefined);
    for (const [futureId, address] of Object.entries(parsed.json as Record<string, unknown>)) {
      if (typeof address !== 'string') continue;
      const creatorTxHash = journal.createdBy.get(futureId);
      const buildInfoFile = await buildInfoFor(ws, dir, futureId);
      const name = journal.contractName.get(futureId) ?? futureId.slice(futureId.indexOf('#') + 1);
      out.push(fileRecord('ignition', file, parsed.text, { name, address, chainId, creatorTxHash, buildInfoFile }));
    }
  }
  return out;
}
