// The pre-state reader over loopback: against the reference mirror, one /state request per contract of the
// shared-slots case and the values before it; against a hostile mirror (a million slots, a links.next loop, a slot
// that is not 32 bytes, 404 and 501), a clear note for that contract, the others kept, bounded requests; cancellable.
import { strict as assert } from 'node:assert';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpClient } from '../../../../src/core/http';
import { ApiError } from '../../../../src/core/errors';
import { resolveNetwork, type Endpoints } from '../../../../src/core/networks';
import { readPreState } from '../../../../src/core/state/pre-state';
import { STATE_PAGE_SIZE } from '../../../../src/core/state/state-schemas';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { sendJson, startServer, type TestServer } from '../../helpers/fixture-server';
import { startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

const word = (n: bigint): string => n.toString(16).padStart(64, '0');
const GOOD = '0x00000000000000000000000000000000000003e9';
const TX = '0.0.1000-1735689870-000000027';

/** One page of `/state` rows from slot `from` on. */
function page(from: bigint, count: number, next: string | null): string {
  const state = Array.from({ length: count }, (_, i) => ({
    address: GOOD,
    contract_id: '0.0.1001',
    timestamp: '1.000000001',
    slot: `0x${word(from + BigInt(i))}`,
    value: `0x${word(7n)}`,
  }));
  return JSON.stringify({ state, links: { next } });
}

/** A mirror misbehaving per contract: the address's last hex digits pick the behaviour. */
function hostile(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const contract = /\/contracts\/([^/]+)\/state$/.exec(url.pathname)?.[1] ?? '';
  const after = /^gt:0x([0-9a-f]{64})$/.exec(url.searchParams.get('slot') ?? '')?.[1];
  const from = after === undefined ? 0n : BigInt(`0x${after}`) + 1n;
  if (contract.endsWith('3e9')) return sendJson(req, res, 200, page(0n, 3, null));
  // A million slots: every page is full and links on.
  if (contract.endsWith('3ea'))
    return sendJson(req, res, 200, page(from, STATE_PAGE_SIZE, `${url.pathname}?limit=100&slot=gt:0x${word(from + 99n)}`));
  // links.next back to the first page, forever.
  if (contract.endsWith('3eb')) return sendJson(req, res, 200, page(0n, 2, `${url.pathname}?limit=100`));
  // A 31-byte slot.
  if (contract.endsWith('3ec'))
    return sendJson(
      req,
      res,
      200,
      JSON.stringify({ state: [{ slot: `0x${'00'.repeat(31)}`, value: `0x${word(1n)}` }], links: { next: null } }),
    );
  if (contract.endsWith('3ed')) return sendJson(req, res, 404, '{"_status":{"messages":[{"message":"Not found"}]}}');
  if (url.pathname.endsWith('/prestate'))
    return sendJson(req, res, 501, '{"_status":{"messages":[{"message":"Not Implemented","detail":"","data":""}]}}');
  return sendJson(req, res, 404, '{"_status":{"messages":[{"message":"Not found"}]}}');
}

describe('pre-state reader', function () {
  this.timeout(120_000);
  let server: TestServer;
  let endpoints: Endpoints;
  let http: HttpClient;
  before(async () => {
    server = await startServer(hostile);
    endpoints = resolveNetwork('custom', { mirrorUrl: server.url });
  });
  beforeEach(() => (http = new HttpClient()));
  afterEach(() => http.close());
  after(() => server.close());

  const address = (last: string) => `0x${last.padStart(40, '0')}`;

  it('reads each hostile contract into a clear note, keeps the good one whole, and stays within its caps', async () => {
    const before = server.requests.length;
    const pre = await readPreState(
      new MirrorClient(endpoints, http),
      TX,
      '1735689871.000000027',
      ['3e9', '3ea', '3eb', '3ec', '3ed'].map(address),
      {
        maxPages: 5,
      },
    );
    const good = pre.accounts.get(address('3e9'))!;
    assert.equal(good.complete, true);
    assert.equal(good.note, null);
    assert.deepEqual([...good.slots.keys()], [word(0n), word(1n), word(2n)]);
    const million = pre.accounts.get(address('3ea'))!;
    assert.equal(million.complete, false);
    assert.equal(million.slots.size, 500);
    assert.match(million.note ?? '', /^Only the first 500 slots of 0x0+3ea's state were read \(a cap of 5 pages\)/);
    assert.match(pre.accounts.get(address('3eb'))!.note ?? '', /out of slot order or repeated a page/);
    assert.match(pre.accounts.get(address('3ec'))!.note ?? '', /field state\.0\.slot: expected a 32-byte word/);
    assert.match(
      pre.accounts.get(address('3ed'))!.note ?? '',
      /^The mirror answered 404 to \/state of 0x0+3ed\. The mirror's \/prestate endpoint is turned off \(501\)\./,
    );
    // 1 + 5 (capped) + 2 (the loop seen on its second page) + 1 + 1, and /prestate once.
    assert.equal(server.requests.length - before, 11);
    assert.equal(pre.requests, 11);
  });

  it('is cancelled by its AbortSignal', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      new MirrorClient(endpoints, http).contractStateBefore(address('3ea'), '1.000000001', { signal: controller.signal }),
      (err: unknown) => err instanceof ApiError && err.kind === 'cancelled',
    );
  });

  describe('on the reference mirror', () => {
    let ref: ReferenceMirror;
    before(async () => (ref = await startReference('post-op')));
    after(() => ref.close());

    it('reads each contract of the shared-slots case in one request, its values as before the transaction', async () => {
      const info = ref.info('shared-slots');
      const mirror = resolveNetwork('custom', { mirrorUrl: ref.mirror.url });
      const result = (await (await fetch(`${ref.mirror.url}/api/v1/contracts/results/${info.hash}`)).json()) as { timestamp: string };
      const prestate = (await (await fetch(`${ref.mirror.url}/api/v1/contracts/results/${info.hash}/prestate`)).json()) as object;
      const accounts = Object.keys(prestate);
      const pre = await readPreState(new MirrorClient(mirror, http), info.transactionId, result.timestamp, accounts);
      assert.equal(pre.requests, 2);
      const router = pre.accounts.get(info.address)!;
      assert.equal(router.complete, true);
      assert.deepEqual([...router.slots.keys()], [word(1n)]);
      const ledger = pre.accounts.get(accounts.find((a) => a !== info.address)!)!;
      assert.equal(ledger.slots.get(word(1n)), word(1_000_000n));
    });
  });
});
