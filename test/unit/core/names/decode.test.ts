// Naming calls, errors, return values and events from workspace ABIs: ABIs and encodings are generated with viem
// here, so the selectors and data are what a compiler and a chain would produce.
import { strict as assert } from 'node:assert';
import {
  encodeAbiParameters,
  encodeErrorResult,
  encodeEventTopics,
  encodeFunctionData,
  encodeFunctionResult,
  parseAbi,
  parseAbiParameters,
  toEventSelector,
  toFunctionSelector,
  type Abi,
} from 'viem';
import type { CompiledContract } from '../../../../src/core/build-output/compiled';
import { argsObject, decodeCall, decodeError, decodeEvent, decodeReturn, describeDecoded } from '../../../../src/core/names/decode';
import { abiOfMetadata, AbiRegistry } from '../../../../src/core/names/registry';
import { quote } from '../../../../src/core/names/values';

const VAULT = parseAbi([
  'error Shortfall(address account, uint256 need, uint256 have)',
  'function withdraw(uint256 amount)',
  'function balances(address) view returns (uint256)',
  'event Moved(address indexed from, address indexed to, uint256 amount, string memo)',
  'function batch((address to, uint256 amount)[] moves, bytes data) returns (bool ok, uint256 total)',
  'error Unnamed(uint256, string)',
]);
const OTHER = parseAbi(['function withdraw(uint256 wei_)', 'event Ping()']);
const ACCOUNT = '0x00000000000000000000000000000000000003e9';

function contract(name: string, abi: Abi, metadataAsObject = false): CompiledContract {
  const source = `contracts/${name}.sol`;
  const metadata = {
    compiler: { version: '0.8.37+commit.f401782d' },
    language: 'Solidity',
    settings: { compilationTarget: { [source]: name } },
    sources: { [source]: { keccak256: '0x00' } },
    output: { abi },
    version: 1,
  };
  return {
    name,
    sourceName: source,
    output: { metadata: metadataAsObject ? metadata : JSON.stringify(metadata), evm: {} },
    sources: new Map(),
    origin: `/w/artifacts/build-info/${name}.json`,
    from: 'build-info',
    mtimeMs: 0,
  };
}

describe('names: ABI registry and decoding', () => {
  const registry = AbiRegistry.fromContracts([contract('Vault', VAULT), contract('Other', OTHER, true)]);

  it('indexes every function, error and event of every contract by selector or topic', () => {
    assert.equal(registry.findError(toFunctionSelector('Shortfall(address,uint256,uint256)'))?.contract, 'Vault');
    assert.equal(registry.findFunction(toFunctionSelector('balances(address)'))?.signature, 'balances(address)');
    assert.equal(registry.findEvent(toEventSelector('Moved(address,address,uint256,string)'))?.item.name, 'Moved');
    assert.equal(registry.findEvent(toEventSelector('Ping()'))?.contract, 'Other', 'metadata given as an object (Foundry)');
  });

  it('a selector several contracts declare prefers the hinted contract, else the newest build', () => {
    const selector = toFunctionSelector('withdraw(uint256)');
    assert.equal(registry.findFunction(selector)?.contract, 'Vault');
    assert.equal(registry.findFunction(selector, 'Other')?.item.inputs[0].name, 'wei_');
    assert.equal(registry.findFunction(selector, 'Nobody')?.contract, 'Vault');
  });

  it('names a custom error with its arguments by parameter name', () => {
    const data = encodeErrorResult({ abi: VAULT, errorName: 'Shortfall', args: [ACCOUNT, 10n, 3n] });
    const error = decodeError(registry, data);
    assert.ok(error);
    assert.deepEqual([error.contract, error.name, error.signature], ['Vault', 'Shortfall', 'Shortfall(address,uint256,uint256)']);
    assert.equal(describeDecoded(error), `Shortfall(account: ${ACCOUNT}, need: 10, have: 3)`);
    assert.deepEqual(argsObject(error.args), { account: ACCOUNT, need: '10', have: '3' });
  });

  it('unnamed parameters are named by position; bigints stay exact', () => {
    const huge = 2n ** 255n + 12345n;
    const error = decodeError(registry, encodeErrorResult({ abi: VAULT, errorName: 'Unnamed', args: [huge, 'x'] }));
    assert.deepEqual(argsObject(error!.args), { 0: huge.toString(), 1: 'x' });
  });

  it('Solidity Error(string) and Panic(uint256) decode without any ABI', () => {
    const empty = new AbiRegistry();
    const builtins = parseAbi(['error Error(string message)', 'error Panic(uint256 code)']);
    const error = decodeError(empty, encodeErrorResult({ abi: builtins, errorName: 'Error', args: ['no'] }));
    assert.deepEqual([error?.contract, error?.name, argsObject(error!.args)], [null, 'Error', { message: 'no' }]);
    const panic = decodeError(empty, encodeErrorResult({ abi: builtins, errorName: 'Panic', args: [0x11n] }));
    assert.deepEqual([panic?.signature, argsObject(panic!.args)], ['Panic(uint256)', { code: '17' }]);
  });

  it('unknown selectors, truncated or non-hex data decode to null, never to a guess', () => {
    const data = encodeErrorResult({ abi: VAULT, errorName: 'Shortfall', args: [ACCOUNT, 10n, 3n] });
    assert.equal(decodeError(registry, data.slice(0, data.length - 64)), null);
    assert.equal(decodeError(registry, `0xdeadbeef${data.slice(10)}`), null);
    assert.equal(decodeError(registry, 'zz'), null);
    assert.equal(decodeError(registry, '0x'), null);
    assert.equal(decodeCall(registry, `${data}0`), null);
    assert.equal(decodeCall(registry, null), null);
  });

  it('names a call with tuples and dynamic arrays, and decodes its return values', () => {
    const input = encodeFunctionData({ abi: VAULT, functionName: 'batch', args: [[{ to: ACCOUNT, amount: 7n }], '0xbeef'] });
    const call = decodeCall(registry, input);
    assert.ok(call);
    assert.equal(describeDecoded(call), `batch(moves: [(to: ${ACCOUNT}, amount: 7)], data: 0xbeef)`);
    const output = encodeFunctionResult({ abi: VAULT, functionName: 'batch', result: [true, 7n] });
    assert.deepEqual(argsObject(decodeReturn(call, output)!), { ok: 'true', total: '7' });
    assert.equal(decodeReturn(call, '0x01'), null);
  });

  it('names enum values by member from the compilation’s sources (read off this thread), inside arrays and tuples too; an unknown value stays a number', async () => {
    const side = { name: 'side', type: 'uint8', internalType: 'enum Book.Side' };
    const abi = [
      {
        type: 'function',
        name: 'route',
        stateMutability: 'nonpayable',
        inputs: [
          {
            name: 'legs',
            type: 'tuple[]',
            internalType: 'struct Book.Leg[]',
            components: [side, { name: 'amount', type: 'uint256', internalType: 'uint256' }],
          },
          { name: 'modes', type: 'uint8[]', internalType: 'enum Mode[]' },
        ],
        outputs: [{ name: 'last', type: 'uint8', internalType: 'enum Book.Side' }],
      },
    ] as const;
    const book = {
      ...contract('Book', abi as unknown as Abi),
      sources: new Map([
        [
          0,
          {
            sourceName: 'contracts/Book.sol',
            content: 'enum Mode { Fast, Safe } contract Book { enum Side { Buy, Sell } struct Leg { Side side; uint256 amount; } }',
          },
        ],
      ]),
    };
    const enums = AbiRegistry.fromContracts([book]);
    assert.equal(await enums.loadEnums(), null);
    const input = encodeFunctionData({ abi, functionName: 'route', args: [[{ side: 1, amount: 5n }], [0, 7]] });
    const call = decodeCall(enums, input);
    assert.ok(call);
    assert.equal(describeDecoded(call), 'route(legs: [(side: Sell (1), amount: 5)], modes: [Fast (0), 7])');
    assert.deepEqual(argsObject(decodeReturn(call, encodeFunctionResult({ abi, functionName: 'route', result: 0 }))!), { last: 'Buy (0)' });
    // Without the sources, the same call shows the numbers.
    assert.equal(
      describeDecoded(decodeCall(AbiRegistry.fromContracts([contract('Book', abi as unknown as Abi)]), input)!),
      'route(legs: [(side: 1, amount: 5)], modes: [0, 7])',
    );
  });

  it('names a log by its topic, indexed and data arguments in declaration order', () => {
    const topics = encodeEventTopics({ abi: VAULT, eventName: 'Moved', args: { from: ACCOUNT, to: ACCOUNT } });
    const data = encodeAbiParameters(parseAbiParameters('uint256, string'), [5n, 'rent']);
    const event = decodeEvent(registry, topics as string[], data);
    assert.ok(event);
    assert.equal(describeDecoded(event), `Moved(from: ${ACCOUNT}, to: ${ACCOUNT}, amount: 5, memo: "rent")`);
    assert.equal(decodeEvent(registry, [topics[0] as string], data), null, 'missing indexed topics');
    assert.equal(decodeEvent(registry, [], data), null);
  });

  it('decoded strings are quoted with control and direction characters escaped', () => {
    assert.equal(quote('a\u001b[31m"b"\u202e\u009b'), '"a\\x1b[31m\\"b\\"\\u202e\\x9b"');
    const error = decodeError(
      new AbiRegistry(),
      encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['\u001b[2J'] }),
    );
    assert.equal(describeDecoded(error!), 'Error(message: "\\x1b[2J")');
  });

  it('skips malformed ABI entries and metadata it cannot read, keeping the rest', () => {
    const mixed = new AbiRegistry();
    const skipped = mixed.add('X', [
      { type: 'function', name: 'ok', inputs: [{ type: 'uint256', name: 'a' }], outputs: [] },
      { type: 'function', name: 'bad type', inputs: [] },
      { type: 'function', name: 'weird', inputs: [{ type: 'uint7' }] },
      { type: 'constructor', inputs: [] },
      null,
      'nonsense',
    ]);
    assert.equal(skipped, 2);
    assert.ok(mixed.findFunction(toFunctionSelector('ok(uint256)')));
    assert.equal(mixed.add('Y', { not: 'an array' }), 0);
    assert.equal(abiOfMetadata('{not json'), undefined);
    assert.equal(abiOfMetadata(undefined), undefined);
  });
});
