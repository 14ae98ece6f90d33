/**
 * What the reference mirror deploys at start and which transactions it traces. Contract numbers follow
 * the deployment order from 0.0.1001; case transaction ids follow the case order (see ids.ts).
 */

export interface Deployment {
  contract: string;
  /** Constructor arguments, given the long-zero addresses of the contracts deployed before. */
  args?: (addressOf: (contract: string) => string) => bigint[];
  /** Libraries to link, by contract name. */
  libraries?: string[];
}

export const DEPLOYMENTS: readonly Deployment[] = [
  { contract: 'Calculator' },
  { contract: 'Callee' },
  { contract: 'Caller', args: (addressOf) => [BigInt(addressOf('Callee'))] },
  { contract: 'Vault' },
  { contract: 'Factory' },
  { contract: 'Store' },
  { contract: 'Events' },
  { contract: 'MathLib' },
  { contract: 'LibUser', libraries: ['MathLib'] },
  { contract: 'Looper' },
];

export interface CaseSpec {
  name: string;
  contract: string;
  signature: string;
  args: (addressOf: (contract: string) => string) => bigint[];
  /** What the trace shows, for humans (printed nowhere; documents the expectation the tests check). */
  shows: string;
}

export const CASES: readonly CaseSpec[] = [
  { name: 'success', contract: 'Calculator', signature: 'add(uint256,uint256)', args: () => [2n, 3n], shows: 'success, returns 5' },
  { name: 'nested-call', contract: 'Caller', signature: 'callDouble(uint256)', args: () => [21n], shows: 'CALL to Callee at depth 1, returns 43' },
  {
    name: 'revert-error',
    contract: 'Caller',
    signature: 'callCheck(uint256)',
    args: () => [7n],
    shows: 'Error("Callee: amount must be zero") from a STATICCALL at depth 1, bubbled to depth 0',
  },
  { name: 'panic', contract: 'Calculator', signature: 'divide(uint256,uint256)', args: () => [1n, 0n], shows: 'Panic(0x12) division by zero' },
  { name: 'custom-error', contract: 'Vault', signature: 'withdraw(uint256)', args: () => [100n], shows: 'InsufficientBalance(5, 100)' },
  { name: 'create', contract: 'Factory', signature: 'deployBoth(uint256,bytes32)', args: () => [7n, 0x2an], shows: 'CREATE and CREATE2 of Child' },
  { name: 'storage', contract: 'Store', signature: 'update(uint256,uint256)', args: () => [42n, 1234n], shows: 'SSTORE/SLOAD of a slot and a mapping entry' },
  { name: 'logs', contract: 'Events', signature: 'emitAll(address,uint256)', args: (addressOf) => [BigInt(addressOf('Store')), 1000n], shows: 'LOG3, LOG1, LOG0' },
  { name: 'delegatecall', contract: 'LibUser', signature: 'compute(uint256,uint256,uint256)', args: () => [6n, 7n, 8n], shows: 'DELEGATECALL to MathLib, returns 50' },
];

/** Appended when the long loop is asked for; its argument is chosen to reach the requested step count. */
export const LONG_LOOP = { name: 'long-loop', contract: 'Looper', signature: 'run(uint256)' } as const;
export const DEFAULT_LONG_LOOP_STEPS = 500_000;
