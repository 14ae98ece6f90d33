// What opening a trace the reference mirror does not have tells the user: the real 404 over loopback, described as
// the panel's error message describes it.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../../src/core/errors';
import { describeTraceProblem } from '../../../../src/extension/trace/problems';
import { fetchWithOwnClient, startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

describe('stepper: a transaction the mirror does not have (reference mirror)', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  before(async () => {
    ref = await startReference('post-op');
  });
  after(() => ref.close());

  for (const transaction of ['0.0.1000-1735689600-000000999', `0x${'ab'.repeat(32)}`]) {
    it(`says "not found" once, without the request URL (${transaction.slice(0, 12)}…)`, async () => {
      const err = await fetchWithOwnClient(ref.endpoints, transaction, { stack: true }).then(
        () => assert.fail('the mirror has no such transaction'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof ApiError && err.kind === 'not-found', String(err));
      assert.ok(err.url?.startsWith(ref.mirror.url), 'the error keeps the URL for the log');
      const { message } = describeTraceProblem(err, { network: 'custom', transaction, heavy: false });
      assert.equal(message.match(/not found/gi)?.length, 1, message);
      assert.ok(!message.includes(ref.mirror.url) && !/\bGET\b|https?:\/\//.test(message), message);
      assert.ok(message.startsWith(`Transaction ${transaction} was not found on custom`), message);
    });
  }
});
