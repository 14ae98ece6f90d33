import { strict as assert } from 'node:assert';
import { ApiError } from '../../../../src/core/errors';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { MAX_CONTRACT_CODE_BYTES } from '../../../../src/core/sourcemap/contract-code';
import { sendJson, startServer, type TestServer } from '../../helpers/fixture-server';

const ADDRESS = '0x00000000000000000000000000000000000003ea';

describe('contract code from the mirror', () => {
  let server: TestServer;
  let http: HttpClient;
  const answers = new Map<string, { status: number; body: string }>();
  before(async () => {
    server = await startServer((req, res) => {
      const answer = answers.get(req.url ?? '') ?? { status: 404, body: '{"_status":{"messages":[{"message":"Not found"}]}}' };
      sendJson(req, res, answer.status, answer.body);
    });
    http = new HttpClient({ maxRetries: 0 });
  });
  after(async () => {
    await http.close();
    await server.close();
  });

  it('reads runtime and init code from GET /api/v1/contracts/{address}', async () => {
    answers.set(`/api/v1/contracts/${ADDRESS}`, {
      status: 200,
      body: JSON.stringify({ contract_id: '0.0.1002', runtime_bytecode: '0x6080', bytecode: '0x60806040' }),
    });
    const code = await new MirrorClient({ restUrl: `${server.url}/`, web3Url: `${server.url}/` }, http).contractCode(ADDRESS);
    assert.deepEqual(code, { runtime: Uint8Array.from([0x60, 0x80]), creation: Uint8Array.from([0x60, 0x80, 0x60, 0x40]) });
    assert.equal(server.requests.at(-1)?.url, `/api/v1/contracts/${ADDRESS}`);
  });

  it('a contract created by another contract has no init code; empty code is none', async () => {
    answers.set('/api/v1/contracts/0.0.5', { status: 200, body: JSON.stringify({ runtime_bytecode: '0x', bytecode: null }) });
    assert.deepEqual(await new MirrorClient({ restUrl: server.url, web3Url: server.url }, http).contractCode('0.0.5'), {
      runtime: undefined,
      creation: undefined,
    });
  });

  it('404 (an account, a system contract): no contract, not an error', async () => {
    assert.equal(
      await new MirrorClient({ restUrl: server.url, web3Url: server.url }, http).contractCode('0x0000000000000000000000000000000000000167'),
      undefined,
    );
  });

  it('a body without readable bytecode, or a server error, is a ApiError', async () => {
    answers.set('/api/v1/contracts/0.0.6', { status: 200, body: JSON.stringify({ runtime_bytecode: 'not hex' }) });
    await assert.rejects(
      new MirrorClient({ restUrl: server.url, web3Url: server.url }, http).contractCode('0.0.6'),
      (err: unknown) => err instanceof ApiError && err.kind === 'bad-response' && /0\.0\.6 has no readable bytecode/.test(err.message),
    );
    answers.set('/api/v1/contracts/0.0.7', { status: 500, body: '{"_status":{"messages":[{"message":"Internal error"}]}}' });
    await assert.rejects(
      new MirrorClient({ restUrl: server.url, web3Url: server.url }, http).contractCode('0.0.7'),
      (err: unknown) => err instanceof ApiError && err.kind === 'server',
    );
  });

  it('bounds the code before parsing it (#26): 1 MiB is read, more is a clear error, a 7.9 MB answer is not downloaded', async () => {
    const hex = (bytes: number) => `0x${'60'.repeat(bytes)}`;
    answers.set('/api/v1/contracts/0.0.8', {
      status: 200,
      body: JSON.stringify({ runtime_bytecode: hex(MAX_CONTRACT_CODE_BYTES), bytecode: null }),
    });
    assert.equal(
      (await new MirrorClient({ restUrl: server.url, web3Url: server.url }, http).contractCode('0.0.8'))?.runtime?.length,
      MAX_CONTRACT_CODE_BYTES,
    );
    answers.set('/api/v1/contracts/0.0.9', {
      status: 200,
      body: JSON.stringify({ runtime_bytecode: hex(MAX_CONTRACT_CODE_BYTES + 1), bytecode: null }),
    });
    await assert.rejects(
      new MirrorClient({ restUrl: server.url, web3Url: server.url }, http).contractCode('0.0.9'),
      (err: unknown) =>
        err instanceof ApiError && err.kind === 'too-large' && /0\.0\.9 has more than 1024 KiB of bytecode/.test(err.message),
    );
    answers.set('/api/v1/contracts/0.0.10', { status: 200, body: JSON.stringify({ runtime_bytecode: hex(3_950_000), bytecode: null }) });
    await assert.rejects(
      new MirrorClient({ restUrl: server.url, web3Url: server.url }, http).contractCode('0.0.10'),
      (err: unknown) => err instanceof ApiError && err.kind === 'too-large' && /larger than/.test(err.message),
    );
  });
});
