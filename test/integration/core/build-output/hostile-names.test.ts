// Build output written to exhaust whoever reads it for names and source stepping: an expression nested deep enough
// to make the Solidity parser super-linear, parsing slow enough to outlast its time budget, a source map with far
// more entries than its code has instructions, an ABI tuple nested hundreds deep, an ABI that multiplies out to
// tens of thousands of parameters. Each is generated here, sized so the test stays fast once the bound holds; each
// must cost names only (with a note), never the command, the reader or the thread it runs on.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { readBuildOutput } from '../../../../src/core/build-output/reader';
import { AbiRegistry } from '../../../../src/core/names/registry';
import { discoverArtifacts } from '../../../../src/core/sourcemap/discover';
import { tempDirs, writeJson } from '../../helpers/layouts';

interface HostileContract {
  source: string;
  abi?: unknown[];
  bytecode?: string;
  sourceMap?: string;
}

/** A Hardhat 2 build info of one file `<name>.sol` declaring contract `<name>`. */
async function writeBuildInfo(root: string, name: string, c: HostileContract): Promise<void> {
  const file = `${name}.sol`;
  const metadata = JSON.stringify({
    compiler: { version: '0.8.24+commit.e11b9ed9' },
    language: 'Solidity',
    settings: { compilationTarget: { [file]: name } },
    sources: { [file]: { keccak256: '0x00' } },
    output: { abi: c.abi ?? [] },
    version: 1,
  });
  const code = { object: c.bytecode ?? '6001600101', sourceMap: c.sourceMap ?? '0:1:0:-:0;;' };
  await writeJson(join(root, `artifacts/build-info/${name}.json`), {
    _format: 'hh-sol-build-info-1',
    solcVersion: '0.8.24',
    input: { language: 'Solidity', sources: { [file]: { content: c.source } } },
    output: {
      sources: { [file]: { id: 0 } },
      contracts: { [file]: { [name]: { metadata, evm: { bytecode: code, deployedBytecode: code } } } },
    },
  });
}

const STATUS = 'enum Status { Off, On }';
const getter = (contract: string) => ({
  type: 'function',
  name: 'status',
  stateMutability: 'view',
  inputs: [],
  outputs: [{ name: '', type: 'uint8', internalType: `enum ${contract}.Status` }],
});
const nested = (depth: number) => `${'('.repeat(depth)}1${')'.repeat(depth)}`;
const param = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'uint256', internalType: 'uint256', ...extra });

/** A tuple parameter holding `depth - 1` tuples, one inside the other. */
function deepTuple(depth: number): Record<string, unknown> {
  let p: Record<string, unknown> = param('leaf');
  for (let i = 0; i < depth - 1; i++) p = { name: `t${i}`, type: 'tuple', internalType: 'struct S', components: [p] };
  return p;
}

/** `width` tuples of `width` tuples of `width` uint256s: width³ parameters in one function. */
function wideParams(width: number): unknown[] {
  const leaves = Array.from({ length: width }, (_, i) => param(`u${i}`));
  const middle = Array.from({ length: width }, (_, i) => ({ name: `m${i}`, type: 'tuple', internalType: 'struct M', components: leaves }));
  return Array.from({ length: width }, (_, i) => ({ name: `w${i}`, type: 'tuple', internalType: 'struct W', components: middle }));
}

describe('hostile build output for names and source maps', function () {
  this.timeout(60_000);
  const temp = tempDirs('ledger-hostile-names-');
  after(() => temp.remove());

  const registryOf = async (root: string) => AbiRegistry.fromContracts((await readBuildOutput(root)).contracts);

  it('an expression nested 300 parentheses deep is not parsed: its file loses its enum names with a note, another file keeps them', async () => {
    const root = await temp.make();
    await writeBuildInfo(root, 'Deep', {
      source: `contract Deep { ${STATUS} function f() public pure returns (uint) { return ${nested(300)}; } }`,
      abi: [getter('Deep')],
    });
    await writeBuildInfo(root, 'Plain', { source: `contract Plain { ${STATUS} }`, abi: [getter('Plain')] });
    const abis = await registryOf(root);
    const note = await abis.loadEnums();
    assert.deepEqual(abis.enums().get('Plain.Status'), ['Off', 'On']);
    assert.equal(abis.enums().get('Deep.Status'), undefined);
    assert.match(note ?? '', /^Enum names left out: Deep\.sol nests expressions deeper than 32 parentheses\.$/);
  });

  it('parsing that outlasts its time budget runs off this thread and stops: what finished is kept, the rest left out with a note', async () => {
    const root = await temp.make();
    await writeBuildInfo(root, 'Fast', { source: `contract Fast { ${STATUS} }`, abi: [getter('Fast')] });
    // Each expression sits under the nesting bound but costs the parser a fraction of a second: minutes in all.
    const slow = Array.from({ length: 400 }, (_, i) => `function f${i}() public pure returns (uint) { return ${nested(30)}; }`).join('\n');
    await writeBuildInfo(root, 'Slow', { source: `contract Slow { ${STATUS} ${slow} }`, abi: [getter('Slow')] });
    const abis = await registryOf(root);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      const note = await abis.loadEnums({ budgetMs: 2000 });
      assert.match(
        note ?? '',
        /^Enum names left out: reading the sources ran out of its 2 s budget \(1 of 2 compilations left unread\)\.$/,
      );
    } finally {
      clearInterval(timer);
    }
    assert.ok(ticks > 0, 'the calling thread kept running its timers while the sources were parsed');
    assert.deepEqual(abis.enums().get('Fast.Status'), ['Off', 'On']);
    assert.equal(abis.enums().get('Slow.Status'), undefined);
  });

  it('a source map with more entries than its code has instructions is refused before it is decoded', async () => {
    const root = await temp.make();
    await writeBuildInfo(root, 'Map', { source: 'contract Map {}', bytecode: '6001600101', sourceMap: ';'.repeat(200_000) });
    const { artifacts, problems } = await discoverArtifacts(root);
    assert.deepEqual(artifacts, []);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /Map\.sol:Map: the source map has 200001 entries, more than the 3 instructions of its bytecode$/);
  });

  it('a tuple nested 700 deep is skipped as malformed; the rest of the ABI still names', async () => {
    const root = await temp.make();
    const abi = [
      { type: 'function', name: 'deep', stateMutability: 'pure', inputs: [deepTuple(700)], outputs: [] },
      { type: 'function', name: 'plain', stateMutability: 'pure', inputs: [param('x')], outputs: [] },
    ];
    await writeBuildInfo(root, 'DeepAbi', { source: 'contract DeepAbi {}', abi });
    const abis = await registryOf(root);
    assert.deepEqual(abis.functionsNamed('DeepAbi', 'deep'), []);
    assert.equal(abis.functionsNamed('DeepAbi', 'plain').length, 1);
    assert.equal(new AbiRegistry().add('DeepAbi', abi), 1);
  });

  it('a function of 30 × 30 × 30 parameters is skipped: a node budget bounds the whole item, not only each array', async () => {
    const root = await temp.make();
    const abi = [
      { type: 'function', name: 'wide', stateMutability: 'pure', inputs: wideParams(30), outputs: [] },
      { type: 'function', name: 'plain', stateMutability: 'pure', inputs: [param('x')], outputs: [] },
    ];
    await writeBuildInfo(root, 'WideAbi', { source: 'contract WideAbi {}', abi });
    const abis = await registryOf(root);
    assert.deepEqual(abis.functionsNamed('WideAbi', 'wide'), []);
    assert.equal(abis.functionsNamed('WideAbi', 'plain').length, 1);
  });
});
