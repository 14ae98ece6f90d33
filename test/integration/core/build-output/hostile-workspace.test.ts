// Build output from a hostile repository: paths leaving the folder, a FIFO where a JSON file should be (a blocking
// `open` would hang discovery), a file bigger than the read budget. Each is reported as a problem naming the file;
// nothing outside the folder is read and the readers always finish.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { BuildOutputReader, readBuildOutput } from '../../../../src/core/build-output/reader';
import { discoverDeployments } from '../../../../src/core/deployments/discover';
import { sourceCandidates } from '../../../../src/core/sourcemap/artifacts';
import { SourceFiles } from '../../../../src/core/sourcemap/source-files';
import { BUILD_OUTPUT_BYTES, WorkspaceFolder } from '../../../../src/core/workspace/confined-fs';
import { sampleBuildInfo, tempDirs, writeJson, type BuildInfo } from '../../helpers/layouts';

const HH2 = 'hh-sol-build-info-1';

function mkfifo(path: string): boolean {
  try {
    execFileSync('mkfifo', [path]);
    return true;
  } catch {
    return false;
  }
}

describe('hostile build output in the workspace', function () {
  this.timeout(60_000);
  let build: BuildInfo;
  const temp = tempDirs('ledger-hostile-');
  let base: string;
  let root: string;
  let outside: string;

  before(async () => {
    build = await sampleBuildInfo();
  });
  beforeEach(async () => {
    base = await temp.make();
    root = join(base, 'project');
    outside = join(base, 'elsewhere');
    await mkdir(root);
    await mkdir(outside);
  });
  after(() => temp.remove());

  it('does not read an Ignition build info that a .dbg.json places outside the folder', async () => {
    await writeJson(join(outside, 'build-info.json'), { _format: HH2, ...build });
    const deployment = join(root, 'ignition/deployments/chain-296');
    await writeJson(join(deployment, 'deployed_addresses.json'), { 'M#Vault': '0x00000000000000000000000000000000000003e8' });
    await writeJson(join(deployment, 'artifacts/M#Vault.dbg.json'), {
      buildInfo: relative(join(deployment, 'artifacts'), join(outside, 'build-info.json')),
    });
    const { records } = await discoverDeployments(root, undefined);
    assert.equal(records[0].buildInfoFile, join(outside, 'build-info.json'));
    assert.deepEqual(await new BuildOutputReader(root).readBuildInfo(records[0].buildInfoFile!), []);
  });

  it('reports a Hardhat 3 build info whose id leads outside, without reading the output there', async () => {
    await writeJson(join(outside, 'evil.output.json'), { output: build.output });
    await writeJson(join(root, 'artifacts/build-info/evil.json'), {
      _format: 'hh3-sol-build-info-1',
      id: `../../${relative(root, outside)}/evil`,
      input: build.input,
    });
    const { contracts, problems } = await readBuildOutput(root);
    assert.deepEqual(contracts, []);
    assert.equal(problems.length, 2);
    assert.match(problems[0], /evil\.output\.json: outside the workspace folder .*; not read$/);
    assert.match(problems[1], /evil\.json: no compiler output beside it/);
  });

  it('reports Foundry folders that its cache places outside, without walking them', async () => {
    await writeJson(join(outside, 'out/Vault.sol/Vault.json'), {
      bytecode: { object: '0x00' },
      rawMetadata: '{}',
      ast: { absolutePath: 'src/Vault.sol' },
    });
    await writeJson(join(root, 'cache/solidity-files-cache.json'), {
      paths: { artifacts: join(outside, 'out'), build_infos: '../elsewhere/out/build-info' },
    });
    const { contracts, problems } = await readBuildOutput(root);
    assert.deepEqual(contracts, []);
    assert.deepEqual(
      problems.map((p) => /outside the workspace folder/.test(p)),
      [true, true],
    );
  });

  it('reports a FIFO named as build output instead of blocking on it', async function () {
    await writeJson(join(root, 'artifacts/build-info/fifo.json'), { _format: 'hh3-sol-build-info-1', id: 'fifo', input: build.input });
    await mkdir(join(root, 'cache'));
    if (!mkfifo(join(root, 'artifacts/build-info/fifo.output.json')) || !mkfifo(join(root, 'cache/solidity-files-cache.json'))) this.skip();
    const { problems } = await readBuildOutput(root);
    assert.deepEqual(problems.map((p) => p.replace(root, '<root>')).sort(), [
      '<root>/artifacts/build-info/fifo.json: no compiler output beside it (fifo.output.json)',
      '<root>/artifacts/build-info/fifo.output.json: not a regular file; not read',
      '<root>/cache/solidity-files-cache.json: not a regular file; not read',
    ]);
  });

  it('reports a build info over the read budget without reading it', async () => {
    const huge = join(root, 'artifacts/build-info/huge.json');
    await writeJson(huge, {});
    await truncate(huge, BUILD_OUTPUT_BYTES + 1); // sparse: no disk used
    const { problems } = await readBuildOutput(root);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /huge\.json: 64 MB, more than the 64 MB read from a workspace file; not read$/);
  });

  it('source stepping does not show a source that the build output places outside, and says why', async () => {
    await writeFile(join(outside, 'Secret.sol'), 'contract Secret {}');
    await mkdir(join(root, 'contracts'));
    await symlink(join(outside, 'Secret.sol'), join(root, 'contracts/Linked.sol'));
    const workspace = new WorkspaceFolder(root);
    const refused: string[] = [];
    const files = new SourceFiles((m) => refused.push(m));
    for (const sourceName of [`../elsewhere/Secret.sol`, join(outside, 'Secret.sol'), 'contracts/Linked.sol']) {
      assert.equal(
        await files.read({ sourceName, content: undefined, candidates: sourceCandidates(root, sourceName), workspace }),
        undefined,
        sourceName,
      );
    }
    const kept = await files.read({
      sourceName: '../elsewhere/Secret.sol',
      content: 'contract Secret {}',
      candidates: sourceCandidates(root, '../elsewhere/Secret.sol'),
      workspace,
    });
    assert.equal(kept?.path, undefined, 'the compiled text is shown, but not as the file outside');
    assert.ok(refused.length >= 4 && refused.every((m) => /outside the workspace folder/.test(m)), refused.join('\n'));
  });
});
