// The reference mirror's REST results routes over loopback: /contracts/results/{id} and /actions, their parameter
// checks, ordering and links.next, on the real EVM cases.
import { strict as assert } from 'node:assert';
import { httpGet } from '../../helpers/mirror-http';
import { startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

interface ActionsBody {
  actions: Array<{ index: number; call_depth: number }>;
  links: { next: string | null };
}

describe('reference mirror: contract results routes', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  const get = async (path: string) => {
    const response = await httpGet(`${ref.mirror.url}${path}`);
    return { status: response.status, json: JSON.parse(response.body.toString('utf8')) as unknown };
  };
  const actionsPath = () => `/api/v1/contracts/results/${ref.info('create').transactionId}/actions`;

  before(async () => {
    ref = await startReference('post-op');
  });
  after(() => ref.close());

  it('answers every case by id and by hash with the same body', async () => {
    for (const name of ['success', 'custom-error', 'create'] as const) {
      const info = ref.info(name);
      const byId = await get(`/api/v1/contracts/results/${info.transactionId}`);
      const byHash = await get(`/api/v1/contracts/results/${info.hash.slice(2).toUpperCase()}`);
      assert.equal(byId.status, 200);
      assert.deepEqual(byHash, byId);
      assert.equal((byId.json as { contract_id: string }).contract_id, info.contractId);
    }
  });

  it('rejects a malformed id and unknown or invalid parameters with the REST module’s 400 body', async () => {
    const bad = await get('/api/v1/contracts/results/0.0.1000-abc');
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.json), /Invalid Transaction id/);
    assert.deepEqual((await get(`${actionsPath()}?index=ne:1&foo=1`)).json, {
      _status: { messages: [{ message: 'Invalid parameter: index' }, { message: 'Unknown query parameter: foo' }] },
    });
    assert.equal((await get(`${actionsPath()}?limit=0`)).status, 400);
    assert.equal((await get(`${actionsPath()}?order=sideways`)).status, 400);
  });

  it('an unknown transaction and a nonce other than 0 are 404 Not found', async () => {
    const missing = await get('/api/v1/contracts/results/0.0.1000-1735689600-000000999');
    assert.deepEqual([missing.status, missing.json], [404, { _status: { messages: [{ message: 'Not found' }] } }]);
    const nonce = await get(`/api/v1/contracts/results/${ref.info('create').transactionId}?nonce=1`);
    assert.equal(nonce.status, 404);
    assert.equal((await get(`/api/v1/contracts/results/${ref.info('create').transactionId}?nonce=0`)).status, 200);
  });

  it('pages actions ascending by default and descending on request, linking on from the last index', async () => {
    const first = (await get(`${actionsPath()}?limit=2`)).json as ActionsBody;
    assert.deepEqual(
      first.actions.map((a) => a.index),
      [0, 1],
    );
    assert.equal(first.links.next, `${actionsPath()}?limit=2&index=gt:1`);
    const second = (await get(first.links.next!)).json as ActionsBody;
    assert.deepEqual([second.actions.map((a) => a.index), second.links.next], [[2], null]);
    const down = (await get(`${actionsPath()}?order=desc&limit=1&index=lte:1`)).json as ActionsBody;
    assert.deepEqual(
      down.actions.map((a) => a.index),
      [1],
    );
    assert.equal(down.links.next, `${actionsPath()}?limit=1&order=desc&index=lt:1`);
    const rest = (await get(down.links.next!)).json as ActionsBody;
    assert.deepEqual(
      rest.actions.map((a) => a.index),
      [0],
    );
  });

  it('caps limit at 100 and filters by index', async () => {
    assert.deepEqual(((await get(`${actionsPath()}?limit=1000`)).json as ActionsBody).actions.length, 3);
    const only = (await get(`${actionsPath()}?index=eq:2`)).json as ActionsBody;
    assert.deepEqual(
      only.actions.map((a) => [a.index, a.call_depth]),
      [[2, 1]],
    );
  });
});
