import { strict as assert } from 'node:assert';
import { ApiError } from '../../../src/core/errors';
import { HttpClient } from '../../../src/core/http';
import { stringifyJson } from '../../../src/core/json';
import { MirrorClient } from '../../../src/core/mirror/client';
import { resolveNetwork } from '../../../src/core/networks';
import { tokenSpecCases } from '../../helpers/mirror-data';
import { sendJson, startServer, startTokenFixtureServer, type TestServer } from '../helpers/fixture-server';

describe('MirrorClient.token', () => {
  let server: TestServer;
  let http: HttpClient;
  const client = () => new MirrorClient(resolveNetwork('custom', { mirrorUrl: server.url + '/' }), http);

  beforeEach(() => {
    http = new HttpClient({ backoffBaseMs: 1, backoffMaxMs: 5 });
  });
  afterEach(async () => {
    await http.close();
    await server.close();
  });

  it('fetches the canonical id and returns token, raw body and URL', async () => {
    server = await startTokenFixtureServer('custom-fees.json');
    const r = await client().token('0x000000000000000000000000000000000000046f');
    assert.equal(server.requests[0].url, '/api/v1/tokens/0.0.1135');
    assert.equal(r.url, `${server.url}/api/v1/tokens/0.0.1135`);
    assert.equal(r.token.expiry_timestamp, 1234567890000010001n);
    assert.equal(stringifyJson(r.raw), stringifyJson(tokenSpecCases().find((c) => c.file === 'custom-fees.json')!.body));
  });

  it('keeps credentials of a custom mirror URL out of the URL it returns', async () => {
    server = await startTokenFixtureServer('custom-fees.json');
    const withUser = server.url.replace('http://', 'http://alice:s3cret@');
    const r = await new MirrorClient(resolveNetwork('custom', { mirrorUrl: withUser }), http).token('0.0.1135');
    assert.equal(server.requests.length, 1);
    assert.equal(r.url, `${server.url}/api/v1/tokens/0.0.1135`);
  });

  it('sends the timestamp filter', async () => {
    server = await startTokenFixtureServer('timestamp.json');
    const r = await client().token('1135', { timestamp: 'lte:1234567880.000000003' });
    assert.equal(server.requests[0].url, '/api/v1/tokens/0.0.1135?timestamp=lte:1234567880.000000003');
    assert.equal(r.token.symbol, 'OLDSYMBOL');
    assert.equal(r.token.custom_fees.created_timestamp, '1234567880.000000003');
  });

  for (const [what, id, timestamp] of [
    ['a bad id', 'abc', undefined],
    ['a non-long-zero address', '06bd279138d5918402fc8ad500526cb2ee0eb985', undefined],
    ['a bad timestamp', '0.0.1135', 'gt:1'],
  ] as const) {
    it(`rejects ${what} without sending anything`, async () => {
      server = await startTokenFixtureServer('custom-fees.json');
      await assert.rejects(client().token(id, { timestamp }), (err: unknown) => err instanceof ApiError && err.kind === 'invalid-input');
      assert.equal(server.requests.length, 0);
    });
  }

  it('reports an unknown token as not-found with the server message', async () => {
    server = await startTokenFixtureServer('not-found.json');
    await assert.rejects(
      client().token('0.0.1135'),
      (err: unknown) => err instanceof ApiError && err.kind === 'not-found' && err.messages[0].message === 'Not found',
    );
  });

  it('reports a 200 that is not a token as a bad response naming the field', async () => {
    server = await startServer((req, res) => sendJson(req, res, 200, '{"token_id":"0.0.1135"}'));
    await assert.rejects(
      client().token('0.0.1135'),
      (err: unknown) => err instanceof ApiError && err.kind === 'bad-response' && /field name:/.test(err.message),
    );
  });
});
