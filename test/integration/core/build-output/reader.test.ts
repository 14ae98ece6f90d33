import { strict as assert } from 'node:assert';
import { cp, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildOutputReader, readBuildOutput } from '../../../../src/core/build-output/reader';
import { sampleBuildInfo, tempDirs, writeFoundry, writeHardhat3, writeJson, type BuildInfo } from '../../helpers/layouts';

/**
 * The sample workspace's contracts: 23 contracts (Guarded.sol holds two, Router.sol Router and Ledger) and the two
 * interfaces Treasury.sol declares.
 */
const CONTRACT_COUNT = 25;
/** Its source files, one per contract but for the interfaces, Spawned and Ledger. */
const SOURCE_COUNT = 21;

/** Sets a file's mtime `seconds` from now, so newest-first order does not depend on write timing. */
const age = (file: string, seconds: number) => utimes(file, new Date(Date.now() + seconds * 1000), new Date(Date.now() + seconds * 1000));

describe('build output reader', function () {
  this.timeout(60_000);
  let build: BuildInfo;
  const temp = tempDirs('build-output-');
  const tempDir = () => temp.make();
  const hardhat2 = (dir: string) => join(dir, 'artifacts/build-info', `${build.id}.json`);
  const ignition = (dir: string) => join(dir, 'ignition/deployments/chain-296/build-info', `${build.id}.json`);

  before(async () => {
    build = await sampleBuildInfo();
  });
  after(() => temp.remove());

  it('yields each contract of a build info with its raw solc output entry, the sources by index, origin and mtime', async () => {
    const dir = await tempDir();
    await writeJson(hardhat2(dir), { _format: 'hh-sol-build-info-1', ...build });
    const { contracts, problems } = await readBuildOutput(dir);
    assert.deepEqual(problems, []);
    assert.equal(contracts.length, CONTRACT_COUNT);
    const vault = contracts.find((c) => c.name === 'Vault')!;
    const raw = build.output.contracts['contracts/Vault.sol'].Vault;
    assert.equal(vault.sourceName, 'contracts/Vault.sol');
    assert.equal(vault.output.metadata, raw.metadata);
    assert.equal(vault.output.evm.deployedBytecode?.object, raw.evm.deployedBytecode.object);
    assert.equal(vault.output.evm.bytecode?.sourceMap, raw.evm.bytecode.sourceMap);
    assert.equal(
      vault.sources.get(build.output.sources['contracts/Vault.sol'].id)?.content,
      build.input.sources['contracts/Vault.sol'].content,
    );
    assert.equal(vault.origin, hardhat2(dir));
    assert.equal(vault.from, 'build-info');
    assert.ok(vault.mtimeMs > 0);
  });

  it('reads Ignition build infos, and a compilation copied there and in artifacts/ once, from the newest file', async () => {
    const dir = await tempDir();
    await writeJson(ignition(dir), { _format: 'hh-sol-build-info-1', ...build });
    assert.ok((await readBuildOutput(dir)).contracts.every((c) => c.origin === ignition(dir)));
    await writeJson(hardhat2(dir), { _format: 'hh-sol-build-info-1', ...build });
    await age(ignition(dir), 60);
    const { contracts } = await readBuildOutput(dir);
    assert.equal(contracts.length, CONTRACT_COUNT);
    assert.ok(contracts.every((c) => c.origin === ignition(dir)));
  });

  it('puts the newest output first, and drops Foundry artifacts whose full build info it reads', async () => {
    const dir = await tempDir();
    await writeFoundry(dir, build, { buildInfo: 'full' });
    const foundry = await readBuildOutput(dir);
    assert.equal(foundry.contracts.length, CONTRACT_COUNT);
    assert.ok(foundry.contracts.every((c) => c.from === 'build-info'));

    const other = join(dir, 'out/Other.sol/Other.json');
    await writeJson(other, { rawMetadata: build.output.contracts['contracts/Caller.sol'].Caller.metadata });
    await age(other, 60);
    const { contracts, problems } = await readBuildOutput(dir);
    assert.deepEqual(problems, []);
    assert.equal(contracts.length, CONTRACT_COUNT + 1);
    assert.deepEqual(
      [contracts[0].name, contracts[0].sourceName, contracts[0].origin, contracts[0].from],
      ['Caller', 'contracts/Caller.sol', other, 'artifact'],
    );
    assert.deepEqual(contracts[0].sources, new Map(), 'an artifact without source index or build knows no sources');
  });

  it('joins a Foundry artifact with the minimal build info that names its sources', async () => {
    const dir = await tempDir();
    await writeFoundry(dir, build, { out: 'forge-out' });
    const { contracts, problems } = await readBuildOutput(dir);
    assert.deepEqual(problems, []);
    const libUser = contracts.find((c) => c.name === 'LibUser')!;
    assert.equal(libUser.from, 'artifact');
    assert.match(libUser.origin, /forge-out[/\\]LibUser\.sol[/\\]LibUser\.0\.8\.\d+\.json$/);
    assert.equal(libUser.sources.size, SOURCE_COUNT);
    assert.equal(libUser.sources.get(build.output.sources['contracts/Vault.sol'].id)?.sourceName, 'contracts/Vault.sol');
  });

  it('keeps storageLayout from a build info, and from Foundry artifacts only when they were written with it', async () => {
    const raw = build.output.contracts['contracts/Store.sol'].Store.storageLayout;
    assert.ok(raw, 'the sample build asks solc for storageLayout');
    const hardhat = await tempDir();
    await writeJson(hardhat2(hardhat), { _format: 'hh-sol-build-info-1', ...build });
    const store = (dir: string) =>
      readBuildOutput(dir).then(({ contracts }) => contracts.find((c) => c.name === 'Store')!.output.storageLayout);
    assert.deepEqual(await store(hardhat), raw);
    const [plain, extra] = [await tempDir(), await tempDir()];
    await writeFoundry(plain, build);
    await writeFoundry(extra, build, { storageLayout: true });
    assert.equal(await store(plain), undefined);
    assert.deepEqual(await store(extra), raw);
  });

  it('reads a file again only once it (or the Hardhat 3 output beside it) changes, and keeps reporting its problems', async () => {
    const dir = await tempDir();
    await writeHardhat3(dir, build);
    const broken = join(dir, 'artifacts/build-info/broken.json');
    await writeFile(broken, '{');
    const reader = new BuildOutputReader(dir);
    const first = await reader.read();
    const again = await reader.read();
    assert.equal(first.problems.length, 1);
    assert.match(first.problems[0], /broken\.json: not valid JSON/);
    assert.deepEqual(again.problems, first.problems);
    assert.equal(again.contracts[0].output, first.contracts[0].output, 'the unchanged file was not parsed again');

    await age(join(dir, 'artifacts/build-info', `${build.id}.output.json`), 60);
    const changed = await reader.read();
    assert.notEqual(changed.contracts[0].output, first.contracts[0].output);
    assert.deepEqual(changed.contracts[0].output, first.contracts.find((c) => c.name === changed.contracts[0].name)?.output);
  });

  it('reads one named build info on its own', async () => {
    const dir = await tempDir();
    await writeJson(ignition(dir), { _format: 'hh-sol-build-info-1', ...build });
    const contracts = await new BuildOutputReader(dir).readBuildInfo(ignition(dir));
    assert.equal(contracts.length, CONTRACT_COUNT);
    assert.deepEqual(await new BuildOutputReader(dir).readBuildInfo(join(dir, 'missing.json')), []);
  });

  it('has nothing, and no problems, without build output; other JSON in the folders is not output', async () => {
    const dir = await tempDir();
    assert.deepEqual(await readBuildOutput(dir), { contracts: [], problems: [] });
    await writeJson(join(dir, 'artifacts/build-info/notes.json'), { hello: 'world' });
    await writeJson(join(dir, 'out/settings.json'), { optimizer: true });
    await cp(join(dir, 'out/settings.json'), join(dir, 'out/.hidden.json'));
    assert.deepEqual(await readBuildOutput(dir), { contracts: [], problems: [] });
    assert.deepEqual(await readBuildOutput(join(dir, 'does-not-exist')), { contracts: [], problems: [] });
  });
});
