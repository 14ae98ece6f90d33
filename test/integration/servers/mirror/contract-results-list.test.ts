// The reference mirror's per-contract results list, /api/v1/contracts/{id}/results, over loopback on the real EVM
// cases: the real row (no status or result), newest first, limit/order/timestamp, links.next, the REST module's errors.
import { strict as assert } from 'node:assert';
import { httpGet } from '../../helpers/mirror-http';
import { startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

interface ListBody {
  results: Array<Record<string, unknown> & { timestamp: string; error_message: string | null; hash: string }>;
  links: { next: string | null };
}

/** The row of the mirror's spec tests (rest/__tests__/specs/contracts/{id}/results/*.json), in its order. */
const ROW_FIELDS = (
  'address amount authorization_list bloom call_result contract_id created_contract_ids error_message from ' +
  'function_parameters gas_consumed gas_limit gas_used hash timestamp to'
).split(' ');

describe('reference mirror: contract results list', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  const get = async (path: string) => {
    const response = await httpGet(`${ref.mirror.url}${path}`);
    return { status: response.status, json: JSON.parse(response.body.toString('utf8')) as unknown };
  };
  const list = async (path: string) => {
    const answer = await get(path);
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    return answer.json as ListBody;
  };

  before(async () => {
    ref = await startReference('post-op');
  });
  after(() => ref.close());

  it("lists a contract's results newest first with exactly the per-contract row's fields", async () => {
    const calculator = ref.info('success').contractId;
    const body = await list(`/api/v1/contracts/${calculator}/results`);
    const names = ref.provider.cases.filter((c) => c.contractId === calculator);
    assert.deepEqual(
      body.results.map((r) => r.hash),
      names.map((c) => c.hash).reverse(),
    );
    for (const row of body.results) assert.deepEqual(Object.keys(row), ROW_FIELDS);
    assert.equal(body.links.next, null);
    const panic = body.results.find((r) => r.hash === ref.info('panic').hash)!;
    assert.match(panic.error_message ?? '', /^0x4e487b71/);
    assert.equal(body.results.find((r) => r.hash === ref.info('success').hash)!.error_message, null);
  });

  it('answers the same list by long-zero address and by 0x-less address', async () => {
    const info = ref.info('revert-error');
    const byId = await list(`/api/v1/contracts/${info.contractId}/results`);
    assert.deepEqual(await list(`/api/v1/contracts/${info.address}/results`), byId);
    assert.deepEqual(await list(`/api/v1/contracts/${info.address.slice(2)}/results`), byId);
  });

  it('pages by links.next with timestamp=lt: after a full page, and ascending with order=asc', async () => {
    const calculator = ref.info('success').contractId;
    const all = await list(`/api/v1/contracts/${calculator}/results`);
    const first = await list(`/api/v1/contracts/${calculator}/results?limit=2`);
    assert.deepEqual(first.results, all.results.slice(0, 2));
    assert.equal(first.links.next, `/api/v1/contracts/${calculator}/results?limit=2&timestamp=lt:${all.results[1].timestamp}`);
    const second = await list(first.links.next!);
    assert.deepEqual(second.results, all.results.slice(2, 4));
    const asc = await list(`/api/v1/contracts/${calculator}/results?order=asc&limit=1`);
    assert.deepEqual(asc.results, all.results.slice(-1));
    assert.match(asc.links.next ?? '', /order=asc&timestamp=gt:/);
    const before = await list(`/api/v1/contracts/${calculator}/results?timestamp=lt:${all.results[0].timestamp}`);
    assert.deepEqual(before.results, all.results.slice(1));
  });

  it('caps limit at 100 and rejects bad parameters with every message at once', async () => {
    const calculator = ref.info('success').contractId;
    assert.equal((await get(`/api/v1/contracts/${calculator}/results?limit=1000`)).status, 200);
    const bad = await get(`/api/v1/contracts/${calculator}/results?limit=0&order=sideways&timestamp=x&foo=1`);
    assert.deepEqual(bad, {
      status: 400,
      json: {
        _status: {
          messages: [
            { message: 'Invalid parameter: limit' },
            { message: 'Invalid parameter: order' },
            { message: 'Invalid parameter: timestamp' },
            { message: 'Unknown query parameter: foo' },
          ],
        },
      },
    });
  });

  it('an id without results is an empty page; an unknown EVM address is 404; a bad id is 400', async () => {
    assert.deepEqual(await list('/api/v1/contracts/0.0.99999/results'), { results: [], links: { next: null } });
    const address = '0x' + 'ab'.repeat(20);
    const missing = await get(`/api/v1/contracts/${address}/results`);
    assert.deepEqual(missing, {
      status: 404,
      json: { _status: { messages: [{ message: `No contract with the given evm address ${address} has been found.` }] } },
    });
    assert.deepEqual(await get('/api/v1/contracts/not-an-id/results'), {
      status: 400,
      json: { _status: { messages: [{ message: 'Invalid parameter: contractid' }] } },
    });
  });
});
