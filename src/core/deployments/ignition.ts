// Hardhat Ignition: `ignition/deployments/<deployment id>/deployed_addresses.json` maps `Module#Future` to an address;
// `journal.jsonl` tells the chain (DEPLOYMENT_INITIALIZE), the contract name (DEPLOYMENT_EXECUTION_STATE_INITIALIZE)
// and the creation transaction (TRANSACTION_CONFIRM, whose receipt names the created address). The journal wins
// over the `chain-<id>` folder name, which is only Ignition's default deployment id.
import { join, resolve, dirname } from 'node:path';
import { z } from 'zod';
import { parseBoundedJson } from '../workspace/bounded-json';
import { BUILD_OUTPUT_BYTES, type WorkspaceFolder } from '../workspace/confined-fs';
import { lenient, nonEmptyText, readAs } from '../workspace/workspace-json';
import { fileRecord, type DeploymentRecord } from './record';

interface JournalFacts {
  chainId?: number;
  contractName: Map<string, string>;
  /** futureId → creation tx hash */
  createdBy: Map<string, string>;
}

/** One journal line: the fields read, each absent when it does not fit. */
const journalEntry = z.object({
  type: lenient(z.string()),
  futureId: nonEmptyText,
  chainId: lenient(z.number()),
  contractName: lenient(z.string()),
  hash: lenient(z.string()),
  receipt: lenient(z.object({ contractAddress: z.unknown().optional() })),
});
const deployedAddresses = z.record(z.string(), z.unknown());
const debugFile = z.object({ buildInfo: lenient(z.string()) });

function readJournal(text: string | undefined): JournalFacts {
  const facts: JournalFacts = { contractName: new Map(), createdBy: new Map() };
  for (const line of (text ?? '').split('\n')) {
    if (!line.trim()) continue;
    let e: z.output<typeof journalEntry> | undefined;
    try {
      e = readAs(journalEntry, parseBoundedJson(line));
    } catch {
      continue; // Ignition appends line by line; a torn last line is possible after a crash.
    }
    if (!e) continue;
    const { futureId } = e;
    if (e.type === 'DEPLOYMENT_INITIALIZE' && e.chainId !== undefined) facts.chainId = e.chainId;
    if (e.type === 'DEPLOYMENT_EXECUTION_STATE_INITIALIZE' && futureId && e.contractName !== undefined)
      facts.contractName.set(futureId, e.contractName);
    if (e.type === 'TRANSACTION_CONFIRM' && futureId && e.hash !== undefined && e.receipt?.contractAddress)
      facts.createdBy.set(futureId, e.hash);
  }
  return facts;
}

/** The build-info an Ignition artifact's `.dbg.json` points at, if present. */
async function buildInfoFor(ws: WorkspaceFolder, deploymentDir: string, futureId: string): Promise<string | undefined> {
  const dbgFile = join(deploymentDir, 'artifacts', `${futureId}.dbg.json`);
  const buildInfo = readAs(debugFile, (await ws.optionalJson(dbgFile))?.json)?.buildInfo;
  return buildInfo === undefined ? undefined : resolve(dirname(dbgFile), buildInfo);
}

export async function ignitionRecords(ws: WorkspaceFolder): Promise<DeploymentRecord[]> {
  const base = join(ws.root, 'ignition', 'deployments');
  const out: DeploymentRecord[] = [];
  for (const id of (await ws.listDirs(base)).sort()) {
    const dir = join(base, id);
    const file = join(dir, 'deployed_addresses.json');
    const parsed = await ws.optionalJson(file);
    const addresses = readAs(deployedAddresses, parsed?.json);
    if (!parsed || !addresses) continue;
    const journal = readJournal(await ws.optionalText(join(dir, 'journal.jsonl'), BUILD_OUTPUT_BYTES));
    const folderChain = /^chain-(\d+)$/.exec(id)?.[1];
    const chainId = journal.chainId ?? (folderChain ? Number(folderChain) : undefined);
    for (const [futureId, address] of Object.entries(addresses)) {
      if (typeof address !== 'string') continue;
      const creatorTxHash = journal.createdBy.get(futureId);
      const buildInfoFile = await buildInfoFor(ws, dir, futureId);
      const name = journal.contractName.get(futureId) ?? futureId.slice(futureId.indexOf('#') + 1);
      out.push(fileRecord('ignition', file, parsed.text, { name, address, chainId, creatorTxHash, buildInfoFile }));
    }
  }
  return out;
}
