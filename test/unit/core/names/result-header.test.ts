// The trace header from a contract result (as the REST client parses it): addresses with their 0.0.x ids, the called
// function by name, and the mirror's error message named when it is revert data a workspace ABI declares.
import { strict as assert } from 'node:assert';
import { encodeErrorResult, encodeFunctionData, encodeFunctionResult, parseAbi, toHex } from 'viem';
import { contractResultSchema, type ContractResult } from '../../../../src/core/contract-results';
import { parseJson, stringifyJson } from '../../../../src/core/json';
import { describeCall } from '../../../../src/core/names/call-names';
import { AbiRegistry } from '../../../../src/core/names/registry';
import { resultHeader } from '../../../../src/core/names/result-header';

const VAULT = parseAbi([
  'function withdraw(uint256 amount) returns (uint256 left)',
  'error InsufficientBalance(uint256 available, uint256 required)',
]);
const abis = new AbiRegistry();
abis.add('Vault', VAULT);
const vault = toHex(1004, { size: 20 });

const base: ContractResult = {
  from: toHex(1000, { size: 20 }),
  to: vault,
  contract_id: '0.0.1004',
  amount: 0,
  gas_limit: 15_000_000,
  gas_used: 24_114,
  block_number: 9_007_199_254_740_993n,
  function_parameters: encodeFunctionData({ abi: VAULT, functionName: 'withdraw', args: [100n] }),
  result: 'SUCCESS',
  status: '0x1',
  timestamp: '1735689651.000000005',
};

describe('names: the trace header from a contract result', () => {
  it('a success: ids beside addresses, exact int64s, the call with its return value', () => {
    const header = resultHeader(abis, {
      ...base,
      call_result: encodeFunctionResult({ abi: VAULT, functionName: 'withdraw', result: 5n }),
      error_message: null,
    });
    assert.deepEqual(
      [header.from, header.fromId, header.to, header.toId, header.value, header.gasLimit, header.gasUsed, header.block, header.error],
      [base.from, '0.0.1000', vault, '0.0.1004', '0', '15000000', '24114', '9007199254740993', null],
    );
    assert.equal(describeCall(header.call), 'Vault.withdraw(amount: 100) → 5');
  });

  it('a value the mirror sent inexactly (exponent form) shows marked ≈; the result is not lost over it', () => {
    const body = stringifyJson({ ...base, call_result: '0x', error_message: null })
      .replace('"gas_limit":15000000', '"gas_limit":1.5e7')
      .replace('"block_number":9007199254740993', '"block_number":9.007199254740993e15');
    const result = contractResultSchema.parse(parseJson(body));
    const header = resultHeader(abis, result);
    assert.deepEqual([header.gasLimit, header.block, header.gasUsed], ['15000000', '≈9007199254740993', '24114']);
  });

  it('a revert: the error message named, and the call marked reverted with it', () => {
    const data = encodeErrorResult({ abi: VAULT, errorName: 'InsufficientBalance', args: [5n, 100n] });
    const header = resultHeader(abis, {
      ...base,
      status: '0x0',
      result: 'CONTRACT_REVERT_EXECUTED',
      call_result: '0x',
      error_message: data,
    });
    assert.equal(header.error, 'InsufficientBalance(available: 5, required: 100)');
    assert.equal(describeCall(header.call), 'Vault.withdraw(amount: 100) reverted: InsufficientBalance(available: 5, required: 100)');
  });

  it('a halt reason or unknown data is kept as sent; an alias sender has no id', () => {
    const alias = `0x${'d2'.repeat(20)}`;
    const header = resultHeader(new AbiRegistry(), { ...base, from: alias, status: '0x0', error_message: 'INSUFFICIENT_GAS' });
    assert.deepEqual([header.fromId, header.error, header.call.function], [null, 'INSUFFICIENT_GAS', null]);
  });
});
