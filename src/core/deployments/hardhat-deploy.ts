// hardhat-deploy v1: `deployments/<network>/<Name>.json` with `address`, `transactionHash`, the solc `metadata` as a
// string, and `deployments/<network>/.chainId` holding the chain id as text.
import { join } from 'node:path';
import { z } from 'zod';
import { BUILD_OUTPUT_BYTES, type WorkspaceFolder } from '../workspace/confined-fs';
import { lenient, nonEmptyText, readAs } from '../workspace/workspace-json';
import { fileRecord, type DeploymentRecord } from './record';

const deployFile = z.object({
  address: nonEmptyText,
  transactionHash: nonEmptyText,
  receipt: lenient(z.object({ transactionHash: nonEmptyText })),
  /** The solc metadata, as text. */
  metadata: nonEmptyText,
});

export async function hardhatDeployRecords(ws: WorkspaceFolder): Promise<DeploymentRecord[]> {
  const base = join(ws.root, 'deployments');
  const out: DeploymentRecord[] = [];
  for (const network of (await ws.listDirs(base)).sort()) {
    const dir = join(base, network);
    const chainText = (await ws.optionalText(join(dir, '.chainId'), BUILD_OUTPUT_BYTES))?.trim();
    const chainId = chainText && /^\d+$/.test(chainText) ? Number(chainText) : undefined;
    for (const name of (await ws.listFiles(dir)).filter((f) => f.endsWith('.json') && !f.startsWith('.')).sort()) {
      const file = join(dir, name);
      const parsed = await ws.optionalJson(file);
      const d = readAs(deployFile, parsed?.json);
      const address = d?.address;
      if (!parsed || !address) continue;
      const creatorTxHash = d.transactionHash ?? d.receipt?.transactionHash;
      const metadata = d.metadata;
      out.push(
        fileRecord('hardhat-deploy', file, parsed.text, {
          name: name.slice(0, -'.json'.length),
          address,
          chainId,
          creatorTxHash,
          metadata,
        }),
      );
    }
  }
  return out;
}
