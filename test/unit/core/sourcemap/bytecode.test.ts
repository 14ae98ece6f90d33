import { strict as assert } from 'node:assert';
import { codeBytes, instructionIndex, libraryAddressRange, metadataLength, referenceRanges } from '../../../../src/core/sourcemap/bytecode';
import { canonicalOpName, immediateSize, isOpcodeName, opcodeName } from '../../../../src/core/sourcemap/opcodes';

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));

describe('bytecode: pc → instruction index', () => {
  const table: Array<{ name: string; code: string; want: number[] }> = [
    { name: 'one-byte ops', code: '00 01 02', want: [0, 1, 2] },
    // PUSH1 0x80 PUSH1 0x40 MSTORE
    { name: 'PUSH1 skips one byte', code: '6080 6040 52', want: [0, -1, 1, -1, 2] },
    { name: 'PUSH0 has no immediate', code: '5f 5f 01', want: [0, 1, 2] },
    { name: 'PUSH32 skips 32 bytes', code: `7f${'ff'.repeat(32)} 00`, want: [0, ...Array(32).fill(-1), 1] },
    { name: 'PUSH2 data that looks like an op is not an instruction', code: '61 5b5b 5b', want: [0, -1, -1, 1] },
    { name: 'a PUSH cut short by the end of code', code: '00 63 aabb', want: [0, 1, -1, -1] },
  ];
  for (const { name, code, want } of table) it(name, () => assert.deepEqual([...instructionIndex(hex(code))], want));

  it('stops at the given end (metadata is not walked)', () => {
    assert.deepEqual([...instructionIndex(hex('00 60 01 a1 64'), 3)], [0, 1, -1]);
  });
});

describe('bytecode: masks and metadata', () => {
  it("finds solc's CBOR metadata tail: ipfs + solc, and solc only (bytecodeHash none)", () => {
    const ipfs = `a2646970667358221220${'11'.repeat(32)}64736f6c63430008250033`;
    assert.equal(metadataLength(hex(`6080604052${ipfs}`)), ipfs.length / 2);
    // From a Foundry artifact compiled with bytecodeHash = none (optimism op-chain-ops testdata).
    assert.equal(metadataLength(hex('50019056fe a164736f6c634300080f000a')), 12);
  });

  it('finds no metadata where the tail is not a CBOR map', () => {
    for (const code of ['', '00', '6080604052', '60806040520003', 'ff0000']) assert.equal(metadataLength(hex(code)), 0, code);
  });

  it('turns link placeholders of both solc styles into zeros', () => {
    const newStyle = codeBytes(`0x73__$0123456789abcdef0123456789abcdef01$__6000`);
    assert.deepEqual([...newStyle], [0x73, ...Array(20).fill(0), 0x60, 0x00]);
    // Before 0.5: `__` + the library's name, padded with `_` to 40 characters.
    const oldStyle = codeBytes(`73${'__contracts/MathLib.sol:MathLib'.padEnd(40, '_')}6000`);
    assert.deepEqual([...oldStyle], [0x73, ...Array(20).fill(0), 0x60, 0x00]);
  });

  it('rejects text that is not bytecode', () => {
    assert.throws(() => codeBytes('0x123'), /even number of hex digits/);
    assert.throws(() => codeBytes('zz'), /hex/);
  });

  it("finds a library's own address slot only in the call-protection prefix", () => {
    assert.deepEqual(libraryAddressRange(hex(`73${'00'.repeat(20)}3014 6080`)), { start: 1, length: 20 });
    assert.equal(libraryAddressRange(hex(`73${'00'.repeat(19)}01 3014`)), undefined);
    assert.equal(libraryAddressRange(hex('6080604052')), undefined);
  });

  it('flattens link and immutable references into byte ranges', () => {
    const links = {
      'contracts/MathLib.sol': {
        MathLib: [
          { start: 10, length: 20 },
          { start: 90, length: 20 },
        ],
      },
    };
    const immutables = { '12': [{ start: 200, length: 32 }], '15': [] };
    assert.deepEqual(referenceRanges(links), [
      { start: 10, length: 20 },
      { start: 90, length: 20 },
    ]);
    assert.deepEqual(referenceRanges(immutables), [{ start: 200, length: 32 }]);
    assert.deepEqual(referenceRanges(undefined), []);
    assert.deepEqual(referenceRanges({ x: [{ start: -1, length: 2 }, { start: 'a' }] }), []);
  });
});

describe('opcodes', () => {
  it('names every instruction byte the Cancun instruction set has, as @ethereumjs/evm does', async () => {
    const { getOpcodesForHF, paramsEVM } = await import('@ethereumjs/evm');
    const { Common, Hardfork, Mainnet } = await import('@ethereumjs/common');
    const reference = getOpcodesForHF(new Common({ chain: Mainnet, hardfork: Hardfork.Cancun, params: paramsEVM })).opcodes;
    for (let byte = 0; byte < 256; byte++) {
      const op = reference.get(byte);
      // @ethereumjs names PUSHn/DUPn/SWAPn/LOGn by family only; the width comes from the byte.
      const want =
        op && ['PUSH', 'DUP', 'SWAP', 'LOG'].includes(op.name)
          ? `${op.name}${op.name === 'PUSH' ? byte - 0x5f : op.name === 'DUP' ? byte - 0x7f : op.name === 'SWAP' ? byte - 0x8f : byte - 0xa0}`
          : op?.name;
      assert.equal(opcodeName(byte), want, `0x${byte.toString(16)}`);
      assert.equal(immediateSize(byte), want?.startsWith('PUSH') && want !== 'PUSH0' ? byte - 0x5f : 0);
    }
  });

  it('accepts the older spellings trace servers use', () => {
    assert.equal(canonicalOpName('SHA3'), 'KECCAK256');
    assert.equal(canonicalOpName('SUICIDE'), 'SELFDESTRUCT');
    assert.equal(canonicalOpName('DIFFICULTY'), 'PREVRANDAO');
    assert.ok(isOpcodeName('SHA3') && isOpcodeName('PUSH32') && isOpcodeName('MCOPY'));
    assert.ok(!isOpcodeName('TRUNCATED_OP') && !isOpcodeName('PUSH33') && !isOpcodeName('push1'));
  });
});
