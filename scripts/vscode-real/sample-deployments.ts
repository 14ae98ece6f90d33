// More deployed contracts for the sample workspace of `npm start` (and of the Contracts view's browser test):
// hardhat-deploy records, beside the committed deployments/local/Caller.json, of the reference mirror's contracts that
// have both successful and failed transactions, so the Contracts view is full on first sight. Not committed: the
// tests that verify "the one recorded contract" keep a workspace with Caller alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAddress } from 'viem';
import { CASES } from '../../servers/mirror/evm/cases';

/** Calculator (add, a Panic), Vault (a custom error), TokenSender (a token transfer and its failure), Guarded (a modifier's revert). */
export const SAMPLE_DEPLOYED = ['Calculator', 'Vault', 'TokenSender', 'Guarded'] as const;

/** For each of SAMPLE_DEPLOYED, the name of a case that calls it (whose result names its address). */
export const SAMPLE_DEPLOYED_CASES: readonly string[] = SAMPLE_DEPLOYED.map((contract) => {
  const spec = CASES.find((c) => c.contract === contract);
  if (!spec) throw new Error(`The reference mirror has no transaction on ${contract}`);
  return spec.name;
});

/** Writes `deployments/local/<Name>.json` for each of SAMPLE_DEPLOYED into the workspace copy at `dir`. */
export function writeSampleDeployments(dir: string, addressOfCase: (name: string) => string | undefined): void {
  const folder = join(dir, 'deployments/local');
  mkdirSync(folder, { recursive: true });
  SAMPLE_DEPLOYED.forEach((contract, i) => {
    const address = addressOfCase(SAMPLE_DEPLOYED_CASES[i]);
    if (!address) throw new Error(`No address for ${contract}`);
    writeFileSync(
      join(folder, `${contract}.json`),
      JSON.stringify({ address: getAddress(address), abi: [], numDeployments: 1 }, null, 2) + '\n',
    );
  });
}
