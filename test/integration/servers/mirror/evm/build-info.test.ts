import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createEvmTraceProvider, writeBuildInfo } from '../../../../../servers/mirror/evm/index';

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

interface BuildInfo {
  _format: string;
  id: string;
  solcVersion: string;
  solcLongVersion: string;
  input: { language: string; sources: Record<string, { content: string }>; settings: { optimizer: { enabled: boolean } } };
  output: {
    sources: Record<string, { id: number; ast: { nodeType: string } }>;
    contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string; sourceMap: string } } }>>;
  };
}

describe('reference mirror contracts: Hardhat build info and /contracts records', function () {
  this.timeout(60_000);
  let dir: string;
  let written: string[];
  const buildInfoPath = (): string => written.find((p) => p.startsWith(join(dir, 'artifacts', 'build-info')))!;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evm-artifacts-'));
    written = await writeBuildInfo(dir);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the sources, one build info and an artifact with its .dbg.json per contract', () => {
    const relative = written.map((p) => p.slice(dir.length + 1)).sort();
    assert.ok(relative.includes('contracts/Calculator.sol'));
    assert.equal(relative.filter((p) => p.startsWith('artifacts/build-info/')).length, 1);
    for (const name of ['Calculator', 'Caller', 'Callee', 'Child', 'Factory', 'LibUser', 'MathLib', 'Looper', 'Store', 'Events', 'Vault']) {
      assert.ok(relative.includes(`artifacts/contracts/${name}.sol/${name}.json`), name);
      assert.ok(relative.includes(`artifacts/contracts/${name}.sol/${name}.dbg.json`), name);
    }
  });

  it('build info holds the solc input and output with source maps and ASTs (optimizer off)', async () => {
    const path = buildInfoPath();
    const info = await readJson<BuildInfo>(path);
    assert.equal(info._format, 'hh-sol-build-info-1');
    assert.equal(path, join(dir, 'artifacts', 'build-info', `${info.id}.json`));
    assert.match(info.solcVersion, /^0\.8\.\d+$/);
    assert.match(info.solcLongVersion, new RegExp(`^${info.solcVersion.replace(/\./g, '\\.')}\\+commit\\.[0-9a-f]{8}$`));
    assert.equal(info.input.settings.optimizer.enabled, false);
    assert.equal(info.input.sources['contracts/Calculator.sol']!.content, await readFile(join(dir, 'contracts/Calculator.sol'), 'utf8'));
    assert.equal(info.output.sources['contracts/Calculator.sol']!.ast.nodeType, 'SourceUnit');
    const calculator = info.output.contracts['contracts/Calculator.sol']!.Calculator!.evm.deployedBytecode;
    assert.match(calculator.sourceMap, /^\d+:\d+:\d+:-/);
    assert.match(calculator.object, /^[0-9a-f]+$/);
  });

  it('artifacts follow hh-sol-artifact-1 and their .dbg.json points at the build info', async () => {
    const base = join(dir, 'artifacts/contracts/LibUser.sol/LibUser');
    const artifact = await readJson<Record<string, unknown>>(`${base}.json`);
    assert.equal(artifact._format, 'hh-sol-artifact-1');
    assert.equal(artifact.contractName, 'LibUser');
    assert.equal(artifact.sourceName, 'contracts/LibUser.sol');
    assert.match(artifact.deployedBytecode as string, /^0x[0-9a-f]*__\$[0-9a-f]{34}\$__/);
    assert.deepEqual(Object.keys(artifact.deployedLinkReferences as object), ['contracts/MathLib.sol']);
    const dbg = await readJson<{ _format: string; buildInfo: string }>(`${base}.dbg.json`);
    assert.equal(dbg._format, 'hh-sol-dbg-1');
    assert.equal(resolve(dirname(base), dbg.buildInfo), buildInfoPath());
  });

  it('serves deployed contracts by id and by long-zero address, with their on-chain code', async () => {
    const provider = await createEvmTraceProvider({});
    const info = await readJson<BuildInfo>(buildInfoPath());
    const calculator = provider.findContract('0.0.1001');
    assert.ok(calculator);
    assert.equal(provider.findContract('0x00000000000000000000000000000000000003e9'), calculator);
    assert.equal(calculator.evmAddress, '0x00000000000000000000000000000000000003e9');
    const compiled = info.output.contracts['contracts/Calculator.sol']!.Calculator!.evm.deployedBytecode.object;
    assert.equal(calculator.runtimeBytecode, `0x${compiled}`);
    const body = calculator.body as Record<string, unknown>;
    assert.equal(body.contract_id, '0.0.1001');
    assert.equal(body.evm_address, calculator.evmAddress);
    assert.equal(body.runtime_bytecode, calculator.runtimeBytecode);
    assert.match(body.bytecode as string, /^0x[0-9a-f]+$/);
    assert.match(body.created_timestamp as string, /^\d{10}\.\d{9}$/);

    const libUser = provider.findContract('0.0.1009')!;
    assert.ok(!libUser.runtimeBytecode.includes('__'), 'the deployed LibUser is linked');
    assert.ok(libUser.runtimeBytecode.includes('00000000000000000000000000000000000003f0'), 'linked to MathLib at 0.0.1008');
    assert.equal(provider.findContract('0.0.999'), undefined);
    assert.equal(provider.findContract('0x00000000000000000000000000000000000003e7'), undefined);
  });
});
