// The reference mirror's /api/v1/contracts/{id}/state and /api/v1/contracts/results/{id}/prestate over loopback, on
// the shared-slots case (Router and Ledger both use slots 0 and 1): the REST row, state before a transaction by
// `timestamp=lt:`, `slot` and `limit` paging by links.next, the REST module's errors; the prestate body and its modes.
import { strict as assert } from 'node:assert';
import { httpGet } from '../../helpers/mirror-http';
import { startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

interface StateBody {
  state: Array<{ address: string; contract_id: string; timestamp: string; slot: string; value: string }>;
  links: { next: string | null };
}

const word = (n: bigint | string): string => `0x${(typeof n === 'string' ? n.replace(/^0x/, '') : n.toString(16)).padStart(64, '0')}`;

describe('reference mirror: contract state and prestate', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let consensus: string;
  let ledgerAddress: string;
  const get = async (path: string) => {
    const response = await httpGet(`${ref.mirror.url}${path}`);
    return { status: response.status, json: JSON.parse(response.body.toString('utf8')) as unknown };
  };
  const state = async (path: string): Promise<StateBody> => {
    const answer = await get(path);
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    return answer.json as StateBody;
  };

  before(async () => {
    ref = await startReference('post-op');
    const result = await get(`/api/v1/contracts/results/${ref.info('shared-slots').hash}`);
    consensus = (result.json as { timestamp: string }).timestamp;
    const prestate = (await get(`/api/v1/contracts/results/${ref.info('shared-slots').hash}/prestate`)).json as Record<string, unknown>;
    ledgerAddress = Object.keys(prestate).find((a) => a !== ref.info('shared-slots').address)!;
  });
  after(() => ref.close());

  it("answers the state before a transaction with timestamp=lt: in the REST module's row, and the current state without", async () => {
    const router = ref.info('shared-slots');
    const before = await state(`/api/v1/contracts/${router.contractId}/state?timestamp=lt:${consensus}`);
    assert.deepEqual(before.state, [
      {
        address: router.address,
        contract_id: router.contractId,
        timestamp: before.state[0]!.timestamp,
        slot: word(1n),
        value: word(ledgerAddress),
      },
    ]);
    assert.equal(before.links.next, null);
    const now = await state(`/api/v1/contracts/${router.address}/state`);
    assert.deepEqual(
      now.state.map((r) => [r.slot, r.value, r.timestamp]),
      [
        [word(0n), word(1n), consensus],
        [word(1n), word(ledgerAddress), before.state[0]!.timestamp],
      ],
    );
    const ledgerBefore = await state(`/api/v1/contracts/${ledgerAddress}/state?timestamp=lt:${consensus}`);
    assert.deepEqual(
      ledgerBefore.state.map((r) => [r.slot, r.value]),
      [[word(1n), word(1_000_000n)]],
    );
  });

  it('pages by links.next with slot=gt: after a full page, descending with order=desc, and filters by slot', async () => {
    const ledger = ledgerAddress;
    const all = await state(`/api/v1/contracts/${ledger}/state`);
    assert.equal(all.state.length, 3, 'total, limit and one balance');
    const seen: string[] = [];
    let next: string | null = `/api/v1/contracts/${ledger}/state?limit=1`;
    for (let pages = 0; next !== null && pages < 10; pages++) {
      const page = await state(next);
      seen.push(...page.state.map((r) => r.slot));
      next = page.links.next;
      if (next !== null) assert.match(next, /[?&]limit=1&slot=gt:0x[0-9a-f]{64}$/);
    }
    assert.deepEqual(
      seen,
      all.state.map((r) => r.slot),
    );
    const desc = await state(`/api/v1/contracts/${ledger}/state?order=desc&limit=2`);
    assert.deepEqual(
      desc.state.map((r) => r.slot),
      all.state
        .map((r) => r.slot)
        .reverse()
        .slice(0, 2),
    );
    assert.match(desc.links.next ?? '', /order=desc&slot=lt:0x/);
    const one = await state(`/api/v1/contracts/${ledger}/state?slot=0x1`);
    assert.deepEqual(
      one.state.map((r) => r.slot),
      [word(1n)],
    );
  });

  it("answers the REST module's errors: 400 with every problem, 404 for a contract it does not know", async () => {
    const id = ref.info('shared-slots').contractId;
    const bad = await get(`/api/v1/contracts/${id}/state?limit=0&slot=xyz&timestamp=ne:1&foo=1`);
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.json, {
      _status: {
        messages: [
          { message: 'Invalid parameter: limit' },
          { message: 'Invalid parameter: slot' },
          { message: 'Invalid parameter: timestamp' },
          { message: 'Unknown query parameter: foo' },
        ],
      },
    });
    const unknown = await get('/api/v1/contracts/0.0.987654/state');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, { _status: { messages: [{ message: 'Not found' }] } });
  });

  it("answers /prestate in geth's prestate shape: both contracts' accessed slots as before the transaction", async () => {
    const router = ref.info('shared-slots');
    const body = (await get(`/api/v1/contracts/results/${router.transactionId}/prestate`)).json as Record<
      string,
      { balance: string; nonce: number; code: string; storage: Record<string, string> }
    >;
    assert.deepEqual(Object.keys(body).sort(), [router.address, ledgerAddress].sort());
    assert.deepEqual(body[router.address]!.storage, { [word(0n)]: word(0n), [word(1n)]: word(ledgerAddress) });
    assert.equal(body[ledgerAddress]!.storage[word(1n)], word(1_000_000n));
    assert.equal(body[ledgerAddress]!.storage[word(0n)], word(0n));
    assert.equal(Object.keys(body[ledgerAddress]!.storage).length, 3);
    assert.match(body[router.address]!.code, /^0x[0-9a-f]+$/);
  });

  it('answers /prestate 404 "No static resource" in the prestate-missing mode, 501 in prestate-not-implemented, 404 for an unknown transaction', async () => {
    const hash = ref.info('shared-slots').hash;
    const missing = await get(`/modes/prestate-missing/api/v1/contracts/results/${hash}/prestate`);
    assert.equal(missing.status, 404);
    assert.match(JSON.stringify(missing.json), /No static resource api\/v1\/contracts\/results\/0x[0-9a-f]{64}\/prestate\./);
    const off = await get(`/modes/prestate-not-implemented/api/v1/contracts/results/${hash}/prestate`);
    assert.equal(off.status, 501);
    assert.deepEqual(off.json, { _status: { messages: [{ message: 'Not Implemented', detail: '', data: '' }] } });
    const unknown = await get(`/api/v1/contracts/results/0x${'ab'.repeat(32)}/prestate`);
    assert.equal(unknown.status, 404);
  });
});
