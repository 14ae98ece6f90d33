// Hedera system contracts by name: selectors against those the upstream sources list (hiero-contracts, the node's
// selector constants), calls encoded with viem from the interfaces' signatures, and the three ways a response code
// comes back (output, 32-byte revert, status name).
import { strict as assert } from 'node:assert';
import { encodeAbiParameters, encodeErrorResult, encodeFunctionData, parseAbi, parseAbiParameters, toFunctionSelector, toHex } from 'viem';
import { describeResponseCode, responseCode } from '../../../../src/core/hedera/response-codes';
import { SYSTEM_CONTRACTS, systemContractAt } from '../../../../src/core/hedera/system-contracts';
import { describeCall, nameCall, systemCallFailed, tokenArguments } from '../../../../src/core/names/call-names';
import { AbiRegistry } from '../../../../src/core/names/registry';

const HTS_ADDRESS = '0x0000000000000000000000000000000000000167';
const HTS = parseAbi([
  'function transferToken(address token, address sender, address recipient, int64 amount) returns (int64 responseCode)',
]);
const longZero = (num: number) => toHex(num, { size: 20 });
const transferInput = encodeFunctionData({
  abi: HTS,
  functionName: 'transferToken',
  args: [longZero(5001), longZero(1001), longZero(1002), 50n],
});
const rcOutput = (code: bigint) => encodeAbiParameters(parseAbiParameters('int64'), [code]);

describe('Hedera system contracts', () => {
  it('lives at 0x167–0x16c, whatever the address case', () => {
    assert.deepEqual(
      SYSTEM_CONTRACTS.map((c) => c.name),
      ['HTS', 'ExchangeRate', 'PRNG', 'HAS', 'HSS', 'HTS'],
    );
    assert.equal(systemContractAt('0x000000000000000000000000000000000000016A')?.name, 'HAS');
    assert.equal(systemContractAt('0x0000000000000000000000000000000000000166'), undefined);
    assert.equal(systemContractAt('0x1000000000000000000000000000000000000167'), undefined);
    assert.equal(systemContractAt(null), undefined);
  });

  it('answers the selectors the upstream interfaces list for each address', () => {
    // A sample across the token service (0x167) and the exchange-rate, PRNG, account and schedule services.
    const table: Array<[string, string, string]> = [
      ['HTS', '0xeca36917', 'transferToken(address,address,address,int64)'],
      ['HTS', '0x0e71804f', 'cryptoTransfer(((address,int64,bool)[]),(address,(address,int64,bool)[],(address,address,int64,bool)[])[])'],
      [
        'HTS',
        '0x0fb65bf3',
        'createFungibleToken((string,string,address,string,bool,int64,bool,(uint256,(bool,address,bytes,bytes,address))[],(int64,address,int64)),int64,int32)',
      ],
      ['HTS', '0x618dc65e', 'redirectForToken(address,bytes)'],
      ['HTS', '0xebd595e0', 'rejectTokens(address,address[],(address,int64)[])'],
      ['ExchangeRate', '0x2e3cff6a', 'tinycentsToTinybars(uint256)'],
      ['PRNG', '0xd83bf9a1', 'getPseudorandomSeed()'],
      ['HAS', '0xb2a31da4', 'isAuthorizedRaw(address,bytes,bytes)'],
      ['HSS', '0x6f5bfde8', 'scheduleCall(address,uint256,uint256,uint64,bytes)'],
    ];
    for (const [name, selector, signature] of table) {
      const system = SYSTEM_CONTRACTS.find((c) => c.name === name)!;
      assert.equal(toFunctionSelector(signature), selector, signature);
      assert.equal(system.functions.findFunction(selector)?.signature, signature);
    }
  });

  it('names an HTS transferToken with token and accounts as 0.0.x and its response code by name', () => {
    const named = nameCall(new AbiRegistry(), { to: HTS_ADDRESS, input: transferInput, output: rcOutput(178n), reverted: false });
    assert.deepEqual(
      [named.system, named.function, named.signature],
      ['HTS', 'transferToken', 'transferToken(address,address,address,int64)'],
    );
    assert.deepEqual(named.responseCode, { code: 178, name: 'INSUFFICIENT_TOKEN_BALANCE' });
    assert.equal(
      describeCall(named),
      'HTS.transferToken(token: 0.0.5001, sender: 0.0.1001, recipient: 0.0.1002, amount: 50) → INSUFFICIENT_TOKEN_BALANCE',
    );
    assert.equal(systemCallFailed(named), true);
    const ok = nameCall(new AbiRegistry(), { to: HTS_ADDRESS, input: transferInput, output: rcOutput(22n), reverted: false });
    assert.deepEqual([ok.responseCode?.name, systemCallFailed(ok)], ['SUCCESS', false]);
  });

  it('gives the token a token-service call names (for a link to it), and none for accounts or other calls', () => {
    const named = nameCall(new AbiRegistry(), { to: HTS_ADDRESS, input: transferInput, output: rcOutput(22n), reverted: false });
    assert.deepEqual(tokenArguments(named), ['0.0.5001']);
    const workspace = new AbiRegistry();
    workspace.add('Sender', HTS);
    const elsewhere = nameCall(workspace, { to: longZero(1011), input: transferInput, output: rcOutput(22n), reverted: false });
    assert.equal(elsewhere.system, null);
    assert.deepEqual(tokenArguments(elsewhere), []);
  });

  it('links each token of a token list (associateTokens), once each and at most 16, not the account', () => {
    const associate = parseAbi(['function associateTokens(address account, address[] tokens) returns (int64 responseCode)']);
    const call = (tokens: number[]) =>
      nameCall(new AbiRegistry(), {
        to: HTS_ADDRESS,
        input: encodeFunctionData({ abi: associate, functionName: 'associateTokens', args: [longZero(1001), tokens.map(longZero)] }),
        output: rcOutput(22n),
        reverted: false,
      });
    assert.deepEqual(tokenArguments(call([5001, 5002, 5001])), ['0.0.5001', '0.0.5002']);
    assert.equal(tokenArguments(call(Array.from({ length: 40 }, (_, i) => 6000 + i))).length, 16);
    assert.deepEqual(tokenArguments(call([])), []);
  });

  it('reads a response code from a revert: 32-byte number, status name as text, or Error("<NAME>")', () => {
    const reverted = (output: string) =>
      nameCall(new AbiRegistry(), { to: HTS_ADDRESS, input: transferInput, output, reverted: true }).responseCode;
    assert.deepEqual(reverted(toHex(184n, { size: 32 })), { code: 184, name: 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT' });
    assert.deepEqual(reverted(toHex('TOKEN_IS_PAUSED')), { code: 265, name: 'TOKEN_IS_PAUSED' });
    assert.deepEqual(reverted(encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['NOT_SUPPORTED'] })), {
      code: 13,
      name: 'NOT_SUPPORTED',
    });
    assert.equal(reverted('0x'), null);
    assert.equal(reverted(toHex('not a code')), null);
  });

  it('an unknown code is kept as a number; a selector the contract does not answer leaves the function unknown', () => {
    assert.equal(describeResponseCode(responseCode(999)!), 'response code 999');
    assert.equal(responseCode(-1n), null);
    const unknown = nameCall(new AbiRegistry(), { to: HTS_ADDRESS, input: '0x12345678', output: '0x', reverted: false });
    assert.deepEqual([unknown.system, unknown.function, describeCall(unknown)], ['HTS', null, null]);
  });

  it('other addresses are named from the workspace ABIs, with the revert decoded', () => {
    const abi = parseAbi(['function pay(address to, int64 amount)', 'error TransferFailed(int64 responseCode)']);
    const registry = new AbiRegistry();
    registry.add('TokenSender', abi);
    const input = encodeFunctionData({ abi, functionName: 'pay', args: [longZero(1002), 50n] });
    const output = encodeErrorResult({ abi, errorName: 'TransferFailed', args: [178n] });
    const named = nameCall(registry, { to: longZero(1011), input, output, reverted: true });
    assert.equal(describeCall(named), `TokenSender.pay(to: ${longZero(1002)}, amount: 50) reverted: TransferFailed(responseCode: 178)`);
    assert.equal(named.system, null);
  });
});
