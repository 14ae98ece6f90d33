// The contract result and actions of real reference-mirror executions (solc + @ethereumjs/vm), read through the
// REST client over loopback: shapes, pagination by links.next, page bounds, and what a hostile server can not do.
import { strict as assert } from 'node:assert';
import { encodeErrorResult, encodeFunctionData, encodeFunctionResult, parseAbi } from 'viem';
import { ApiError } from '../../../src/core/errors';
import { HttpClient, type RequestLog } from '../../../src/core/http';
import { MirrorClient } from '../../../src/core/mirror/client';
import { resolveNetwork } from '../../../src/core/networks';
import { sendJson, startServer, type TestServer } from '../helpers/fixture-server';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';

const CALLER = parseAbi(['function callDouble(uint256 x) returns (uint256)']);
const CALLEE = parseAbi(['function double(uint256 x) returns (uint256)']);
const VAULT = parseAbi(['function withdraw(uint256 amount)', 'error InsufficientBalance(uint256 available, uint256 required)']);

describe('contract results and actions (reference mirror, real EVM)', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let http: HttpClient;
  let requests: RequestLog[];

  before(async () => {
    ref = await startReference('post-op');
  });
  beforeEach(() => {
    requests = [];
    http = new HttpClient({ logger: (e) => requests.push(e) });
  });
  afterEach(() => http.close());
  after(() => ref.close());

  it('the result of a nested call: sender, contract, calldata, output, gas and block', async () => {
    const info = ref.info('nested-call');
    const trace = await ref.fetch('nested-call');
    const { result, url } = await new MirrorClient(ref.endpoints, http).contractResult(info.transactionId);
    assert.equal(url, `${ref.mirror.url}/api/v1/contracts/results/${info.transactionId}`);
    assert.equal(result.contract_id, info.contractId);
    assert.equal(result.to, info.address);
    assert.match(result.from ?? '', /^0x[0-9a-f]{40}$/);
    assert.equal(result.function_parameters, encodeFunctionData({ abi: CALLER, functionName: 'callDouble', args: [21n] }));
    assert.equal(result.call_result, encodeFunctionResult({ abi: CALLER, functionName: 'callDouble', result: 43n }));
    assert.equal(result.gas_used, trace.summary.gasUsed);
    assert.equal(result.gas_limit, 15_000_000);
    assert.deepEqual([result.result, result.status, result.error_message], ['SUCCESS', '0x1', null]);
    assert.ok(Number.isInteger(result.block_number) && /^0x[0-9a-f]{96}$/.test(result.block_hash ?? ''));
  });

  it('the result of a custom-error revert keeps the revert data as error_message; found by hash too', async () => {
    const info = ref.info('custom-error');
    const { result } = await new MirrorClient(ref.endpoints, http).contractResult(info.hash);
    assert.deepEqual([result.result, result.status, result.call_result], ['CONTRACT_REVERT_EXECUTED', '0x0', '0x']);
    assert.equal(result.error_message, encodeErrorResult({ abi: VAULT, errorName: 'InsufficientBalance', args: [5n, 100n] }));
  });

  it('the logs case lists its events with topics and data', async () => {
    const { result } = await new MirrorClient(ref.endpoints, http).contractResult(ref.info('logs').transactionId);
    assert.deepEqual(
      result.logs?.map((l) => l.topics?.length),
      [3, 1, 0],
    );
    assert.deepEqual(
      result.logs?.map((l) => l.index),
      [0, 1, 2],
    );
  });

  it('actions: one per frame in order, with depth, type, input, output and gas', async () => {
    const info = ref.info('nested-call');
    const { actions, complete } = await new MirrorClient(ref.endpoints, http).contractActions(info.transactionId);
    assert.equal(complete, true);
    assert.deepEqual(
      actions.map((a) => [a.index, a.call_depth, a.call_type, a.call_operation_type, a.result_data_type]),
      [
        [0, 0, 'CALL', 'CALL', 'OUTPUT'],
        [1, 1, 'CALL', 'CALL', 'OUTPUT'],
      ],
    );
    const [root, inner] = actions;
    assert.equal(root.to, info.address);
    assert.equal(root.caller, '0.0.1000');
    assert.equal(inner.from, info.address);
    assert.equal(inner.recipient, '0.0.1002');
    assert.equal(inner.input, encodeFunctionData({ abi: CALLEE, functionName: 'double', args: [21n] }));
    assert.equal(inner.result_data, encodeFunctionResult({ abi: CALLEE, functionName: 'double', result: 42n }));
    assert.ok(Number(inner.gas_used) > 0 && Number(inner.gas_used) < Number(inner.gas));
    assert.ok(Number(root.gas_used) > Number(inner.gas_used));
  });

  it('actions: the reverting frame of a bubbled revert says REVERT_REASON; STATICCALL, DELEGATECALL and CREATE2 are typed', async () => {
    const reverted = (await new MirrorClient(ref.endpoints, http).contractActions(ref.info('revert-error').transactionId)).actions;
    assert.deepEqual(
      reverted.map((a) => [a.call_operation_type, a.result_data_type]),
      [
        ['CALL', 'REVERT_REASON'],
        ['STATICCALL', 'REVERT_REASON'],
      ],
    );
    const delegate = (await new MirrorClient(ref.endpoints, http).contractActions(ref.info('delegatecall').transactionId)).actions;
    assert.deepEqual(
      delegate.map((a) => a.call_operation_type),
      ['CALL', 'DELEGATECALL'],
    );
    assert.equal(delegate[1].recipient, '0.0.1008', 'the library the code came from');
    const created = (await new MirrorClient(ref.endpoints, http).contractActions(ref.info('create').transactionId)).actions;
    assert.deepEqual(
      created.map((a) => [a.call_operation_type, a.call_type]),
      [
        ['CALL', 'CALL'],
        ['CREATE', 'CREATE'],
        ['CREATE2', 'CREATE'],
      ],
    );
    assert.ok(created.slice(1).every((a) => /^0x[0-9a-f]{40}$/.test(a.to ?? '')));
    // A creation's input is its init code: Child's creation bytecode, then its constructor's argument (7, then 8).
    const word = (n: number) => n.toString(16).padStart(64, '0');
    assert.deepEqual(
      created.slice(1).map((a) => [a.input?.startsWith('0x6080604052'), a.input?.slice(-64)]),
      [
        [true, word(7)],
        [true, word(8)],
      ],
    );
  });

  it('pages through links.next, one action per page, to the same list', async () => {
    const id = ref.info('create').transactionId;
    const whole = await new MirrorClient(ref.endpoints, http).contractActions(id);
    requests = [];
    const paged = await new MirrorClient(ref.endpoints, http).contractActions(id, { pageSize: 1 });
    assert.deepEqual(paged.actions, whole.actions);
    assert.equal(paged.complete, true);
    // Three full pages, then the empty page a full last page links to.
    assert.equal(requests.length, 4);
    assert.match(requests[1].url, /\/actions\?limit=1&index=gt:0$/);
  });

  it('stops at maxPages and says the list is incomplete', async () => {
    const { actions, complete } = await new MirrorClient(ref.endpoints, http).contractActions(ref.info('create').transactionId, {
      pageSize: 1,
      maxPages: 2,
    });
    assert.deepEqual([actions.length, complete], [2, false]);
  });

  it('an unknown transaction is not-found; a malformed id or page size is invalid input and sends nothing', async () => {
    const unknown = await new MirrorClient(ref.endpoints, http).contractResult('0.0.1000-1735689600-000000999').catch((e: unknown) => e);
    assert.ok(unknown instanceof ApiError && unknown.kind === 'not-found', String(unknown));
    const missingActions = await new MirrorClient(ref.endpoints, http)
      .contractActions('0.0.1000-1735689600-000000999')
      .catch((e: unknown) => e);
    assert.ok(missingActions instanceof ApiError && missingActions.kind === 'not-found', String(missingActions));
    requests = [];
    for (const attempt of [
      () => new MirrorClient(ref.endpoints, http).contractResult('not-a-transaction'),
      () => new MirrorClient(ref.endpoints, http).contractActions('0x1234'),
      () => new MirrorClient(ref.endpoints, http).contractActions(ref.info('create').transactionId, { pageSize: 101 }),
      () => new MirrorClient(ref.endpoints, http).contractActions(ref.info('create').transactionId, { maxPages: 0 }),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      assert.ok(error instanceof ApiError && error.kind === 'invalid-input', String(error));
    }
    assert.equal(requests.length, 0);
  });
});

describe('contract actions from a hostile server', () => {
  let server: TestServer;
  let respond: (url: string) => unknown;
  let http: HttpClient;
  const id = '0.0.1000-1735689610-000000001';
  const action = (index: number, extra: Record<string, unknown> = {}) => ({
    call_depth: 0,
    call_operation_type: 'CALL',
    call_type: 'CALL',
    gas: 100,
    gas_used: 50,
    index,
    result_data_type: 'OUTPUT',
    value: 0,
    ...extra,
  });

  before(async () => {
    server = await startServer((req, res) => {
      const body = respond(req.url ?? '');
      sendJson(req, res, 200, typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  beforeEach(() => {
    http = new HttpClient();
  });
  afterEach(() => http.close());
  after(() => server.close());

  const endpoints = () => resolveNetwork('custom', { mirrorUrl: `${server.url}/prefix` });
  const failure = async (): Promise<ApiError> => {
    const error = await new MirrorClient(endpoints(), http).contractActions(id).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    return error;
  };

  it('a next link to another path or host is refused, not followed', async () => {
    for (const next of ['/api/v1/accounts', 'http://elsewhere.example/api/v1/contracts/results/x/actions']) {
      respond = () => ({ actions: [action(0)], links: { next } });
      const error = await failure();
      assert.equal(error.kind, 'bad-response');
      assert.match(error.message, /next-page link leaves/);
    }
  });

  it('a next link is re-rooted under the configured URL prefix', async () => {
    respond = (url) =>
      url.includes('index=gt:0')
        ? { actions: [action(1)], links: { next: null } }
        : { actions: [action(0)], links: { next: `/api/v1/contracts/results/${id}/actions?limit=100&index=gt:0` } };
    const { actions } = await new MirrorClient(endpoints(), http).contractActions(id);
    assert.deepEqual(
      actions.map((a) => a.index),
      [0, 1],
    );
    assert.equal(server.requests.at(-1)?.url, `/prefix/api/v1/contracts/results/${id}/actions?limit=100&index=gt:0`);
  });

  it('pages each under the page cap stop at a budget for all pages together: what exceeds it is not kept', async () => {
    // Ten linked pages of ~200 KB each; all pages together may take 500 KB (the default budget is 16 MB).
    const input = `0x${'ab'.repeat(100_000)}`;
    respond = (url) => {
      const n = Number(/index=gt:(\d+)/.exec(url)?.[1] ?? -1) + 1;
      return {
        actions: [action(n, { input })],
        links: { next: n < 9 ? `/api/v1/contracts/results/${id}/actions?limit=100&index=gt:${n}` : null },
      };
    };
    const before = server.requests.length;
    const { actions, complete, stoppedBy } = await new MirrorClient(endpoints(), http).contractActions(id, { maxTotalBytes: 500_000 });
    assert.deepEqual(
      actions.map((a) => a.index),
      [0, 1],
    );
    assert.deepEqual([complete, stoppedBy], [false, 'bytes']);
    assert.equal(server.requests.length - before, 3, 'the page over the budget was the last one asked for');
  });

  it('a page that repeats indexes (a loop) is refused', async () => {
    respond = () => ({ actions: [action(0)], links: { next: `/api/v1/contracts/results/${id}/actions?index=gt:0` } });
    const error = await failure();
    assert.equal(error.kind, 'bad-response');
    assert.match(error.message, /out of order/);
  });

  it('int64 values beyond 2^53 arrive exact; a field of the wrong type is named', async () => {
    respond = () => `{"actions":[${JSON.stringify(action(0)).replace('"gas":100', '"gas":12345678901234567890')}],"links":{"next":null}}`;
    const { actions } = await new MirrorClient(endpoints(), http).contractActions(id);
    assert.equal(actions[0].gas, 12345678901234567890n);
    respond = () => ({ actions: [action(0, { input: 'not hex' })], links: { next: null } });
    const error = await failure();
    assert.equal(error.kind, 'bad-response');
    assert.match(error.message, /field actions\.0\.input/);
  });
});
