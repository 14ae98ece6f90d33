// A trace's budget of verified-source lookups (#26), against a stand-in for the server's client that counts what it
// is asked: one lookup per address with failures remembered, the 64-address cap, the deadline and rate limiting.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../../src/core/errors';
import type { ContractArtifact } from '../../../../src/core/sourcemap/artifacts';
import type { LookupLimits } from '../../../../src/core/verified/verified-client';
import { addressCapNote, VerifiedRun, VERIFIED_RUN_LIMITS } from '../../../../src/core/verified/verified-run';
import type { VerifiedSources } from '../../../../src/core/verified/verified-sources';
import { waitUntil } from '../../../helpers/wait';

const address = (n: number) => `0x${(0x10000 + n).toString(16).padStart(40, '0')}`;

/** A VerifiedSources whose every lookup is `answer(address, limits)`, counting calls. */
function stub(answer: (address: string, limits: LookupLimits) => Promise<ContractArtifact | undefined>) {
  const asked: string[] = [];
  const limits: LookupLimits[] = [];
  const sources = {
    stats: { requests: 0, cached: 0 },
    artifact(a: string, l: LookupLimits = {}) {
      asked.push(a);
      limits.push(l);
      return answer(a, l);
    },
  } as unknown as VerifiedSources;
  return { sources, asked, limits };
}

describe('verified-source lookups: one budget per trace', () => {
  const runs: VerifiedRun[] = [];
  const runOf = (sources: VerifiedSources, options = {}) => {
    const run = new VerifiedRun(sources, options);
    runs.push(run);
    return run;
  };
  afterEach(() => runs.splice(0).forEach((r) => r.dispose()));

  it('asks once per address, a failure included, however many frames ask', async () => {
    const { sources, asked } = stub(() => Promise.reject(new ApiError('server', 'Verification server error — HTTP 500')));
    const run = runOf(sources);
    for (let i = 0; i < 30; i++) await assert.rejects(run.lookup(address(1).toUpperCase().replace('0X', '0x')), /HTTP 500/);
    assert.deepEqual(asked, [address(1)]);
  });

  it('asks about 64 distinct addresses at most and says so once, as the CLI says it', async () => {
    const { sources, asked } = stub(() => Promise.resolve(undefined));
    const notes: string[] = [];
    const run = runOf(sources, { onNote: (n: string) => notes.push(n) });
    for (let i = 0; i < 200; i++) assert.equal(await run.lookup(address(i)), undefined);
    assert.equal(asked.length, VERIFIED_RUN_LIMITS.addresses);
    assert.deepEqual(notes, [addressCapNote(64)]);
    assert.deepEqual(run.notes(), ['verified sources were asked for the first 64 contract addresses only']);
  });

  it('never asks about a system account or a malformed address', async () => {
    const { sources, asked } = stub(() => Promise.resolve(undefined));
    const run = runOf(sources);
    await run.lookup('0x0000000000000000000000000000000000000167');
    await run.lookup('not an address');
    assert.deepEqual(asked, []);
  });

  it('a server still rate limiting (or asking a wait past the budget) ends every later lookup at once, with a note', async () => {
    const { sources, asked } = stub(() =>
      Promise.reject(new ApiError('rate-limited', 'Rate limited by the verification server, which asks to wait 30 s')),
    );
    const run = runOf(sources);
    await assert.rejects(run.lookup(address(1)), /asks to wait 30 s/);
    for (let i = 2; i < 40; i++) assert.equal(await run.lookup(address(i)), undefined);
    assert.deepEqual(asked, [address(1)]);
    assert.match(run.notes().join('\n'), /rate limiting .* no more lookups for this trace/);
  });

  it('gives each request the time left as its longest 429 wait', async () => {
    let now = 1_000_000;
    const { sources, limits } = stub(() => Promise.resolve(undefined));
    const run = runOf(sources, { timeoutMs: 5_000, now: () => now });
    await run.lookup(address(1));
    now += 3_000;
    await run.lookup(address(2));
    assert.deepEqual(
      limits.map((l) => l.maxWaitMs),
      [5_000, 2_000],
    );
  });

  it('ends a lookup in flight at the deadline (a verifier dripping bytes) and asks nothing after it', async () => {
    const { sources, asked } = stub(
      (_a, { signal }) => new Promise((_resolve, reject) => signal!.addEventListener('abort', () => reject(signal!.reason as Error))),
    );
    const run = runOf(sources, { timeoutMs: 1 });
    let failure: unknown;
    run.lookup(address(1)).catch((err: unknown) => (failure = err));
    await waitUntil('the deadline', () => failure !== undefined);
    assert.ok(failure instanceof ApiError && failure.kind === 'timeout');
    assert.equal(await run.lookup(address(2)), undefined);
    assert.deepEqual(asked, [address(1)]);
    assert.match(run.notes().join('\n'), /ran out of their 0\.001 s budget/);
  });
});
