import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBuildInfo } from '../../../servers/mirror/evm/index';
import { generatedFiles, SAMPLE_WORKSPACE } from './sample-artifacts';

describe('sample workspace build output', function () {
  this.timeout(120_000);

  it('is what the reference mirror\'s contracts compile to today (else: npx tsx test/unit/sourcemap/sample-artifacts.ts)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sample-artifacts-'));
    try {
      await writeBuildInfo(dir);
      const fresh = await generatedFiles(dir);
      assert.deepEqual(await generatedFiles(SAMPLE_WORKSPACE), fresh);
      for (const file of fresh) {
        assert.ok((await readFile(join(SAMPLE_WORKSPACE, file))).equals(await readFile(join(dir, file))), `${file} is stale`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
