// Hedera's system contracts by address, with the functions each answers. Signatures, selectors and addresses come
// from hiero-ledger/hiero-contracts @ e22c6f4d (https://github.com/hiero-ledger/hiero-contracts: IHederaTokenService,
// IHederaAccountService/IHRC632, IHRC755/756/1215, IExchangeRate, IPrngSystemContract; Apache-2.0) and the node's
// selector constants (https://github.com/hashgraph/hedera-services @ 63cdf34b). Parameter names follow the
// interfaces; selectors are computed from these signatures (a unit test checks a sample against the selectors
// those sources list).
import { parseAbi } from 'viem';
import { AbiRegistry } from '../names/registry';

/** Struct aliases of IHederaTokenService as ABI tuples (notes §2.4). */
const HTS_STRUCTS = [
  'struct AccountAmount { address accountID; int64 amount; bool isApproval; }',
  'struct NftTransfer { address senderAccountID; address receiverAccountID; int64 serialNumber; bool isApproval; }',
  'struct TokenTransferList { address token; AccountAmount[] transfers; NftTransfer[] nftTransfers; }',
  'struct TransferList { AccountAmount[] transfers; }',
  'struct Expiry { int64 second; address autoRenewAccount; int64 autoRenewPeriod; }',
  'struct KeyValue { bool inheritAccountKey; address contractId; bytes ed25519; bytes ECDSA_secp256k1; address delegatableContractId; }',
  'struct TokenKey { uint256 keyType; KeyValue key; }',
  'struct HederaToken { string name; string symbol; address treasury; string memo; bool tokenSupplyType; int64 maxSupply; bool freezeDefault; TokenKey[] tokenKeys; Expiry expiry; }',
  'struct FixedFee { int64 amount; address tokenId; bool useHbarsForPayment; bool useCurrentTokenForPayment; address feeCollector; }',
  'struct FractionalFee { int64 numerator; int64 denominator; int64 minimumAmount; int64 maximumAmount; bool netOfTransfers; address feeCollector; }',
  'struct RoyaltyFee { int64 numerator; int64 denominator; int64 amount; address tokenId; bool useHbarsForPayment; address feeCollector; }',
  'struct TokenInfo { HederaToken token; int64 totalSupply; bool deleted; bool defaultKycStatus; bool pauseStatus; FixedFee[] fixedFees; FractionalFee[] fractionalFees; RoyaltyFee[] royaltyFees; string ledgerId; }',
  'struct FungibleTokenInfo { TokenInfo tokenInfo; int32 decimals; }',
  'struct NonFungibleTokenInfo { TokenInfo tokenInfo; int64 serialNumber; address ownerId; int64 creationTime; bytes metadata; address spenderId; }',
  'struct PendingAirdrop { address sender; address receiver; address token; int64 serial; }',
  'struct NftID { address nft; int64 serial; }',
];

const RC = 'returns (int64 responseCode)';

/** IHederaTokenService at 0x167 (and 0x16c), notes §2.1. */
const HTS_FUNCTIONS = [
  `function cryptoTransfer(TransferList transferList, TokenTransferList[] tokenTransfers) ${RC}`,
  'function mintToken(address token, int64 amount, bytes[] metadata) returns (int64 responseCode, int64 newTotalSupply, int64[] serialNumbers)',
  'function burnToken(address token, int64 amount, int64[] serialNumbers) returns (int64 responseCode, int64 newTotalSupply)',
  `function associateTokens(address account, address[] tokens) ${RC}`,
  `function associateToken(address account, address token) ${RC}`,
  `function dissociateTokens(address account, address[] tokens) ${RC}`,
  `function dissociateToken(address account, address token) ${RC}`,
  'function createFungibleToken(HederaToken token, int64 initialTotalSupply, int32 decimals) returns (int64 responseCode, address tokenAddress)',
  'function createFungibleTokenWithCustomFees(HederaToken token, int64 initialTotalSupply, int32 decimals, FixedFee[] fixedFees, FractionalFee[] fractionalFees) returns (int64 responseCode, address tokenAddress)',
  'function createNonFungibleToken(HederaToken token) returns (int64 responseCode, address tokenAddress)',
  'function createNonFungibleTokenWithCustomFees(HederaToken token, FixedFee[] fixedFees, RoyaltyFee[] royaltyFees) returns (int64 responseCode, address tokenAddress)',
  `function transferTokens(address token, address[] accountId, int64[] amount) ${RC}`,
  `function transferNFTs(address token, address[] sender, address[] receiver, int64[] serialNumber) ${RC}`,
  `function transferToken(address token, address sender, address recipient, int64 amount) ${RC}`,
  `function transferNFT(address token, address sender, address recipient, int64 serialNumber) ${RC}`,
  `function approve(address token, address spender, uint256 amount) ${RC}`,
  `function transferFrom(address token, address from, address to, uint256 amount) ${RC}`,
  'function allowance(address token, address owner, address spender) returns (int64 responseCode, uint256 allowance)',
  `function approveNFT(address token, address approved, uint256 serialNumber) ${RC}`,
  `function transferFromNFT(address token, address from, address to, uint256 serialNumber) ${RC}`,
  'function getApproved(address token, uint256 serialNumber) returns (int64 responseCode, address approved)',
  `function setApprovalForAll(address token, address operator, bool approved) ${RC}`,
  'function isApprovedForAll(address token, address owner, address operator) returns (int64 responseCode, bool approved)',
  'function isFrozen(address token, address account) returns (int64 responseCode, bool frozen)',
  'function isKyc(address token, address account) returns (int64 responseCode, bool kycGranted)',
  `function deleteToken(address token) ${RC}`,
  'function getTokenCustomFees(address token) returns (int64 responseCode, FixedFee[] fixedFees, FractionalFee[] fractionalFees, RoyaltyFee[] royaltyFees)',
  'function getTokenDefaultFreezeStatus(address token) returns (int64 responseCode, bool defaultFreezeStatus)',
  'function getTokenDefaultKycStatus(address token) returns (int64 responseCode, bool defaultKycStatus)',
  'function getTokenExpiryInfo(address token) returns (int64 responseCode, Expiry expiry)',
  'function getFungibleTokenInfo(address token) returns (int64 responseCode, FungibleTokenInfo fungibleTokenInfo)',
  'function getTokenInfo(address token) returns (int64 responseCode, TokenInfo tokenInfo)',
  'function getTokenKey(address token, uint256 keyType) returns (int64 responseCode, KeyValue key)',
  'function getNonFungibleTokenInfo(address token, int64 serialNumber) returns (int64 responseCode, NonFungibleTokenInfo nonFungibleTokenInfo)',
  `function freezeToken(address token, address account) ${RC}`,
  `function unfreezeToken(address token, address account) ${RC}`,
  `function grantTokenKyc(address token, address account) ${RC}`,
  `function revokeTokenKyc(address token, address account) ${RC}`,
  `function pauseToken(address token) ${RC}`,
  `function unpauseToken(address token) ${RC}`,
  `function wipeTokenAccount(address token, address account, int64 amount) ${RC}`,
  `function wipeTokenAccountNFT(address token, address account, int64[] serialNumbers) ${RC}`,
  `function updateTokenInfo(address token, HederaToken tokenInfo) ${RC}`,
  `function updateTokenExpiryInfo(address token, Expiry expiryInfo) ${RC}`,
  `function updateTokenKeys(address token, TokenKey[] keys) ${RC}`,
  'function isToken(address token) returns (int64 responseCode, bool isToken)',
  'function getTokenType(address token) returns (int64 responseCode, int32 tokenType)',
  'function redirectForToken(address token, bytes encodedFunctionSelector) returns (int64 responseCode, bytes response)',
  `function updateFungibleTokenCustomFees(address token, FixedFee[] fixedFees, FractionalFee[] fractionalFees) ${RC}`,
  `function updateNonFungibleTokenCustomFees(address token, FixedFee[] fixedFees, RoyaltyFee[] royaltyFees) ${RC}`,
  `function airdropTokens(TokenTransferList[] tokenTransfers) ${RC}`,
  `function cancelAirdrops(PendingAirdrop[] pendingAirdrops) ${RC}`,
  `function claimAirdrops(PendingAirdrop[] pendingAirdrops) ${RC}`,
  `function rejectTokens(address rejectingAddress, address[] ftAddresses, NftID[] nftIds) ${RC}`,
];

/** Exchange rate at 0x168 (notes §2.3). */
const EXCHANGE_RATE_FUNCTIONS = [
  'function tinycentsToTinybars(uint256 tinycents) returns (uint256 tinybars)',
  'function tinybarsToTinycents(uint256 tinybars) returns (uint256 tinycents)',
];

/** PRNG at 0x169. */
const PRNG_FUNCTIONS = ['function getPseudorandomSeed() returns (bytes32 seed)'];

/** Hedera account service at 0x16a. */
const HAS_FUNCTIONS = [
  'function hbarAllowance(address owner, address spender) returns (int64 responseCode, int256 amount)',
  `function hbarApprove(address owner, address spender, int256 amount) ${RC}`,
  'function getEvmAddressAlias(address accountNumAlias) returns (int64 responseCode, address evmAddressAlias)',
  'function getHederaAccountNumAlias(address evmAddressAlias) returns (int64 responseCode, address accountNumAlias)',
  'function isValidAlias(address addr) returns (int64 responseCode, bool response)',
  'function isAuthorizedRaw(address account, bytes messageHash, bytes signature) returns (int64 responseCode, bool authorized)',
  'function isAuthorized(address account, bytes message, bytes signature) returns (int64 responseCode, bool authorized)',
];

/** Hedera schedule service at 0x16b. */
const HSS_FUNCTIONS = [
  `function authorizeSchedule(address schedule) ${RC}`,
  `function signSchedule(address schedule, bytes signatureMap) ${RC}`,
  'function scheduleNative(address systemContractAddress, bytes callData, address payer) returns (int64 responseCode, address scheduleAddress)',
  'function getScheduledCreateFungibleTokenInfo(address scheduleAddress) returns (int64 responseCode, FungibleTokenInfo fungibleTokenInfo)',
  'function getScheduledCreateNonFungibleTokenInfo(address scheduleAddress) returns (int64 responseCode, NonFungibleTokenInfo nonFungibleTokenInfo)',
  'function scheduleCall(address to, uint256 expirySecond, uint256 gasLimit, uint64 value, bytes callData) returns (int64 responseCode, address scheduleAddress)',
  'function scheduleCallWithPayer(address to, address payer, uint256 expirySecond, uint256 gasLimit, uint64 value, bytes callData) returns (int64 responseCode, address scheduleAddress)',
  'function executeCallOnPayerSignature(address to, address payer, uint256 expirySecond, uint256 gasLimit, uint64 value, bytes callData) returns (int64 responseCode, address scheduleAddress)',
  `function deleteSchedule(address scheduleAddress) ${RC}`,
  'function hasScheduleCapacity(uint256 expirySecond, uint256 gasLimit) returns (bool hasCapacity)',
];

/**
 * What a token's own address answers (ERC-20/721 facades, HIP-218/376/719): its facade code hands the call to the
 * token service as `redirectForToken` (0x618dc65e ‖ token ‖ calldata), notes §4.
 */
const TOKEN_FACADE_FUNCTIONS = [
  'function name() returns (string)',
  'function symbol() returns (string)',
  'function decimals() returns (uint8)',
  'function totalSupply() returns (uint256)',
  'function balanceOf(address account) returns (uint256)',
  'function transfer(address recipient, uint256 amount) returns (bool)',
  'function transferFrom(address sender, address recipient, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) returns (uint256)',
  'function ownerOf(uint256 serialNumber) returns (address)',
  'function tokenURI(uint256 serialNumber) returns (string)',
  'function getApproved(uint256 serialNumber) returns (address)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address owner, address operator) returns (bool)',
  'function associate() returns (uint256 responseCode)',
  'function dissociate() returns (uint256 responseCode)',
  'function isAssociated() returns (bool)',
];

export const TOKEN_FACADE = registry('Token', TOKEN_FACADE_FUNCTIONS);

export interface SystemContract {
  /** 0x167 … 0x16c */
  num: number;
  /** Short name shown before the function: `HTS.transferToken(…)`. */
  name: 'HTS' | 'ExchangeRate' | 'PRNG' | 'HAS' | 'HSS';
  title: string;
  readonly functions: AbiRegistry;
}

function registry(name: string, signatures: readonly string[]): AbiRegistry {
  const abi = new AbiRegistry();
  abi.add(name, parseAbi([...HTS_STRUCTS, ...signatures]));
  return abi;
}

/**
 * A system contract whose functions are parsed and hashed on first use: some 200 signatures cost tens of ms at
 * load, which every CLI command (`--help` included) and every extension activation paid before any call was named.
 */
function systemContract(num: number, name: SystemContract['name'], title: string, build: () => AbiRegistry): SystemContract {
  return {
    num,
    name,
    title,
    get functions() {
      return build();
    },
  };
}

function once(build: () => AbiRegistry): () => AbiRegistry {
  let built: AbiRegistry | undefined;
  return () => (built ??= build());
}

const HTS = once(() => registry('HTS', HTS_FUNCTIONS));
const HSS = once(() => registry('HSS', HSS_FUNCTIONS));

export const SYSTEM_CONTRACTS: readonly SystemContract[] = [
  systemContract(0x167, 'HTS', 'Hedera Token Service', HTS),
  systemContract(
    0x168,
    'ExchangeRate',
    'Exchange rate',
    once(() => registry('ExchangeRate', EXCHANGE_RATE_FUNCTIONS)),
  ),
  systemContract(
    0x169,
    'PRNG',
    'Pseudorandom number generator',
    once(() => registry('PRNG', PRNG_FUNCTIONS)),
  ),
  systemContract(
    0x16a,
    'HAS',
    'Hedera Account Service',
    once(() => registry('HAS', HAS_FUNCTIONS)),
  ),
  systemContract(0x16b, 'HSS', 'Hedera Schedule Service', HSS),
  systemContract(0x16c, 'HTS', 'Hedera Token Service (second address)', HTS),
];

const BY_NUM: ReadonlyMap<number, SystemContract> = new Map(SYSTEM_CONTRACTS.map((c) => [c.num, c]));

/** The system contract at an EVM address (`0x` + 40 hex, any case), if it is one. */
export function systemContractAt(address: string | null | undefined): SystemContract | undefined {
  const m = address ? /^0x0{37}([0-9a-fA-F]{3})$/.exec(address) : null;
  return m ? BY_NUM.get(Number.parseInt(m[1], 16)) : undefined;
}
