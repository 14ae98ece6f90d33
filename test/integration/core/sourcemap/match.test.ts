import { strict as assert } from 'node:assert';
import { DEPLOYMENTS } from '../../../../servers/mirror/evm/cases';
import { entityId, FIRST_CONTRACT_NUM } from '../../../../servers/mirror/evm/ids';
import { codeBytes, instructionIndex } from '../../../../src/core/sourcemap/bytecode';
import type { CompiledCode } from '../../../../src/core/sourcemap/compiled-code';
import { opcodeName } from '../../../../src/core/sourcemap/opcodes';
import { referenceProvider } from '../../helpers/reference-mirror';
import { loadSample, type Sample } from '../../helpers/sample';

/** The code as the reference mirror deployed it (linked, immutables set, a library's address written in). */
async function deployed(contract: string): Promise<{ runtime: Uint8Array; creation: Uint8Array }> {
  const provider = await referenceProvider('post-op');
  const num = FIRST_CONTRACT_NUM + DEPLOYMENTS.findIndex((d) => d.contract === contract);
  const record = provider.findContract(entityId(num));
  assert.ok(record, contract);
  const body = record.body as { bytecode: string };
  return { runtime: codeBytes(record.runtimeBytecode), creation: codeBytes(body.bytecode) };
}

/** Every instruction of the code's body as (pc, op): what a trace running all of it would show. */
function allOps(code: CompiledCode): Array<{ pc: number; op: string }> {
  const index = instructionIndex(code.bytes, code.bodyLength);
  const out: Array<{ pc: number; op: string }> = [];
  index.forEach((ic, pc) => {
    if (ic >= 0) out.push({ pc, op: opcodeName(code.bytes[pc]) ?? 'INVALID' });
  });
  return out;
}

describe('matching code on chain to build artifacts', function () {
  this.timeout(120_000);
  let sample: Sample;
  before(async () => {
    sample = await loadSample();
  });

  for (const { contract } of DEPLOYMENTS) {
    it(`recognises the deployed ${contract} by its runtime code, metadata included`, async () => {
      const m = sample.index.matchRuntime((await deployed(contract)).runtime);
      assert.equal(m?.artifact.name, contract);
      assert.equal(m.kind, 'runtime');
      assert.equal(m.by, 'code');
      assert.equal(m.metadataDiffers, false);
    });
  }

  it("ignores what the deployment filled in: an immutable, a library link, a library's own address", async () => {
    for (const contract of ['Caller', 'LibUser', 'MathLib']) {
      const chain = (await deployed(contract)).runtime;
      const compiled = sample.artifact(contract).runtime!.bytes;
      assert.equal(chain.length, compiled.length);
      assert.notDeepEqual(chain, compiled, `${contract}'s deployed code differs from the compiler output`);
    }
  });

  it('keeps a match whose metadata differs, flagged', async () => {
    const chain = (await deployed('Callee')).runtime.slice();
    const metadata = sample.artifact('Callee').runtime!.metadata;
    chain[chain.length - metadata + 10] ^= 0xff; // inside the IPFS hash
    const m = sample.index.matchRuntime(chain);
    assert.equal(m?.artifact.name, 'Callee');
    assert.equal(m.metadataDiffers, true);
  });

  it('rejects code whose body differs in one byte or has another length', async () => {
    const chain = (await deployed('Callee')).runtime;
    const changed = chain.slice();
    changed[40] ^= 0x01;
    assert.equal(sample.index.matchRuntime(changed), undefined);
    assert.equal(sample.index.matchRuntime(chain.subarray(1)), undefined);
    assert.equal(sample.index.matchRuntime(new Uint8Array()), undefined);
  });

  it('recognises init code with constructor arguments appended as the creation code', async () => {
    const { creation } = await deployed('Caller');
    assert.ok(creation.length > sample.artifact('Caller').creation!.bytes.length, 'Caller was deployed with an argument');
    const m = sample.index.matchCreation(creation);
    assert.equal(m?.artifact.name, 'Caller');
    assert.equal(m.kind, 'creation');
    assert.equal(m.metadataDiffers, false);
  });

  it('recognises code by the ops it executed, and only when one code fits', () => {
    const vault = sample.artifact('Vault').runtime!;
    const ops = allOps(vault);
    const m = sample.index.matchExecuted('runtime', ops);
    assert.equal(m?.artifact.name, 'Vault');
    assert.equal(m.by, 'ops');
    // Every contract starts with the same prologue: too little to tell them apart.
    assert.equal(sample.index.matchExecuted('runtime', ops.slice(0, 4)), undefined);
    // Ops the table does not know say nothing, so nothing is recognised.
    assert.equal(sample.index.matchExecuted('runtime', [{ pc: 0, op: 'TRUNCATED_OP' }]), undefined);
    // A wrong op at a pc rules the code out.
    assert.equal(sample.index.matchExecuted('runtime', [...ops, { pc: ops[5].pc, op: 'SSTORE' }]), undefined);
  });

  it("recognises a creation by its init code's ops", () => {
    const child = sample.artifact('Child').creation!;
    const m = sample.index.matchExecuted('creation', allOps(child).slice(0, 200));
    assert.equal(m?.artifact.name, 'Child');
    assert.equal(m.kind, 'creation');
  });
});
