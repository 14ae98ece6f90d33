// Turns deployment records into prepared contracts: chain id (the record's, else the network's), EVM address (a
// `0.0.x` id resolved through the mirror), build output and local sources. A record that cannot be prepared still
// yields an entry whose problem the user sees, rather than vanishing.
import { ApiError } from '../errors';
import type { DeploymentRecord } from '../deployments/record';
import type { BuildIndex } from './builds';
import { failureOf } from './exit-codes';
import { prepareContract, type PreparedContract } from './prepare';

export interface PrepareOptions {
  root: string;
  builds: BuildIndex;
  /** Chain of records that do not say theirs (settings without chainId never occur; Foundry/hardhat-deploy may). */
  defaultChainId: number;
  /** `0x…` or `0.0.x` → checksummed EVM address. */
  resolveAddress(address: string, signal?: AbortSignal): Promise<string>;
  signal?: AbortSignal;
}

export async function prepareRecords(records: readonly DeploymentRecord[], o: PrepareOptions): Promise<PreparedContract[]> {
  const out: PreparedContract[] = [];
  for (const record of records) {
    const chainId = String(record.chainId ?? o.defaultChainId);
    let address: string;
    try {
      address = await o.resolveAddress(record.address, o.signal);
    } catch (err) {
      if (!(err instanceof ApiError) || err.kind === 'cancelled') throw err;
      const failure = failureOf(err);
      out.push({
        target: { record, address: record.address, chainId },
        sources: [],
        problem: `Cannot resolve ${record.address}: ${err.message}`,
        ...(failure ? { failure } : {}),
      });
      continue;
    }
    out.push(await prepareContract(o.root, o.builds, { record, address, chainId }));
  }
  return out;
}
