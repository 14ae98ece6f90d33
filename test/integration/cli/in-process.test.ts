// Each CLI command run in this process (src/cli/run.ts, not the built dist/cli.js) against the reference servers
// over loopback: what it prints and its exit code, as the child-process tests beside this one check them for the
// bundle. Here the commands' code is covered where a debugger and coverage reach it.
import { strict as assert } from 'node:assert';
import { EXIT } from '../../../src/core/errors';
import { runInProcess } from '../../helpers/in-process-cli';
import { startTokenFixtureServer, type TestServer } from '../helpers/fixture-server';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';
import { ADDR, makeWorkspace, sampleVerifier } from '../helpers/verify-fixtures';

describe('CLI in-process against the reference servers', function () {
  this.timeout(120_000);

  it('token: prints the summary, or the body as received with --json', async () => {
    const server: TestServer = await startTokenFixtureServer('no-params.json');
    try {
      const summary = await runInProcess('token', '1135', '--mirror', server.url);
      assert.deepEqual([summary.code, summary.stderr], [EXIT.ok, '']);
      assert.match(summary.stdout, /0\.0\.1135/);
      const json = await runInProcess('token', '1135', '--mirror', server.url, '--json');
      assert.equal(json.code, EXIT.ok);
      assert.equal((JSON.parse(json.stdout) as { token_id: string }).token_id, '0.0.1135');
    } finally {
      await server.close();
    }
  });

  describe('trace', () => {
    let m: ReferenceMirror;
    before(async () => (m = await startReference('post-op')));
    after(() => m.close());

    it('decodes a reverted transaction: exit 0, its revert reason and frames', async () => {
      const run = await runInProcess(
        'trace',
        m.info('revert-error').transactionId,
        '--mirror',
        m.mirror.url,
        '--sources',
        'none',
        '--json',
      );
      assert.deepEqual([run.code, run.stderr], [EXIT.ok, '']);
      const out = JSON.parse(run.stdout) as { failed: boolean; steps: number; frames: number };
      assert.equal(out.failed, true);
      assert.equal(out.steps, (await m.fetch('revert-error')).length);
    });

    it('reports a transaction the mirror does not know: exit 3', async () => {
      const run = await runInProcess('trace', `0x${'ab'.repeat(32)}`, '--mirror', m.mirror.url, '--sources', 'none');
      assert.equal(run.code, EXIT.notFound, run.stderr);
      assert.match(run.stderr, /^ledger-mirror: /);
    });
  });

  it('verify: verifies the recorded deployments of a chain on the reference verifier', async () => {
    const v = await sampleVerifier();
    const ws = makeWorkspace({ Caller: { address: ADDR.caller } });
    try {
      const run = await runInProcess('verify', '--verify-url', v.url, '--chain-id', '296', '--workspace', ws.root);
      assert.equal(run.code, EXIT.ok, run.stderr);
      assert.match(run.stdout, /^Verified 1 of 1 contract \(session API\): 1 perfect match\n/);
      assert.equal(v.repository.get('296', ADDR.caller)?.status, 'perfect');
    } finally {
      await v.close();
      ws.dispose();
    }
  });
});
