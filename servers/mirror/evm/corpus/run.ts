/**
 * Deploys the corpus (`cases.ts`) and runs its transactions on the mirror's chain, through the same deploy and run
 * steps as the mirror's own cases, so its traces, results and actions are served the same way.
 */
import type { Address, Hex } from 'viem';
import { type Compilation, type CompilerVariant, compileInput } from '../compile';
import type { TransactionOutcome } from '../ledger';
import { BOB, BOB_ADDRESS, CORPUS_CASES, CORPUS_DEPLOYMENTS, type CorpusBuild, corpusCalldata, PAYER } from './cases';
import { libraryInput, uniswapInput } from './sources';

/** What the mirror's provider lends the corpus. */
export interface CorpusHost {
  payer: Address;
  /** Deploys `contract` of `compilation` with constructor `args`; it is known by `as` afterwards. */
  deploy(as: string, contract: string, compilation: Compilation, args: bigint[]): Promise<void>;
  /** Runs one case's transaction (numbered after the cases before it). */
  run(name: string, contract: string, data: Hex): Promise<TransactionOutcome>;
  /** Gives a contract a case created a name later cases call it by. */
  name(as: string, address: string): void;
  addressOf(name: string): string;
}

/** The corpus's compilations for a build variant; Uniswap has none under via-IR (solc 0.5 has no IR pipeline). */
export async function compileCorpus(variant: CompilerVariant): Promise<Partial<Record<CorpusBuild, Compilation>>> {
  const uniswap = await uniswapInput(variant);
  const [library, uni] = await Promise.all([compileInput(await libraryInput(variant)), uniswap && compileInput(uniswap, '0.5.16')]);
  return uni ? { library, uniswap: uni } : { library };
}

/** Deploys and runs every case whose build the variant has; returns the names of the cases run. */
export async function runCorpus(builds: Partial<Record<CorpusBuild, Compilation>>, host: CorpusHost): Promise<string[]> {
  const addressOf = (name: string): Address =>
    name === PAYER ? host.payer : name === BOB ? BOB_ADDRESS : (host.addressOf(name) as Address);
  for (const d of CORPUS_DEPLOYMENTS) {
    const compilation = builds[d.build];
    if (compilation) await host.deploy(d.as, d.contract, compilation, d.args?.(addressOf) ?? []);
  }
  const ran: string[] = [];
  for (const spec of CORPUS_CASES) {
    if (!builds[spec.build]) continue;
    const outcome = await host.run(spec.name, spec.contract, corpusCalldata(spec, addressOf));
    if (outcome.failed !== (spec.reverts ?? false))
      throw new Error(`corpus case ${spec.name} ${outcome.failed ? 'reverted' : 'succeeded'}, expected otherwise`);
    if (spec.creates) host.name(spec.creates, outcome.trace.createdAddresses[0]);
    ran.push(spec.name);
  }
  return ran;
}
