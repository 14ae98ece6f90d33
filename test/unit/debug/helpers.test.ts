// Small pure parts of the debugger: hit counts, Hedera ids of addresses, ABIs from Solidity headers, disassembly.
import { strict as assert } from 'node:assert';
import { parseHitCondition } from '../../../src/debug/breakpoints';
import { disassemble, instructionIndexOf } from '../../../src/debug/disassembly';
import { ExpressionError } from '../../../src/debug/expression';
import { launchEndpoints } from '../../../src/debug/standalone-host';
import { entityOfAddress, functionAbi } from '../../../src/debug/variables';

describe('debugger helpers', () => {
  it('hit conditions: N is the N-th hit and later; operators and every-N-th', () => {
    const hits = (text: string) => [1, 2, 3, 4, 5, 6].filter(parseHitCondition(text)!);
    assert.deepEqual(hits('3'), [3, 4, 5, 6]);
    assert.deepEqual(hits('>= 5'), [5, 6]);
    assert.deepEqual(hits('==2'), [2]);
    assert.deepEqual(hits('> 4'), [5, 6]);
    assert.deepEqual(hits('< 3'), [1, 2]);
    assert.deepEqual(hits('% 2'), [2, 4, 6]);
    assert.throws(() => parseHitCondition('often'), ExpressionError);
  });

  it('launch endpoints: "custom" takes mirrorUrl, and without it says so', () => {
    assert.equal(launchEndpoints({ network: 'custom', mirrorUrl: 'http://127.0.0.1:5551/' }).restUrl, 'http://127.0.0.1:5551');
    assert.throws(() => launchEndpoints({ network: 'custom' }), /custom network needs "mirrorUrl"/);
    assert.throws(() => launchEndpoints({ network: 'moon' }), /Give "network"/);
    assert.equal(launchEndpoints({ network: 'testnet' }).network, 'testnet');
  });

  it('names long-zero addresses by their Hedera id and nothing else', () => {
    assert.equal(entityOfAddress('0x00000000000000000000000000000000000003e9'), '0.0.1001');
    assert.equal(entityOfAddress('0x1234567890123456789012345678901234567890'), undefined);
    assert.equal(entityOfAddress(null), undefined);
  });

  it('reads a function ABI from a Solidity header, data locations and modifiers included', () => {
    const abi = functionAbi('function f(uint256 a,\n  string memory s, address[] calldata to) external virtual override returns (bool ok)');
    assert.deepEqual(
      abi?.inputs.map((p) => [p.name, p.type]),
      [
        ['a', 'uint256'],
        ['s', 'string'],
        ['to', 'address[]'],
      ],
    );
    assert.deepEqual(
      abi?.outputs.map((p) => p.type),
      ['bool'],
    );
    assert.equal(functionAbi('constructor(uint256 a)'), undefined);
    assert.equal(functionAbi('function g(MyStruct memory s)'), undefined, 'user types are not in the header');
    assert.equal(functionAbi(undefined), undefined);
  });

  it('disassembles with immediates and finds the instruction at or before a pc', () => {
    // PUSH1 0x80 PUSH1 0x40 MSTORE CALLVALUE PUSH2 0x0102 0xfe
    const code = Uint8Array.from([0x60, 0x80, 0x60, 0x40, 0x52, 0x34, 0x61, 0x01, 0x02, 0xfe]);
    const list = disassemble(code);
    assert.deepEqual(
      list.map((i) => [i.pc, i.text]),
      [
        [0, 'PUSH1 0x80'],
        [2, 'PUSH1 0x40'],
        [4, 'MSTORE'],
        [5, 'CALLVALUE'],
        [6, 'PUSH2 0x0102'],
        [9, 'INVALID'],
      ],
    );
    assert.equal(instructionIndexOf(list, 6), 4);
    assert.equal(instructionIndexOf(list, 7), 4, 'inside an immediate: its instruction');
    assert.equal(instructionIndexOf(list, 0), 0);
  });
});
