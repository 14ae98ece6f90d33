// A call's frame named by the function its input selects (the called contract's ABI), when its code never entered
// the function's definition.
import { strict as assert } from 'node:assert';
import type { ContractArtifact } from '../../../src/core/sourcemap/artifacts';
import type { CompiledCode } from '../../../src/core/sourcemap/compiled-code';
import type { Program } from '../../../src/core/sourcemap/program';
import { calledFunction } from '../../../src/debug/call-name';
import { modifierLabel } from '../../../src/debug/modifier-frames';

const runtime = {} as CompiledCode;
const creation = {} as CompiledCode;

function programWith(abi: unknown, code: CompiledCode = runtime): Program {
  const metadata = {
    compiler: { version: '0.8.30' },
    language: 'Solidity',
    settings: { compilationTarget: { 'contracts/Tok.sol': 'Tok' } },
    sources: {},
    output: { abi },
    version: 1,
  };
  const artifact = { name: 'Tok', metadata: JSON.stringify(metadata), runtime, creation } as unknown as ContractArtifact;
  return { frameCode: [{ artifact, code, address: undefined }] } as unknown as Program;
}

const TRANSFER = { type: 'function', name: 'transfer', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [] };
// transfer(address,uint256)
const INPUT = `0xa9059cbb${'00'.repeat(64)}`;

describe('calls named by their input', () => {
  it("names the function the input's selector selects", () => {
    assert.equal(calledFunction(programWith([TRANSFER]), 0, INPUT), 'Tok.transfer');
  });

  it('names nothing for an unknown selector, a short or missing input, creation code or a malformed ABI', () => {
    assert.equal(calledFunction(programWith([TRANSFER]), 0, '0x095ea7b3'), undefined);
    assert.equal(calledFunction(programWith([TRANSFER]), 0, '0xa905'), undefined);
    assert.equal(calledFunction(programWith([TRANSFER]), 0, undefined), undefined);
    assert.equal(calledFunction(programWith([TRANSFER], creation), 0, INPUT), undefined);
    assert.equal(calledFunction(programWith([{ type: 'function', name: 'transfer', inputs: [{ type: 'uint77x' }] }]), 0, INPUT), undefined);
    assert.equal(calledFunction(programWith('not an abi'), 0, INPUT), undefined);
  });
});

describe('modifier labels', () => {
  it("name a modifier with its parameters' types, without data locations", () => {
    const param = (type: string) => ({ id: 1, name: 'x', type, start: 0, length: 0 });
    assert.equal(modifierLabel({ callable: { name: 'onlyOwner', params: [] } }), 'onlyOwner');
    assert.equal(
      modifierLabel({ callable: { name: 'onlyRole', params: [param('bytes32'), param('string memory')] } }),
      'onlyRole(bytes32,string)',
    );
  });
});
