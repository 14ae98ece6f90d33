/**
 * The corpus: unmodified library code from the npm registry (OpenZeppelin Contracts, solady, solmate, Uniswap
 * v2-core), deployed and called by real transactions after the mirror's own cases (`createEvmTraceProvider` with
 * `corpus: true`). Each case names one external function; together they reach nested calls (a vault's deposit into
 * its token's transferFrom, a factory's CREATE2 of a pair), modifiers, custom errors and `require` strings, inline
 * assembly, structs and dynamic arrays. The right-or-silent oracle debugs every one of them in every build.
 */
import { concat, encodeFunctionData, keccak256, parseAbiItem, toHex, type AbiFunction, type Address, type Hex } from 'viem';

/** Which compilation a contract comes from: the 0.8 library wrappers, or Uniswap v2-core with solc 0.5.16. */
export type CorpusBuild = 'library' | 'uniswap';

/** Names every case may use besides deployed contracts: the paying account and a bystander account. */
export const PAYER = 'payer';
export const BOB = 'bob';
/** A fixed account that only receives (no key needed). */
export const BOB_ADDRESS: Address = '0x00000000000000000000000000000000000b0b00';

export interface CorpusDeployment {
  /** The name the cases call it by (two deployments of one contract differ here). */
  as: string;
  /** The compiled contract's name. */
  contract: string;
  build: CorpusBuild;
  args?: (addressOf: (name: string) => Address) => bigint[];
}

export interface CorpusCase {
  name: string;
  /** The called contract, by its `as` name (or the name a case's `creates` gave it). */
  contract: string;
  build: CorpusBuild;
  /** The function, as viem's human-readable ABI (`function transfer(address to, uint256 value)`). */
  fn: string;
  args: (addressOf: (name: string) => Address) => readonly unknown[];
  /** The first contract the transaction creates is known by this name afterwards. */
  creates?: string;
  /** Whether the transaction reverts (checked when the corpus runs, so a case cannot silently change). */
  reverts?: boolean;
  /** What the trace shows, for humans. */
  shows: string;
}

export const CORPUS_DEPLOYMENTS: readonly CorpusDeployment[] = [
  { as: 'Tok', contract: 'Tok', build: 'library' },
  { as: 'Shares', contract: 'Shares', build: 'library', args: (a) => [BigInt(a('Tok'))] },
  { as: 'Roles', contract: 'Roles', build: 'library' },
  { as: 'SolToken', contract: 'SolToken', build: 'library' },
  { as: 'SolOwned', contract: 'SolOwned', build: 'library' },
  { as: 'SolUtils', contract: 'SolUtils', build: 'library' },
  { as: 'MateToken', contract: 'MateToken', build: 'library' },
  { as: 'MateVault', contract: 'MateVault', build: 'library', args: (a) => [BigInt(a('MateToken'))] },
  { as: 'MateOwned', contract: 'MateOwned', build: 'library' },
  { as: 'UniFactory', contract: 'UniswapV2Factory', build: 'uniswap', args: (a) => [BigInt(a(PAYER))] },
  { as: 'UniA', contract: 'ERC20', build: 'uniswap', args: () => [10_000n * E18] },
  { as: 'UniB', contract: 'ERC20', build: 'uniswap', args: () => [10_000n * E18] },
];

const E18 = 10n ** 18n;
const MINTER = keccak256(toHex('MINTER'));
const ADMIN = `0x${'0'.repeat(64)}` as Hex;
const TRANSFER = 'function transfer(address to, uint256 value) returns (bool)';
const APPROVE = 'function approve(address spender, uint256 value) returns (bool)';
const TRANSFER_FROM = 'function transferFrom(address from, address to, uint256 value) returns (bool)';

/** A two-leaf Merkle tree as solady hashes it (sorted pairs): the proof of `a` is `b`. */
const LEAF_A = keccak256(toHex('a'));
const LEAF_B = keccak256(toHex('b'));
const MERKLE_ROOT = keccak256(LEAF_A < LEAF_B ? concat([LEAF_A, LEAF_B]) : concat([LEAF_B, LEAF_A]));

/** Uniswap's pair after the mint below holds these reserves; the swap asks for exactly what 1 A buys. */
const RESERVE_A = 10n * E18;
const RESERVE_B = 40n * E18;
const SWAP_IN = E18;
const SWAP_OUT = (SWAP_IN * 997n * RESERVE_B) / (RESERVE_A * 1000n + SWAP_IN * 997n);

const c = (
  name: string,
  contract: string,
  fn: string,
  args: CorpusCase['args'],
  shows: string,
  extra: Partial<CorpusCase> = {},
): CorpusCase => ({ name, contract, build: 'library', fn, args, shows, ...extra });
const u = (name: string, contract: string, fn: string, args: CorpusCase['args'], shows: string, extra: Partial<CorpusCase> = {}) =>
  c(name, contract, fn, args, shows, { build: 'uniswap', ...extra });

export const CORPUS_CASES: readonly CorpusCase[] = [
  // OpenZeppelin Contracts 5.7.0
  c('oz-transfer', 'Tok', TRANSFER, (a) => [a(BOB), 100n * E18], 'ERC20.transfer → _transfer → _update, event Transfer'),
  c('oz-approve-vault', 'Tok', APPROVE, (a) => [a('Shares'), 1000n * E18], 'ERC20.approve → _approve(owner, spender, value, true)'),
  c(
    'oz-deposit',
    'Shares',
    'function deposit(uint256 assets, address receiver) returns (uint256)',
    (a) => [100n * E18, a(PAYER)],
    'ERC4626.deposit → SafeERC20.safeTransferFrom (assembly) → Tok.transferFrom at depth 1; _mint of shares',
  ),
  c(
    'oz-mint',
    'Shares',
    'function mint(uint256 shares, address receiver) returns (uint256)',
    (a) => [50n * E18, a(PAYER)],
    'ERC4626.mint, rounding up',
  ),
  c(
    'oz-withdraw',
    'Shares',
    'function withdraw(uint256 assets, address receiver, address owner) returns (uint256)',
    (a) => [30n * E18, a(PAYER), a(PAYER)],
    'ERC4626.withdraw → _burn, SafeERC20.safeTransfer → Tok.transfer',
  ),
  c(
    'oz-redeem',
    'Shares',
    'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
    (a) => [20n * E18, a(BOB), a(PAYER)],
    'ERC4626.redeem to another receiver',
  ),
  c(
    'oz-redeem-too-much',
    'Shares',
    'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
    (a) => [10n ** 30n, a(PAYER), a(PAYER)],
    'custom error ERC4626ExceededMaxRedeem(owner, shares, max)',
    { reverts: true },
  ),
  c(
    'oz-convert',
    'Shares',
    'function convertToShares(uint256 assets) view returns (uint256)',
    () => [123n * E18],
    'a view: Math.mulDiv (assembly)',
  ),
  c('oz-approve-self', 'Tok', APPROVE, (a) => [a(PAYER), 50n * E18], 'an allowance of the payer to itself'),
  c(
    'oz-transfer-from',
    'Tok',
    TRANSFER_FROM,
    (a) => [a(PAYER), a(BOB), 7n * E18],
    'ERC20.transferFrom → _spendAllowance → _approve(…, false)',
  ),
  c('oz-burn', 'Tok', 'function burn(uint256 value)', () => [3n * E18], 'ERC20Burnable.burn → _burn → _update(from, 0, value)'),
  c(
    'oz-transfer-too-much',
    'Tok',
    TRANSFER,
    (a) => [a(BOB), 10n ** 30n],
    'custom error ERC20InsufficientBalance(sender, balance, needed) from _update',
    { reverts: true },
  ),
  c(
    'oz-multicall',
    'Tok',
    'function multicall(bytes[] data) returns (bytes[] results)',
    (a) => [
      [
        encodeFunctionData({ abi: [parseAbiItem(TRANSFER) as AbiFunction], args: [a(BOB), E18] }),
        encodeFunctionData({ abi: [parseAbiItem(APPROVE) as AbiFunction], args: [a(BOB), 2n * E18] }),
      ],
    ],
    'Multicall.multicall(bytes[]) → two DELEGATECALLs to itself, a bytes[] result',
  ),
  c(
    'oz-grant',
    'Roles',
    'function grantRole(bytes32 role, address account)',
    (a) => [MINTER, a(BOB)],
    'grantRole under onlyRole(getRoleAdmin(role)); RoleData struct',
  ),
  c('oz-revoke', 'Roles', 'function revokeRole(bytes32 role, address account)', (a) => [MINTER, a(BOB)], 'revokeRole under onlyRole'),
  c(
    'oz-renounce-other',
    'Roles',
    'function renounceRole(bytes32 role, address callerConfirmation)',
    (a) => [MINTER, a(BOB)],
    'custom error AccessControlBadConfirmation()',
    { reverts: true },
  ),
  c(
    'oz-renounce-admin',
    'Roles',
    'function renounceRole(bytes32 role, address callerConfirmation)',
    (a) => [ADMIN, a(PAYER)],
    'the payer gives up the admin role',
  ),
  c(
    'oz-grant-unauthorized',
    'Roles',
    'function grantRole(bytes32 role, address account)',
    (a) => [MINTER, a(BOB)],
    'onlyRole reverts AccessControlUnauthorizedAccount(account, role) inside the modifier',
    { reverts: true },
  ),
  // solady 0.1.26
  c('solady-transfer', 'SolToken', TRANSFER, (a) => [a(BOB), 5n * E18], 'solady ERC20.transfer: one assembly block'),
  c('solady-approve', 'SolToken', APPROVE, (a) => [a(PAYER), 9n * E18], 'solady ERC20.approve'),
  c(
    'solady-transfer-from',
    'SolToken',
    TRANSFER_FROM,
    (a) => [a(PAYER), a(BOB), 4n * E18],
    'solady ERC20.transferFrom: allowance and balances in assembly',
  ),
  c('solady-transfer-too-much', 'SolToken', TRANSFER, (a) => [a(BOB), 10n ** 30n], 'custom error InsufficientBalance() from assembly', {
    reverts: true,
  }),
  c(
    'solady-transfer-ownership',
    'SolOwned',
    'function transferOwnership(address newOwner) payable',
    (a) => [a(BOB)],
    'onlyOwner (assembly) then _setOwner',
  ),
  c('solady-renounce-unauthorized', 'SolOwned', 'function renounceOwnership() payable', () => [], 'onlyOwner reverts Unauthorized()', {
    reverts: true,
  }),
  c(
    'solady-sort',
    'SolUtils',
    'function sort(uint256[] a) pure returns (uint256[])',
    () => [[5n, 3n, 9n, 1n, 7n]],
    'LibSort.insertionSort on a memory array',
  ),
  c(
    'solady-decimal',
    'SolUtils',
    'function decimal(uint256 value) pure returns (string)',
    () => [1234567890n],
    'LibString.toString: a string built in assembly',
  ),
  c('solady-root', 'SolUtils', 'function root(uint256 x) pure returns (uint256)', () => [10n ** 36n], 'FixedPointMathLib.sqrt'),
  c(
    'solady-verify',
    'SolUtils',
    'function verify(bytes32[] proof, bytes32 merkleRoot, bytes32 leaf) pure returns (bool)',
    () => [[LEAF_B], MERKLE_ROOT, LEAF_A],
    'MerkleProofLib.verifyCalldata over a calldata bytes32[]; returns true',
  ),
  // solmate 6.8.0
  c('solmate-transfer', 'MateToken', TRANSFER, (a) => [a(BOB), 5n * E18], 'solmate ERC20.transfer: balanceOf[msg.sender] -= amount'),
  c('solmate-approve-vault', 'MateToken', APPROVE, (a) => [a('MateVault'), 100n * E18], 'solmate ERC20.approve'),
  c(
    'solmate-deposit',
    'MateVault',
    'function deposit(uint256 assets, address receiver) returns (uint256 shares)',
    (a) => [10n * E18, a(PAYER)],
    'require(previewDeposit != 0, "ZERO_SHARES"); SafeTransferLib.safeTransferFrom (assembly) → MateToken.transferFrom',
  ),
  c(
    'solmate-redeem',
    'MateVault',
    'function redeem(uint256 shares, address receiver, address owner) returns (uint256 assets)',
    (a) => [4n * E18, a(PAYER), a(PAYER)],
    'solmate ERC4626.redeem → totalAssets → MateToken.balanceOf',
  ),
  c(
    'solmate-deposit-zero',
    'MateVault',
    'function deposit(uint256 assets, address receiver) returns (uint256 shares)',
    (a) => [0n, a(PAYER)],
    'require fails: Error("ZERO_SHARES")',
    { reverts: true },
  ),
  c('solmate-approve-self', 'MateToken', APPROVE, (a) => [a(PAYER), 6n * E18], 'an allowance of the payer to itself'),
  c(
    'solmate-transfer-from',
    'MateToken',
    TRANSFER_FROM,
    (a) => [a(PAYER), a(BOB), 2n * E18],
    'solmate ERC20.transferFrom with a finite allowance',
  ),
  c('solmate-transfer-too-much', 'MateToken', TRANSFER, (a) => [a(BOB), 10n ** 30n], 'Panic(0x11) on balanceOf[msg.sender] -= amount', {
    reverts: true,
  }),
  c(
    'solmate-transfer-ownership',
    'MateOwned',
    'function transferOwnership(address newOwner)',
    (a) => [a(BOB)],
    'onlyOwner (require) then the write',
  ),
  c(
    'solmate-unauthorized',
    'MateOwned',
    'function transferOwnership(address newOwner)',
    (a) => [a(PAYER)],
    'onlyOwner fails: Error("UNAUTHORIZED")',
    {
      reverts: true,
    },
  ),
  // Uniswap v2-core 1.0.1 (solc 0.5.16): legacy builds only
  u(
    'uni-fee-to',
    'UniFactory',
    'function setFeeTo(address _feeTo)',
    (a) => [a(BOB)],
    'require(msg.sender == feeToSetter, "UniswapV2: FORBIDDEN")',
  ),
  u(
    'uni-create-pair',
    'UniFactory',
    'function createPair(address tokenA, address tokenB) returns (address pair)',
    (a) => [a('UniA'), a('UniB')],
    'CREATE2 of UniswapV2Pair (assembly), initialize at depth 1, allPairs.push',
    { creates: 'UniPair' },
  ),
  u(
    'uni-pairs-length',
    'UniFactory',
    'function allPairsLength() view returns (uint256)',
    () => [],
    'the length of a dynamic storage array',
  ),
  u('uni-fund-a', 'UniA', TRANSFER, (a) => [a('UniPair'), RESERVE_A], 'UniswapV2ERC20.transfer with SafeMath'),
  u('uni-fund-b', 'UniB', TRANSFER, (a) => [a('UniPair'), RESERVE_B], 'UniswapV2ERC20.transfer with SafeMath'),
  u(
    'uni-mint',
    'UniPair',
    'function mint(address to) returns (uint256 liquidity)',
    (a) => [a(PAYER)],
    'lock modifier; balanceOf calls to both tokens; _mintFee → factory.feeTo(); Math.sqrt; _update with UQ112x112',
  ),
  u('uni-swap-in', 'UniA', TRANSFER, (a) => [a('UniPair'), SWAP_IN], 'the input of the swap'),
  u(
    'uni-swap',
    'UniPair',
    'function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)',
    (a) => [0n, SWAP_OUT, a(PAYER), '0x'],
    '_safeTransfer (a low-level call of transfer), the k check in a scope block',
  ),
  u(
    'uni-swap-nothing',
    'UniPair',
    'function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)',
    (a) => [0n, 0n, a(PAYER), '0x'],
    'require fails: Error("UniswapV2: INSUFFICIENT_OUTPUT_AMOUNT")',
    { reverts: true },
  ),
  u('uni-return-liquidity', 'UniPair', TRANSFER, (a) => [a('UniPair'), E18], 'the payer sends liquidity tokens back to the pair'),
  u(
    'uni-burn',
    'UniPair',
    'function burn(address to) returns (uint256 amount0, uint256 amount1)',
    (a) => [a(PAYER)],
    'fee on: _mintFee mints to feeTo; two _safeTransfer',
  ),
  u('uni-skim-extra', 'UniB', TRANSFER, (a) => [a('UniPair'), 5n], 'an extra 5 units of B for skim'),
  u('uni-skim', 'UniPair', 'function skim(address to)', (a) => [a(PAYER)], 'skim sends the excess of B'),
  u('uni-sync', 'UniPair', 'function sync()', () => [], '_update with the balances'),
  u(
    'uni-identical',
    'UniFactory',
    'function createPair(address tokenA, address tokenB) returns (address pair)',
    (a) => [a('UniA'), a('UniA')],
    'require fails: Error("UniswapV2: IDENTICAL_ADDRESSES")',
    { reverts: true },
  ),
];

/** A case's calldata, encoded with viem against its function's ABI. */
export function corpusCalldata(spec: CorpusCase, addressOf: (name: string) => Address): Hex {
  const abi = parseAbiItem(spec.fn) as AbiFunction;
  return encodeFunctionData({ abi: [abi], args: spec.args(addressOf) as never });
}
