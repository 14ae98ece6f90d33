import { strict as assert } from 'node:assert';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContractArtifact } from '../../../../src/core/sourcemap/artifacts';
import { discoverArtifacts } from '../../../../src/core/sourcemap/discover';
import {
  copySources,
  sampleBuildInfo,
  tempDirs,
  writeFoundry,
  writeHardhat3,
  type BuildInfo,
  type FoundryOptions,
} from '../../helpers/layouts';
import { sampleWorkspace } from '../../helpers/sample-workspace';

const CONTRACTS = [
  'Bulk',
  'Calculator',
  'Callee',
  'Caller',
  'Child',
  'Digests',
  'Events',
  'Factory',
  'Guarded',
  'Ledger',
  'LibUser',
  'Locals',
  'Looper',
  'MathLib',
  'Orders',
  'Permit',
  'Router',
  'Spawned',
  'Store',
  'TokenSender',
  'Treasury',
  'Vault',
  'Wallet',
];

/** Source files: one per contract, but Guarded.sol holds Spawned too and Router.sol holds Ledger. */
const SOURCE_FILES = CONTRACTS.length - 2;

const names = (artifacts: ContractArtifact[]) => artifacts.map((a) => a.name).sort();
const byName = (artifacts: ContractArtifact[], name: string) => artifacts.find((a) => a.name === name)!;

describe('artifact discovery', function () {
  this.timeout(60_000);
  let build: BuildInfo;
  let sample: string;
  const temp = tempDirs('sourcemap-discover-');
  const tempDir = () => temp.make();
  before(async () => {
    [build, sample] = await Promise.all([sampleBuildInfo(), sampleWorkspace()]);
  });
  after(() => temp.remove());

  it('Hardhat 2 (the sample workspace): every contract from the build info, sources as compiled', async () => {
    const { artifacts, problems } = await discoverArtifacts(sample);
    assert.deepEqual(problems, []);
    assert.deepEqual(names(artifacts), CONTRACTS, 'once each: the per-contract artifacts (no source maps) are not read');
    const callee = byName(artifacts, 'Callee');
    assert.equal(callee.sourceName, 'contracts/Callee.sol');
    assert.ok(callee.runtime && callee.creation);
    const own = [...callee.sources.values()].find((s) => s.sourceName === 'contracts/Callee.sol');
    assert.equal(own?.candidates[0], join(sample, 'contracts/Callee.sol'));
    assert.equal(own?.content, await readFile(join(sample, 'contracts/Callee.sol'), 'utf8'));
    assert.equal(callee.sources.size, SOURCE_FILES, "the whole compilation's sources, by source index");
    assert.equal(callee.sources.get(build.output.sources['contracts/Vault.sol'].id)?.sourceName, 'contracts/Vault.sol');
  });

  it('Hardhat 3: input and output in two files, `project/` source names resolved to the project', async () => {
    const dir = await tempDir();
    await writeHardhat3(dir, build);
    const { artifacts, problems } = await discoverArtifacts(dir);
    assert.deepEqual(problems, []);
    assert.deepEqual(names(artifacts), CONTRACTS);
    const caller = byName(artifacts, 'Caller');
    assert.equal(caller.sourceName, 'project/contracts/Caller.sol');
    const source = caller.sources.get(build.output.sources['contracts/Caller.sol'].id);
    assert.equal(source?.candidates[0], join(dir, 'contracts/Caller.sol'));
    assert.equal(source?.content, build.input.sources['contracts/Caller.sol'].content);
    assert.deepEqual(caller.runtime?.bytes, byName((await discoverArtifacts(sample)).artifacts, 'Caller').runtime?.bytes);
  });

  it('Hardhat 3 without its output file: reported, not fatal', async () => {
    const dir = await tempDir();
    await writeHardhat3(dir, build);
    await rm(join(dir, 'artifacts/build-info', `${build.id}.output.json`));
    const { artifacts, problems } = await discoverArtifacts(dir);
    assert.deepEqual(artifacts, []);
    assert.equal(problems.length, 1);
    assert.match(problems[0], new RegExp(`no compiler output beside it \\(${build.id}\\.output\\.json\\)`));
  });

  const foundry: Array<{ name: string; options: FoundryOptions; sources: 'all' | 'own' }> = [
    { name: 'minimal build info and cache (the defaults)', options: {}, sources: 'all' },
    { name: "minimal build info, no cache: the build is the one naming the artifact's source", options: { cache: false }, sources: 'all' },
    { name: "no build info: only the artifact's own source is known", options: { buildInfo: 'none', cache: false }, sources: 'own' },
    { name: 'a custom artifacts folder named by the cache', options: { out: 'forge-out' }, sources: 'all' },
  ];
  for (const { name, options, sources } of foundry) {
    it(`Foundry, ${name}`, async () => {
      const dir = await tempDir();
      await writeFoundry(dir, build, options);
      const { artifacts, problems } = await discoverArtifacts(dir);
      assert.deepEqual(problems, []);
      assert.deepEqual(names(artifacts), CONTRACTS, 'named by the compilation target, not the versioned file name');
      const libUser = byName(artifacts, 'LibUser');
      assert.equal(libUser.sourceName, 'contracts/LibUser.sol');
      assert.match(libUser.origin, /LibUser\.sol[/\\]LibUser\.0\.8\.\d+\.json$/);
      const own = libUser.sources.get(build.output.sources['contracts/LibUser.sol'].id);
      assert.equal(own?.sourceName, 'contracts/LibUser.sol');
      assert.equal(own?.candidates[0], join(dir, 'contracts/LibUser.sol'));
      assert.equal(own?.content, undefined, 'Foundry keeps no source text by default');
      assert.equal(libUser.sources.size, sources === 'all' ? SOURCE_FILES : 1);
    });
  }

  it('Foundry with a full build info (build_info = true): contracts from it, not twice', async () => {
    const dir = await tempDir();
    await writeFoundry(dir, build, { buildInfo: 'full' });
    const { artifacts, problems } = await discoverArtifacts(dir);
    assert.deepEqual(problems, []);
    assert.deepEqual(names(artifacts), CONTRACTS);
    assert.ok(artifacts.every((a) => a.origin.endsWith(join('build-info', `${build.id}.json`))));
    assert.equal(
      byName(artifacts, 'Vault').sources.get(build.output.sources['contracts/Vault.sol'].id)?.content,
      build.input.sources['contracts/Vault.sol'].content,
    );
  });

  it('a broken file is reported and skipped; the rest is still found', async () => {
    const dir = await tempDir();
    await writeFoundry(dir, build);
    await copySources(dir);
    const broken = join(dir, 'out/Broken.sol/Broken.json');
    await mkdir(join(dir, 'out/Broken.sol'), { recursive: true });
    await writeFile(broken, '{"deployedBytecode": ');
    const odd = join(dir, 'out/Odd.sol/Odd.json');
    await mkdir(join(dir, 'out/Odd.sol'), { recursive: true });
    await writeFile(
      odd,
      JSON.stringify({
        deployedBytecode: { object: '0x123', sourceMap: '' },
        metadata: { settings: { compilationTarget: { 'contracts/Odd.sol': 'Odd' } } },
      }),
    );
    const { artifacts, problems } = await discoverArtifacts(dir);
    assert.deepEqual(names(artifacts), CONTRACTS);
    assert.equal(problems.length, 2);
    assert.ok(problems.some((p) => p.startsWith(`${broken}: not valid JSON`)));
    assert.ok(problems.some((p) => p === `${odd}: Bytecode is not an even number of hex digits`));
  });

  it('a folder without build output has nothing, and no problems', async () => {
    const dir = await tempDir();
    await copySources(dir);
    assert.deepEqual(await discoverArtifacts(dir), { artifacts: [], problems: [] });
    assert.deepEqual(await discoverArtifacts(join(dir, 'does-not-exist')), { artifacts: [], problems: [] });
  });
});
