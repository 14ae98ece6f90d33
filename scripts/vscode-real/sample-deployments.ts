// More deployed contracts for the sample workspace of `npm start` (and of the Contracts view's tests): hardhat-deploy
// records, beside the committed deployments/local/Caller.json, of the reference mirror's contracts that have both
// successful and failed transactions, so the Contracts view is full on first sight. Not committed: the tests that
// verify "the one recorded contract" keep a workspace with Caller alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAddress } from 'viem';
import { CASES } from '../../servers/mirror/evm/cases';
import type { TraceCaseInfo } from '../../servers/mirror/evm/index';

/** Calculator (add, a Panic), Vault (a custom error), TokenSender (a token transfer and its failure), Guarded (a modifier's revert). */
export const SAMPLE_DEPLOYED = ['Calculator', 'Vault', 'TokenSender', 'Guarded'] as const;

/** Writes `deployments/local/<Name>.json` for each of SAMPLE_DEPLOYED into the workspace copy at `dir`. */
export function writeSampleDeployments(dir: string, cases: readonly Pick<TraceCaseInfo, 'name' | 'address'>[]): void {
  const folder = join(dir, 'deployments/local');
  mkdirSync(folder, { recursive: true });
  for (const contract of SAMPLE_DEPLOYED) {
    const spec = CASES.find((c) => c.contract === contract);
    const address = spec && cases.find((c) => c.name === spec.name)?.address;
    if (!address) throw new Error(`The reference mirror has no transaction on ${contract}`);
    writeFileSync(
      join(folder, `${contract}.json`),
      JSON.stringify({ address: getAddress(address), abi: [], numDeployments: 1 }, null, 2) + '\n',
    );
  }
}
