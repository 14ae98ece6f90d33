// One verification attempt: recompile, read the deployed code, compare. Shared by the session API, the Etherscan
// import and the v2 jobs, which differ only in how they obtain the compiled contract and report the outcome.
import { matchRuntime } from './bytecode';
import type { Chains } from './chains';
import { CompilerError, type CompiledContract } from './compiler';

/** v2 `customCode`s for the failures the reference server can produce. */
export type FailureCode = 'compiler_error' | 'contract_not_deployed' | 'no_match' | 'internal_error';

/** A match carries what was matched: the recompiled contract and the code on chain (API v2's lookup serves both). */
export type Outcome =
  { status: 'perfect' | 'partial'; compiled: CompiledContract; onchain: string } | { status: 'error'; code: FailureCode; message: string };

export async function verifyDeployed(chains: Chains, chainId: string, address: string, compile: () => CompiledContract): Promise<Outcome> {
  let compiled: CompiledContract;
  try {
    compiled = compile();
  } catch (err) {
    if (err instanceof CompilerError) return { status: 'error', code: 'compiler_error', message: err.message };
    throw err;
  }
  let onchain: string | undefined;
  try {
    onchain = await chains[chainId].code(address);
  } catch {
    return { status: 'error', code: 'internal_error', message: `Chain #${chainId} is temporarily unavailable` };
  }
  if (!onchain)
    return {
      status: 'error',
      code: 'contract_not_deployed',
      message: `Chain #${chainId} does not have a contract deployed at ${address}.`,
    };
  const match = matchRuntime(onchain, compiled.runtime, compiled.immutableReferences);
  if (match === 'none') return { status: 'error', code: 'no_match', message: "The deployed and recompiled bytecode don't match." };
  return { status: match, compiled, onchain };
}
