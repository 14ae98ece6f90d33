/**
 * What the reference mirror deploys at start and which transactions it traces. Contract numbers follow
 * the deployment order from 0.0.1001; case transaction ids follow the case order (see ids.ts).
 */
import { encodeFunctionData, parseAbiItem, type AbiFunction } from 'viem';
import { longZeroAddress } from './ids';

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
  { contract: 'TokenSender' },
];

/**
 * Deployed just before the first case that calls them, so they take their numbers after the contracts earlier
 * cases created: adding one renumbers nothing that is already there.
 */
export const LATE_DEPLOYMENTS: readonly Deployment[] = [{ contract: 'Wallet' }, { contract: 'Orders' }];

/** The sample fungible token (sample.ts `SAMPLE.fungible`), the one the token-service stand-in holds. */
export const HTS_TOKEN_NUM = 5001;
/** What TokenSender holds of it when the chain starts. */
export const HTS_OPENING_BALANCE = 100n;

/**
 * The token-service stand-in (`system/HtsStandIn.sol`), deployed at 0x167 after the contracts above: it holds
 * HTS_OPENING_BALANCE of the sample token for TokenSender.
 */
export const HTS_STAND_IN = {
  contract: 'HtsStandIn',
  address: longZeroAddress(0x167),
  args: (addressOf: (contract: string) => string): bigint[] => [BigInt(longZeroAddress(HTS_TOKEN_NUM)), BigInt(addressOf('TokenSender')), HTS_OPENING_BALANCE],
} as const;

export interface CaseSpec {
  name: string;
  contract: string;
  signature: string;
  args: (addressOf: (contract: string) => string) => bigint[];
  /** Calldata encoded with the ABI library, for arguments of dynamic types (`args` is then empty). */
  calldata?: (addressOf: (contract: string) => string) => string;
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
  {
    name: 'hts-transfer',
    contract: 'TokenSender',
    signature: 'pay(address,address,int64)',
    args: (addressOf) => [BigInt(longZeroAddress(HTS_TOKEN_NUM)), BigInt(addressOf('Callee')), 50n],
    shows: 'CALL to the token service (0x167): transferToken of 50, SUCCESS; event Paid',
  },
  {
    name: 'hts-insufficient',
    contract: 'TokenSender',
    signature: 'pay(address,address,int64)',
    args: (addressOf) => [BigInt(longZeroAddress(HTS_TOKEN_NUM)), BigInt(addressOf('Callee')), 500n],
    shows: 'transferToken of 500 answers INSUFFICIENT_TOKEN_BALANCE (178); TokenSender reverts TransferFailed(token, 178)',
  },
  { name: 'internal-call', contract: 'Calculator', signature: 'sumOfSquares(uint256,uint256)', args: () => [3n, 4n], shows: 'internal function square called twice, returns 25' },
  {
    name: 'dynamic-args',
    contract: 'Wallet',
    signature: 'payAll(string,(address,uint64,string)[],bytes)',
    args: () => [],
    calldata: (addressOf) =>
      encodeFunctionData({
        abi: [parseAbiItem('function payAll(string note, (address to, uint64 amount, string memo)[] batch, bytes tag)') as AbiFunction],
        args: [
          'rent for May',
          [
            { to: addressOf('Callee') as `0x${string}`, amount: 5n, memo: 'first' },
            { to: addressOf('Store') as `0x${string}`, amount: 7n, memo: 'second' },
          ],
          '0xcafe',
        ],
      }),
    shows: 'a string, an array of tuples and bytes as arguments; writes packed slot 0, a string, a uint32[] and a mapping; returns 12',
  },
  {
    name: 'enum-state',
    contract: 'Orders',
    signature: 'mark(uint8,string)',
    args: () => [],
    calldata: () => encodeFunctionData({ abi: [parseAbiItem('function mark(uint8 status, string ref)') as AbiFunction], args: [1, 'order-7'] }),
    shows: 'mark(Filled, "order-7"): returns Open, writes last = Filled, count[Filled] = 1 and byRef["order-7"] = Filled',
  },
];

/** Appended when the long loop is asked for; its argument is chosen to reach the requested step count. */
export const LONG_LOOP = { name: 'long-loop', contract: 'Looper', signature: 'run(uint256)' } as const;
export const DEFAULT_LONG_LOOP_STEPS = 500_000;

/**
 * Another team's contract (`evm/external/`), deployed and called after the cases above: `npm start` verifies it on
 * the reference verifier, and the sample workspace's build output does not have it (verified sources, #21).
 */
export const EXTERNAL_CASE: CaseSpec = {
  name: 'verified-only',
  contract: 'Treasury',
  signature: 'grant(address,uint256)',
  args: (addressOf) => [BigInt(addressOf('Callee')), 500n],
  shows: 'a call into a contract only the verification server has the sources of; returns 500',
};
