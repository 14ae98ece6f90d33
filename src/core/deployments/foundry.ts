// Foundry: `broadcast/<Script>/<chainId>/<sig>-latest.json` (run-latest.json for `run()`). CREATE/CREATE2
// transactions name the contract, its address and the creating tx; contracts a factory deployed in that tx appear in
// `additionalContracts`. Simulations under `dry-run/` never reached a chain and are ignored.
import { join } from 'node:path';
import type { WorkspaceFolder } from '../workspace/confined-fs';
import { fileRecord, nonEmptyString as str, type DeploymentRecord } from './record';

interface BroadcastTx {
  hash?: unknown;
  transactionType?: unknown;
  contractName?: unknown;
  contractAddress?: unknown;
  additionalContracts?: Array<{ contractName?: unknown; address?: unknown }>;
}

const LATEST = /(?:^|\/)(\d+)\/[^/]+-latest\.json$/;

export async function foundryRecords(ws: WorkspaceFolder): Promise<DeploymentRecord[]> {
  const files = await ws.walkFiles(join(ws.root, 'broadcast'), (rel) => LATEST.test(rel), new Set(['dry-run']));
  const out: DeploymentRecord[] = [];
  for (const file of files) {
    const parsed = await ws.optionalJson(file);
    const body = parsed?.json as { transactions?: BroadcastTx[]; chain?: unknown } | undefined;
    if (!parsed || !Array.isArray(body?.transactions)) continue;
    const pathChain = LATEST.exec(file.split('\\').join('/'))?.[1];
    const chainId = typeof body.chain === 'number' ? body.chain : pathChain ? Number(pathChain) : undefined;
    const seen = new Set<string>();
    const add = (name: string | undefined, address: string | undefined, creatorTxHash: string | undefined) => {
      if (!address || seen.has(address.toLowerCase())) return;
      seen.add(address.toLowerCase());
      out.push(fileRecord('foundry', file, parsed.text, { name, address, chainId, creatorTxHash }));
    };
    for (const tx of body.transactions) {
      const hash = str(tx.hash);
      if (tx.transactionType === 'CREATE' || tx.transactionType === 'CREATE2') add(str(tx.contractName), str(tx.contractAddress), hash);
      for (const extra of tx.additionalContracts ?? []) add(str(extra.contractName), str(extra.address), hash);
    }
  }
  return out;
}
