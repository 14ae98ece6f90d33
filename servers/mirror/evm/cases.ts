/**
 * What the reference mirror deploys at start and which transactions it traces. Contract numbers follow
 * the deployment order from 0.0.1001; case transaction ids follow the case order (see ids.ts).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToHex, encodeFunctionData, parseAbiItem, parseSignature, toHex, type AbiFunction, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { encodeCall } from './abi';
import { longZeroAddress } from './ids';

export interface Deployment {
  contract: string;
  /** The name later cases use (default: the contract's), for a contract deployed twice. */
  as?: string;
  /** Constructor arguments, given the long-zero addresses of the contracts deployed before. */
  args?: (addressOf: (contract: string) => string) => bigint[];
  /** Libraries to link, by contract name. */
  libraries?: string[];
  /** Late deployments its constructor needs, deployed just before it. */
  requires?: string[];
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
  // Numbered before the contracts that cases create, so the token-service stand-in can hold its balance at start.
  { contract: 'Treasury' },
];

/**
 * Deployed just before the first case that calls them, so they take their numbers after the contracts earlier
 * cases created: adding one renumbers nothing that is already there.
 */
export const LATE_DEPLOYMENTS: readonly Deployment[] = [
  { contract: 'Wallet' },
  { contract: 'Orders' },
  { contract: 'Permit' },
  { contract: 'Digests' },
  { contract: 'Locals' },
  { contract: 'Guarded' },
  { contract: 'Bulk' },
  { contract: 'Ledger', args: () => [1_000_000n] },
  { contract: 'Router', args: (addressOf) => [BigInt(addressOf('Ledger'))], requires: ['Ledger'] },
];

/** The sample fungible token (sample.ts `SAMPLE.fungible`), the one the token-service stand-in holds. */
export const HTS_TOKEN_NUM = 5001;
/** What TokenSender and Treasury each hold of it when the chain starts. */
export const HTS_OPENING_BALANCE = 100n;

/**
 * The token-service stand-in (`system/HtsStandIn.sol`), deployed at 0x167 after the contracts above: it holds
 * HTS_OPENING_BALANCE of the sample token for TokenSender and for Treasury. The token's own address gets the node's
 * facade code (`system/token-facade.ts`).
 */
export const HTS_STAND_IN = {
  contract: 'HtsStandIn',
  address: longZeroAddress(0x167),
  token: longZeroAddress(HTS_TOKEN_NUM),
  args: (addressOf: (contract: string) => string): bigint[] => [
    BigInt(longZeroAddress(HTS_TOKEN_NUM)),
    BigInt(addressOf('TokenSender')),
    BigInt(addressOf('Treasury')),
    HTS_OPENING_BALANCE,
  ],
} as const;

export interface CaseSpec {
  name: string;
  /** The called contract, by name; HTS_STAND_IN.contract sends the transaction straight to 0x167. */
  contract: string;
  signature: string;
  args: (addressOf: (contract: string) => string) => bigint[];
  /** Calldata encoded with the ABI library, for arguments of dynamic types (`args` is then empty). */
  calldata?: (addressOf: (contract: string) => string) => string | Promise<string>;
  /** Tinybars (wei here) sent with the transaction. */
  value?: bigint;
  /** What the trace shows, for humans (printed nowhere; documents the expectation the tests check). */
  shows: string;
}

/** The debugger's Locals oracle (`Locals.sol`): every local change is followed by an event carrying its value. */
export const LOCALS_CASES: readonly CaseSpec[] = [
  {
    name: 'locals-loops',
    contract: 'Locals',
    signature: 'loops(uint256)',
    args: () => [4n],
    shows: 'a for loop with nested blocks, a while loop, a named return',
  },
  {
    name: 'locals-shadowing',
    contract: 'Locals',
    signature: 'shadowing(uint256)',
    args: () => [30n],
    shows: 'an inner y shadowing the outer, early returns in an internal function',
  },
  {
    name: 'locals-memory',
    contract: 'Locals',
    signature: 'memoryData(uint256)',
    args: () => [9n],
    shows: 'a memory struct, array, string and bytes, a negative int',
  },
  {
    name: 'locals-calldata',
    contract: 'Locals',
    signature: 'slices(uint256[],bytes)',
    args: () => [],
    calldata: () =>
      encodeFunctionData({
        abi: [parseAbiItem('function slices(uint256[] xs, bytes data)') as AbiFunction],
        args: [[1n, 20n, 300n], '0xdeadbeefcafe'],
      }),
    shows: 'calldata slices of an array and of bytes',
  },
  {
    name: 'locals-storage',
    contract: 'Locals',
    signature: 'pointers(uint256,uint128)',
    args: () => [5n, 77n],
    shows: 'storage pointers to a struct and an array, a modifier with a local',
  },
  {
    name: 'locals-unchecked',
    contract: 'Locals',
    signature: 'wrapping(uint8)',
    args: () => [250n],
    shows: 'unchecked wrap-around, an internal call whose return feeds a local',
  },
  {
    name: 'locals-modifiers',
    contract: 'Guarded',
    signature: 'raise(uint256)',
    args: () => [6n],
    shows: 'two modifiers with arguments (onlyRole(KEEPER), whenAbove(3)), one with locals before and after its `_`',
  },
  {
    name: 'locals-constructor',
    contract: 'Guarded',
    signature: 'spawn(uint256)',
    args: () => [21n],
    shows: "a CREATE whose constructor's arguments (21, KEEPER) come from the end of the init code, and its locals",
  },
  {
    name: 'modifier-revert',
    contract: 'Guarded',
    signature: 'raise(uint256)',
    args: () => [100n],
    shows: 'whenAbove(50) reverts "too low" inside the modifier, under onlyRole waiting at its `_`',
  },
];

/**
 * The names of CASES, grouped by the tests that name them: the ten cases every trace test runs, the token-service
 * cases, the debugger's, and the calls the node runs natively. The mirror's own test checks that CASES are exactly
 * these.
 */
export const CASE_NAMES = [
  'success',
  'nested-call',
  'revert-error',
  'panic',
  'custom-error',
  'create',
  'storage',
  'logs',
  'delegatecall',
  'internal-call',
] as const;
/** The token-service cases (TokenSender calling the HTS stand-in at 0x167). */
export const HTS_CASE_NAMES = ['hts-transfer', 'hts-insufficient'] as const;
/** Cases added for the debugger (arguments of dynamic types, named storage). */
export const DEBUG_CASE_NAMES = ['dynamic-args', 'enum-state', 'long-values', 'shared-slots'] as const;
/** Calls the node runs natively (precompiles, token facade, halts, a transaction straight to 0x167). */
export const NATIVE_CASE_NAMES = ['permit', 'sha256', 'hts-facade', 'hts-try-catch', 'hts-value', 'hts-direct'] as const;

export const CASES: readonly CaseSpec[] = [
  { name: 'success', contract: 'Calculator', signature: 'add(uint256,uint256)', args: () => [2n, 3n], shows: 'success, returns 5' },
  {
    name: 'nested-call',
    contract: 'Caller',
    signature: 'callDouble(uint256)',
    args: () => [21n],
    shows: 'CALL to Callee at depth 1, returns 43',
  },
  {
    name: 'revert-error',
    contract: 'Caller',
    signature: 'callCheck(uint256)',
    args: () => [7n],
    shows: 'Error("Callee: amount must be zero") from a STATICCALL at depth 1, bubbled to depth 0',
  },
  {
    name: 'panic',
    contract: 'Calculator',
    signature: 'divide(uint256,uint256)',
    args: () => [1n, 0n],
    shows: 'Panic(0x12) division by zero',
  },
  { name: 'custom-error', contract: 'Vault', signature: 'withdraw(uint256)', args: () => [100n], shows: 'InsufficientBalance(5, 100)' },
  {
    name: 'create',
    contract: 'Factory',
    signature: 'deployBoth(uint256,bytes32)',
    args: () => [7n, 0x2an],
    shows: 'CREATE and CREATE2 of Child',
  },
  {
    name: 'storage',
    contract: 'Store',
    signature: 'update(uint256,uint256)',
    args: () => [42n, 1234n],
    shows: 'SSTORE/SLOAD of a slot and a mapping entry',
  },
  {
    name: 'logs',
    contract: 'Events',
    signature: 'emitAll(address,uint256)',
    args: (addressOf) => [BigInt(addressOf('Store')), 1000n],
    shows: 'LOG3, LOG1, LOG0',
  },
  {
    name: 'delegatecall',
    contract: 'LibUser',
    signature: 'compute(uint256,uint256,uint256)',
    args: () => [6n, 7n, 8n],
    shows: 'DELEGATECALL to MathLib, returns 50',
  },
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
  {
    name: 'internal-call',
    contract: 'Calculator',
    signature: 'sumOfSquares(uint256,uint256)',
    args: () => [3n, 4n],
    shows: 'internal function square called twice, returns 25',
  },
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
    calldata: () =>
      encodeFunctionData({ abi: [parseAbiItem('function mark(uint8 status, string ref)') as AbiFunction], args: [1, 'order-7'] }),
    shows: 'mark(Filled, "order-7"): returns Open, writes last = Filled, count[Filled] = 1 and byRef["order-7"] = Filled',
  },
  {
    name: 'permit',
    contract: 'Permit',
    signature: 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
    args: () => [],
    calldata: (addressOf) => signedPermit(addressOf('Permit') as Address, addressOf('Callee') as Address),
    shows: 'STATICCALL to ecrecover (0x1): one entry at depth 1 (op ""); the signer is the owner; allowance set, event Approval',
  },
  {
    name: 'sha256',
    contract: 'Digests',
    signature: 'fingerprint(bytes)',
    args: () => [],
    calldata: () =>
      encodeFunctionData({ abi: [parseAbiItem('function fingerprint(bytes document)') as AbiFunction], args: [toHex('ledger mirror')] }),
    shows: 'STATICCALL to sha256 (0x2): one entry at depth 1; returns the digest, event Fingerprinted',
  },
  {
    name: 'hts-facade',
    contract: 'Treasury',
    signature: 'payByFacade(address,address,uint256)',
    args: (addressOf) => [BigInt(HTS_STAND_IN.token), BigInt(addressOf('Callee')), 30n],
    shows:
      'CALL to the token 0.0.5001: its facade at depth 1 DELEGATECALLs 0x167 (redirectForToken → transfer), one entry at depth 2; returns true',
  },
  {
    name: 'hts-try-catch',
    contract: 'Treasury',
    signature: 'settle(address,address,address,int64)',
    args: (addressOf) => [BigInt(addressOf('Callee')), BigInt(HTS_STAND_IN.token), BigInt(addressOf('Store')), 20n],
    shows: 'Callee.check reverts (caught: event Skipped); transferToken SUCCESS, its entry carrying that revert as reason; success',
  },
  {
    name: 'hts-value',
    contract: 'Treasury',
    signature: 'tip()',
    args: () => [],
    value: 1n,
    shows: 'CALL with value to 0x167: the node halts it, one entry using all the gas it was given; tip returns false',
  },
  {
    name: 'hts-direct',
    contract: HTS_STAND_IN.contract,
    signature: 'transferToken(address,address,address,int64)',
    args: () => [],
    calldata: (addressOf) =>
      encodeCall('transferToken(address,address,address,int64)', [
        BigInt(HTS_STAND_IN.token),
        BigInt(PERMIT_OWNER.address),
        BigInt(addressOf('Callee')),
        1n,
      ]),
    shows: 'a transaction straight to 0x167: the whole trace is one entry at depth 0; answers INSUFFICIENT_TOKEN_BALANCE (178)',
  },
  ...LOCALS_CASES,
  {
    name: 'long-values',
    contract: 'Bulk',
    signature: 'fill(uint256[],bytes)',
    args: () => [],
    calldata: () =>
      encodeFunctionData({
        abi: [parseAbiItem('function fill(uint256[] xs, bytes blob)') as AbiFunction],
        args: [Array.from({ length: 150 }, (_, i) => BigInt(i * i)), toHex('Ledger Mirror pages long arrays. '.repeat(10).slice(0, 300))],
      }),
    shows: 'a 150-element calldata array copied to memory, 300 bytes as bytes and string, a 151-element storage array',
  },
  {
    name: 'shared-slots',
    contract: 'Router',
    signature: 'route(uint256)',
    args: () => [250n],
    shows: 'Router (routed 0 → 1, ledger read) calls Ledger (total 0 → 250, limit read, balances[sender] 0 → 250): slots 0 and 1 in both',
  },
];

/** The account that signs the permit case (a fixed key, so the case is the same on every run). */
const PERMIT_OWNER = privateKeyToAccount(bytesToHex(keccak_256(utf8ToBytes('ledger-mirror permit owner'))));
const PERMIT_VALUE = 1000n;
const NO_DEADLINE = (1n << 256n) - 1n;

/** Calldata of `permit` signed by PERMIT_OWNER (EIP-712, the chain's id 1) for `spender`. */
async function signedPermit(verifyingContract: Address, spender: Address): Promise<string> {
  const signature = await PERMIT_OWNER.signTypedData({
    domain: { name: 'Permit', version: '1', chainId: 1, verifyingContract },
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: { owner: PERMIT_OWNER.address, spender, value: PERMIT_VALUE, nonce: 0n, deadline: NO_DEADLINE },
  });
  const { r, s, v } = parseSignature(signature);
  return encodeFunctionData({
    abi: [
      parseAbiItem(
        'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
      ) as AbiFunction,
    ],
    args: [PERMIT_OWNER.address, spender, PERMIT_VALUE, NO_DEADLINE, Number(v), r, s],
  });
}

/** Appended when the long loop is asked for; its argument is chosen to reach the requested step count. */
export const LONG_LOOP = { name: 'long-loop', contract: 'Looper', signature: 'run(uint256)' } as const;
export const DEFAULT_LONG_LOOP_STEPS = 500_000;

/**
 * Another team's contract (`evm/external/`), deployed and called after the cases above: `npm start` verifies it on
 * the reference verifier, and the sample workspace's build output does not have it (verified sources, #21).
 */
export const EXTERNAL_CASE: CaseSpec = {
  name: 'verified-only',
  contract: 'Grants',
  signature: 'grant(address,uint256)',
  args: (addressOf) => [BigInt(addressOf('Callee')), 500n],
  shows: 'a call into a contract only the verification server has the sources of; returns 500',
};
