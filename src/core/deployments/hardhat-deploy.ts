// hardhat-deploy v1: `deployments/<network>/<Name>.json` with `address`, `transactionHash`, the solc `metadata` as a
// string, and `deployments/<network>/.chainId` holding the chain id as text.
import { join } from 'node:path';
import { BUILD_OUTPUT_BYTES, type WorkspaceFolder } from '../workspace/confined-fs';
import { fileRecord, nonEmptyString as str, type DeploymentRecord } from './record';

interface HardhatDeployFile {
  address?: unknown;
  transactionHash?: unknown;
  receipt?: { transactionHash?: unknown };
  metadata?: unknown;
}

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
      const d = parsed?.json as HardhatDeployFile | undefined;
      const address = str(d?.address);
      if (!parsed || !address) continue;
      const creatorTxHash = str(d?.transactionHash) ?? str(d?.receipt?.transactionHash);
      const metadata = str(d?.metadata);
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
