// A contract result row as the Contracts view and the CLI show it: function by name or selector, the error named
// (custom error with arguments, Error(string), Panic, Hedera response code), text made safe, decoding bounded.
import { strict as assert } from 'node:assert';
import { encodeAbiParameters, encodeErrorResult, parseAbi, toFunctionSelector } from 'viem';
import { AbiRegistry } from '../../../../src/core/names/registry';
import { describeError, describeRow, MAX_DECODED_ERROR_CHARS, relativeTime } from '../../../../src/core/results/result-rows';
import type { ContractResultRow } from '../../../../src/core/results/results-page';

const abi = parseAbi([
  'function withdraw(uint256 amount)',
  'error InsufficientBalance(uint256 available, uint256 required)',
  'error TransferFailed(address token, int64 responseCode)',
]);
const registry = new AbiRegistry();
registry.add('Vault', abi);

const row = (extra: Partial<ContractResultRow>): ContractResultRow => ({
  hash: `0x${'11'.repeat(32)}`,
  timestamp: '1735689611.000000001',
  from: '0x00000000000000000000000000000000000003e8',
  gas_used: 24114,
  gas_limit: 1_000_000,
  ...extra,
});

describe('describeRow', () => {
  it('names the function and a custom error with its arguments', () => {
    const view = describeRow(
      registry,
      row({
        function_parameters: `${toFunctionSelector('withdraw(uint256)')}${encodeAbiParameters([{ type: 'uint256' }], [100n]).slice(2)}`,
        error_message: encodeErrorResult({ abi, errorName: 'InsufficientBalance', args: [5n, 100n] }),
      }),
    );
    assert.equal(view.functionName, 'withdraw');
    assert.equal(view.signature, 'withdraw(uint256)');
    assert.equal(view.failed, true);
    assert.deepEqual(view.error, {
      kind: 'custom',
      text: 'InsufficientBalance(available: 5, required: 100)',
      name: 'InsufficientBalance',
      signature: 'InsufficientBalance(uint256,uint256)',
      args: { available: '5', required: '100' },
    });
    assert.equal(view.caller, '0.0.1000');
    assert.equal(view.gasUsed, '24114');
    assert.equal(view.time, '2025-01-01T00:00:11.000Z');
  });

  it('a success has no error; calldata no ABI declares is its selector; none is null', () => {
    const success = describeRow(registry, row({ function_parameters: '0xdeadbeef00', error_message: null }));
    assert.deepEqual([success.failed, success.error, success.functionName, success.signature], [false, null, '0xdeadbeef', null]);
    assert.equal(describeRow(registry, row({ function_parameters: '0x' })).functionName, null);
  });

  it('an opaque caller address stays an address', () => {
    const from = '0xd22bf832db31b209016bac6be7b61818ff7b3c3f';
    assert.equal(describeRow(registry, row({ from })).caller, from);
  });
});

describe('describeError', () => {
  it('Error(string) and Panic by their wording', () => {
    const error = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['too low'] });
    assert.deepEqual(describeError(registry, error), {
      kind: 'Error',
      text: 'Error("too low")',
      name: 'Error',
      signature: 'Error(string)',
      args: { message: 'too low' },
    });
    const panic = encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [0x12n] });
    assert.equal(describeError(registry, panic).text, 'Panic(0x12): division or modulo by zero');
  });

  it('a Hedera response code by name, other text as sent with controls made visible', () => {
    assert.deepEqual(describeError(registry, 'INSUFFICIENT_GAS'), {
      kind: 'response-code',
      text: 'INSUFFICIENT_GAS (Hedera response code 30)',
      name: null,
      signature: null,
      args: null,
    });
    const text = describeError(registry, 'Not enough gas\u001b[2J\u202e');
    assert.deepEqual([text.kind, text.text], ['text', 'Not enough gas\\x1b[2J\\u202e']);
    assert.equal(describeError(registry, 'x'.repeat(5000)).text.length, 301);
  });

  it('revert data: none, unknown selector, and too long to decode', () => {
    assert.equal(describeError(registry, '0x').text, 'reverted without data');
    assert.equal(describeError(registry, '0xcafebabe').text, 'custom error 0xcafebabe');
    const long = `0x08c379a0${'00'.repeat(MAX_DECODED_ERROR_CHARS)}`;
    assert.equal(describeError(registry, long).text, `reverted with ${(long.length - 2) / 2} bytes of data (not decoded)`);
  });
});

describe('relativeTime', () => {
  const at = Date.parse('2025-01-01T00:00:11.000Z');
  it('reads as a person says it, the date beyond a month', () => {
    assert.equal(relativeTime('1735689611.000000001', at + 30_000), 'just now');
    assert.equal(relativeTime('1735689611.000000001', at + 5 * 60_000), '5 min ago');
    assert.equal(relativeTime('1735689611.000000001', at + 3 * 3_600_000), '3 h ago');
    assert.equal(relativeTime('1735689611.000000001', at + 86_400_000), '1 day ago');
    assert.equal(relativeTime('1735689611.000000001', at + 40 * 86_400_000), '2025-01-01');
  });
});
