// All deployments the workspace records, in the order the user expects them to win: the explicit setting first,
// then hardhat-deploy, Ignition and Foundry. The same chain and address found twice is kept once (the first).
import { WorkspaceFolder } from '../workspace/confined-fs';
import { foundryRecords } from './foundry';
import { hardhatDeployRecords } from './hardhat-deploy';
import { ignitionRecords } from './ignition';
import type { DeploymentRecord } from './record';
import { settingRecords } from './setting-records';

export interface Discovery {
  records: DeploymentRecord[];
  /** Bad setting entries, for a warning; records are still returned. */
  problems: string[];
}

export function recordKey(r: Pick<DeploymentRecord, 'chainId' | 'address'>): string {
  return `${r.chainId ?? '?'}:${r.address.toLowerCase()}`;
}

export async function discoverDeployments(root: string | undefined, settingValue: unknown): Promise<Discovery> {
  const fromSetting = settingRecords(settingValue);
  const ws = root === undefined ? undefined : new WorkspaceFolder(root);
  const fromFiles = ws ? await Promise.all([hardhatDeployRecords(ws), ignitionRecords(ws), foundryRecords(ws)]) : [];
  const seen = new Set<string>();
  const records = [fromSetting.records, ...fromFiles].flat().filter((r) => {
    const key = recordKey(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { records, problems: fromSetting.problems };
}
