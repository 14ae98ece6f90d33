// What opening a trace tells the user when the reference mirror does not have it (the real 404 over loopback), or
// when the connection closes in the middle of a real trace, described as the panel's error message describes it.
import { strict as assert } from 'node:assert';
import { createGzip } from 'node:zlib';
import { ApiError, EXIT, exitCodeFor } from '../../../../src/core/errors';
import { resolveNetwork } from '../../../../src/core/networks';
import { describeTraceProblem } from '../../../../src/extension/trace/problems';
import { startServer, type TestServer } from '../../helpers/fixture-server';
import { fetchWithOwnClient, startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

const CUT_AFTER_STEPS = 5000;

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

describe('stepper: a trace the mirror cuts off mid-body (a real trace, 5,000 steps in)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let transaction: string;
  let sent: Buffer;

  before(async () => {
    const ref = await startReference('long');
    try {
      transaction = ref.info('long-loop').transactionId;
      const body = await ref.body('long-loop', { stack: true, memory: false, storage: false });
      // Steps are objects with sorted keys: each after the first starts with `},{"depth":`.
      let end = 0;
      for (let i = 0; i < CUT_AFTER_STEPS && end >= 0; i++) end = body.indexOf('},{"depth":', end + 1);
      assert.ok(end > 0, 'the long loop has more steps than the cut');
      sent = Buffer.from(body.slice(0, end + 1));
    } finally {
      await ref.close();
    }
    // gzip like the real mirror, flushed so the client has every step sent before the socket closes.
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      const gzip = createGzip();
      gzip.pipe(res, { end: false });
      gzip.write(sent, () => gzip.flush(() => res.socket?.end()));
    });
  });
  after(() => server?.close());

  it('is "the mirror closed the connection", a network exit, not "could not reach the mirror"', async () => {
    const err = await fetchWithOwnClient(resolveNetwork('custom', { mirrorUrl: server.url }), transaction, {}).then(
      () => assert.fail('the body was cut'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof ApiError && err.kind === 'truncated', String(err));
    assert.equal(exitCodeFor(err), EXIT.network);
    assert.match(err.message, /^The server closed the connection after [\d.]+ [KM]B: the response is incomplete/);
    const { message, actions } = describeTraceProblem(err, { network: 'custom', transaction, heavy: false });
    assert.match(message, /^The mirror closed the connection before the whole trace arrived\./);
    assert.doesNotMatch(message, /Could not reach|Network error/);
    assert.deepEqual(actions, ['retry', 'showLog']);
  });
});
