// The v2 protocol end to end against the reference verifier: protocol detection, job polling with back-off,
// time-outs and cancellation, 409 "already verified", and the local source check that replaces the session's
// missing-file report.
import * as assert from 'node:assert/strict';
import type { VerifierHandle } from '../../../../servers/verifier/server';
import { ApiError } from '../../../../src/core/errors';
import { VerifyTransport } from '../../../../src/core/verify/transport';
import { resolveProtocol, type Protocol } from '../../../../src/core/verify/verify';
import { ADDR, makeWorkspace, prepareWorkspace, resultOf, sampleVerifier, verifyWith, type Workspace } from '../../helpers/verify-fixtures';

describe('v2 protocol against the reference verifier', () => {
  let v: VerifierHandle;
  let ws: Workspace;
  const fastPoll = { firstDelayMs: 10, maxDelayMs: 40 };

  beforeEach(async () => {
    v = await sampleVerifier({ sessionApi: false });
    ws = makeWorkspace({ Caller: { address: ADDR.caller } });
  });
  afterEach(async () => {
    await v.close();
    ws.dispose();
  });

  it('auto-detects the protocol once per URL: v2 without /session, session with it', async () => {
    const transport = new VerifyTransport();
    const cache = new Map<string, Protocol>();
    try {
      assert.equal(await resolveProtocol({ url: v.url, protocol: 'auto', transport, protocolCache: cache }), 'v2');
      assert.equal(cache.get(v.url), 'v2');
      const both = await sampleVerifier();
      try {
        assert.equal(await resolveProtocol({ url: both.url, protocol: 'auto', transport }), 'session');
      } finally {
        await both.close();
      }
    } finally {
      await transport.close();
    }
  });

  it('submits, polls the job to a perfect match, then reports "already verified" (409)', async () => {
    const first = await verifyWith(await prepareWorkspace(ws), { url: v.url, protocol: 'auto', dryRun: false, poll: fastPoll });
    assert.equal(first.protocol, 'v2');
    assert.deepEqual([resultOf(first, 'Caller').status, resultOf(first, 'Caller').alreadyVerified], ['perfect', false]);
    const second = await verifyWith(await prepareWorkspace(ws), { url: v.url, protocol: 'v2', dryRun: false, poll: fastPoll });
    assert.deepEqual([resultOf(second, 'Caller').status, resultOf(second, 'Caller').alreadyVerified], ['perfect', true]);
    assert.ok(resultOf(second, 'Caller').storageTimestamp);
  });

  it('dry run: "ready" when every source matches, without submitting anything', async () => {
    const report = await verifyWith(await prepareWorkspace(ws), { url: v.url, protocol: 'v2', dryRun: true });
    assert.equal(resultOf(report, 'Caller').status, 'ready');
    assert.equal(v.repository.get('296', ADDR.caller), undefined);
  });

  it('reports missing and changed sources from the workspace and sends nothing', async () => {
    ws.write('contracts/Callee.sol', '// edited\n');
    const report = await verifyWith(await prepareWorkspace(ws), { url: v.url, protocol: 'v2', dryRun: false });
    const caller = resultOf(report, 'Caller');
    assert.equal(caller.status, 'error');
    assert.deepEqual(
      caller.files.missing.map((m) => [m.path, m.localFile]),
      [['contracts/Callee.sol', ws.path('contracts/Callee.sol')]],
    );
    assert.match(caller.message ?? '', /nothing was sent/);
    assert.equal(v.repository.get('296', ADDR.caller), undefined);
  });

  it("carries the job's error message when the bytecode does not match", async () => {
    const prepared = await prepareWorkspace(ws, [{ address: ADDR.callee, chainId: 296, name: 'Caller' }]);
    const report = await verifyWith(prepared, { url: v.url, protocol: 'v2', dryRun: false, poll: fastPoll });
    const wrong = report.outcomes.find((o) => o.target.address.toLowerCase() === ADDR.callee)!.result;
    assert.equal(wrong.status, 'error');
    assert.equal(wrong.message, "The deployed and recompiled bytecode don't match.");
  });

  it('times out polling a job that never finishes', async () => {
    await v.close();
    v = await sampleVerifier({ sessionApi: false, v2JobDelayMs: 60_000 });
    // The job takes 60 s (the test's whole budget): only the 300 ms polling limit can end it with 'did not finish'.
    await assert.rejects(
      verifyWith(await prepareWorkspace(ws), { url: v.url, protocol: 'v2', dryRun: false, poll: { ...fastPoll, timeoutMs: 300 } }),
      (err: ApiError) => err.kind === 'timeout' && /did not finish in 0.3 s$/.test(err.message),
    );
  });

  it('stops polling when cancelled', async () => {
    await v.close();
    v = await sampleVerifier({ sessionApi: false, v2JobDelayMs: 60_000 });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 150);
    await assert.rejects(
      verifyWith(await prepareWorkspace(ws), { url: v.url, protocol: 'v2', dryRun: false, poll: fastPoll, signal: abort.signal }),
      (err: ApiError) => err.kind === 'cancelled',
    );
  });
});
