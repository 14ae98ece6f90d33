// The sample workspace's build output: the reference mirror's contracts compiled in the Hardhat 2 layout, committed
// under test/vscode/workspace so `npm start` and the in-VS-Code suite can step traces in Solidity. After changing
// servers/mirror/contracts, rewrite them with `npx tsx test/unit/sourcemap/sample-artifacts.ts`.
import { readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { writeBuildInfo } from '../../../servers/mirror/evm/index';

export const SAMPLE_WORKSPACE = join(__dirname, '../../vscode/workspace');

/** The folders writeBuildInfo fills; anything else in the sample workspace belongs to others. */
export const GENERATED_DIRS = ['contracts', 'artifacts'];

/** Every generated file, relative to `dir`, `/`-separated and sorted. */
export async function generatedFiles(dir: string): Promise<string[]> {
  const lists = await Promise.all(
    GENERATED_DIRS.map(async (d) => (await readdir(join(dir, d), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))),
  );
  return lists.flat().sort();
}

/** Replaces the generated folders of the sample workspace with a fresh compilation. */
export async function writeSampleArtifacts(): Promise<string[]> {
  for (const d of GENERATED_DIRS) await rm(join(SAMPLE_WORKSPACE, d), { recursive: true, force: true });
  return writeBuildInfo(SAMPLE_WORKSPACE);
}

if (require.main === module) {
  writeSampleArtifacts().then(
    (files) => console.log(`Wrote ${files.length} files under ${SAMPLE_WORKSPACE}`),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
