// Foundry: `broadcast/<Script>/<chainId>/<sig>-latest.json` (run-latest.json for `run()`). CREATE/CREATE2
// transactions name the contract, its address and the creating tx; contracts a factory deployed in that tx appear in
// `additionalContracts`. Simulations under `dry-run/` never reached a chain and are ignored.
import { join } from 'node:path';
import { z } from 'zod';
import type { WorkspaceFolder } from '../workspace/confined-fs';
import { kept, lenient, nonEmptyText, readAs } from '../workspace/workspace-json';
import { fileRecord, type DeploymentRecord } from './record';

const contract = z.object({ contractName: nonEmptyText, address: nonEmptyText });
const broadcastTx = z.object({
  hash: nonEmptyText,
  transactionType: lenient(z.string()),
  contractName: nonEmptyText,
  contractAddress: nonEmptyText,
  /** Contracts a factory deployed in the transaction. */
  additionalContracts: lenient(kept(contract)),
});
const broadcast = z.object({ transactions: kept(broadcastTx), chain: lenient(z.number()) });

const LATEST = /(?:^|\/)(\d+)\/[^/]+-latest\.json$/;

export async function foundryRecords(ws: WorkspaceFolder): Promise<DeploymentRecord[]> {
  const files = await ws.walkFiles(join(ws.root, 'broadcast'), (rel) => LATEST.test(rel), new Set(['dry-run']));
  const out: DeploymentRecord[] = [];
  for (const file of files) {
    const parsed = await ws.optionalJson(file);
    const body = readAs(broadcast, parsed?.json);
    if (!parsed || !body) continue;
    const pathChain = LATEST.exec(file.split('\\').join('/'))?.[1];
    const chainId = body.chain ?? (pathChain ? Number(pathChain) : undefined);
    const seen = new Set<string>();
    const add = (name: string | undefined, address: string | undefined, creatorTxHash: string | undefined) => {
      if (!address || seen.has(address.toLowerCase())) return;
      seen.add(address.toLowerCase());
      out.push(fileRecord('foundry', file, parsed.text, { name, address, chainId, creatorTxHash }));
    };
    for (const tx of body.transactions) {
      if (tx.transactionType === 'CREATE' || tx.transactionType === 'CREATE2') add(tx.contractName, tx.contractAddress, tx.hash);
      for (const extra of tx.additionalContracts ?? []) add(extra.contractName, extra.address, tx.hash);
    }
  }
  return out;
}
