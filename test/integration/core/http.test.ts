import { strict as assert } from 'node:assert';
import type { ServerResponse } from 'node:http';
import { createGzip, gzipSync } from 'node:zlib';
import type { ErrorKind } from '../../../src/core/errors';
import { HttpClient, retryAfterMs, type HttpOptions, type RequestLog, type RetryInfo } from '../../../src/core/http';
import { sendJson, startServer, type Handler, type TestServer } from '../helpers/fixture-server';
import { rejectsWith } from '../../helpers/api-error';
import { FakeClock } from '../../helpers/fake-clock';
import { waitUntil } from '../../helpers/wait';

const FAST: Partial<HttpOptions> = { backoffBaseMs: 2, backoffMaxMs: 20, maxRetries: 3, headersTimeoutMs: 5000, bodyTimeoutMs: 5000 };
const TOKEN_BODY = '{"token_id":"0.0.1135","expiry_timestamp":1234567890000010001}';
const REST_503 = '{"_status":{"messages":[{"message":"Service unavailable"}]}}';
const WEB3_429 = '{"_status":{"messages":[{"message":"Too Many Requests","detail":"Requests per second rate limit exceeded.","data":""}]}}';

let server: TestServer | undefined;
let client: HttpClient | undefined;

async function serve(handler: Handler, options: Partial<HttpOptions> = FAST): Promise<{ server: TestServer; client: HttpClient }> {
  server = await startServer(handler);
  client = new HttpClient(options);
  return { server, client };
}

/** Sends headers and the first half of a gzip body, then leaves the socket open and silent. */
function halfGzip(res: ServerResponse, body: Buffer, chunked: boolean) {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-encoding': 'gzip',
    ...(chunked ? {} : { 'content-length': body.length }),
  });
  res.write(body.subarray(0, Math.floor(body.length / 2)));
}

const bigBody = JSON.stringify({ items: Array.from({ length: 2000 }, (_, i) => ({ i, s: `value-${i}-${Math.random()}` })) });

describe('HttpClient', () => {
  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = server = undefined;
  });

  it('asks for gzip and decompresses, keeping big integers exact', async () => {
    const { server, client } = await serve((req, res) => sendJson(req, res, 200, TOKEN_BODY));
    const body = (await client.getJson(`${server.url}/api/v1/tokens/0.0.1135`)) as Record<string, unknown>;
    assert.equal(server.requests[0].headers['accept-encoding'], 'gzip');
    assert.equal(body.expiry_timestamp, 1234567890000010001n);
  });

  it('reads an uncompressed body too', async () => {
    const { server, client } = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'));
    assert.deepEqual(await client.getJson(server.url), { a: 1 });
  });

  it('streams a 200 without buffering it', async () => {
    let finish: () => void = () => {};
    const { server, client } = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      const gz = createGzip();
      gz.pipe(res);
      gz.write('first-part|');
      gz.flush();
      finish = () => gz.end('second-part');
    });
    const res = await client.getStream(server.url);
    assert.equal(res.status, 200);
    let text = '';
    for await (const chunk of res.body) {
      // The server sends the rest only after the client has seen the start.
      if (!text) finish();
      text += String(chunk);
    }
    assert.equal(text, 'first-part|second-part');
  });

  it('retries a 429 with back-off, then succeeds', async () => {
    const { server, client } = await serve((req, res, n) =>
      n < 2 ? sendJson(req, res, 429, WEB3_429) : sendJson(req, res, 200, '{"ok":true}'),
    );
    const retries: RetryInfo[] = [];
    assert.deepEqual(await client.getJson(server.url, { onRetry: (r) => retries.push(r) }), { ok: true });
    assert.equal(server.requests.length, 3);
    assert.deepEqual(
      retries.map((r) => r.attempt),
      [1, 2],
      'each wait is announced before it starts',
    );
    assert.ok(retries.every((r) => r.delayMs >= 0));
  });

  it('gives up on a lasting 429 as rate-limited after maxRetries + 1 attempts', async () => {
    const { server, client } = await serve((req, res) => sendJson(req, res, 429, WEB3_429));
    const err = await rejectsWith(client.getJson(`${server.url}/x`), 'rate-limited');
    assert.equal(server.requests.length, 4);
    assert.equal(err.status, 429);
    assert.equal(err.url, `${server.url}/x`);
    assert.deepEqual(err.messages, [{ message: 'Too Many Requests', detail: 'Requests per second rate limit exceeded.' }]);
    assert.match(err.message, /after 4 attempts.*Too Many Requests: Requests per second rate limit exceeded\./);
  });

  it('honours Retry-After', async () => {
    const clock = new FakeClock();
    const { server, client } = await serve(
      (req, res, n) => (n === 0 ? sendJson(req, res, 429, WEB3_429, { 'retry-after': '1' }) : sendJson(req, res, 200, '{}')),
      { ...FAST, backoffMaxMs: 5000, clock },
    );
    const retries: RetryInfo[] = [];
    const done = client.getJson(server.url, { onRetry: (r) => retries.push(r) });
    await waitUntil('the wait after the 429', () => clock.pending === 1);
    const [retry] = retries;
    assert.ok(retry.delayMs >= 1000 && retry.delayMs <= 1100, `waits ${retry.delayMs} ms: Retry-After plus at most 10 % jitter`);
    await clock.advance(retry.delayMs - 1);
    assert.equal(server.requests.length, 1, 'no second attempt before Retry-After has passed');
    await clock.advance(1);
    await done;
    assert.equal(server.requests.length, 2);
  });

  it('stops at once when Retry-After asks for longer than the back-off limit', async () => {
    const { server, client } = await serve((req, res) => sendJson(req, res, 429, WEB3_429, { 'retry-after': '3600' }));
    const err = await rejectsWith(client.getJson(server.url), 'rate-limited');
    assert.equal(server.requests.length, 1);
    assert.match(err.message, /asks to wait 3600 s/);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    assert.equal(retryAfterMs('2'), 2000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(retryAfterMs('soon'), undefined);
    assert.equal(retryAfterMs(undefined), undefined);
  });

  it('times out on a server that never answers', async () => {
    const { server, client } = await serve(() => {}, { ...FAST, headersTimeoutMs: 200 });
    const err = await rejectsWith(client.getJson(server.url), 'timeout');
    assert.match(err.message, /Timed out waiting for the response after 0\.2 s/);
  });

  it('times out on a body that stalls', async () => {
    const { server, client } = await serve((_req, res) => halfGzip(res, gzipSync(bigBody), true), { ...FAST, bodyTimeoutMs: 200 });
    const err = await rejectsWith(client.getJson(server.url), 'timeout');
    assert.match(err.message, /Timed out reading the response body/);
  });

  it('cancels an in-flight request at once', async () => {
    const { server, client } = await serve(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    // 'cancelled', not 'timeout' nor a second attempt: the abort ended the wait itself.
    await rejectsWith(client.getJson(server.url, { signal: controller.signal }), 'cancelled');
  });

  it('cancels during a back-off sleep without another attempt', async () => {
    const { server, client } = await serve((req, res) => sendJson(req, res, 429, WEB3_429), {
      ...FAST,
      backoffBaseMs: 10_000,
      backoffMaxMs: 10_000,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    // 'cancelled', not 'timeout' nor a second attempt: the abort ended the wait itself.
    await rejectsWith(client.getJson(server.url, { signal: controller.signal }), 'cancelled');
    assert.equal(server.requests.length, 1);
  });

  it('cancels while reading a streamed body', async () => {
    const { server, client } = await serve((_req, res) => halfGzip(res, gzipSync(bigBody), true));
    const controller = new AbortController();
    const res = await client.getStream(server.url, { signal: controller.signal });
    controller.abort();
    await rejectsWith(
      (async () => {
        for await (const _ of res.body);
      })(),
      'cancelled',
    );
  });

  it('reports a 5xx as a server error with the server message', async () => {
    const { server, client } = await serve((req, res) => sendJson(req, res, 503, REST_503));
    const err = await rejectsWith(client.getJson(server.url), 'server');
    assert.equal(err.status, 503);
    assert.deepEqual(err.messages, [{ message: 'Service unavailable' }]);
    assert.match(err.message, /Mirror server error — HTTP 503: Service unavailable \(GET http:\/\/127\.0\.0\.1:\d+\/\)/);
    assert.equal(server.requests.length, 1);
  });

  it('reports a non-JSON error body with its first bytes', async () => {
    const { server, client } = await serve((_req, res) => res.writeHead(502).end('<html>Bad Gateway</html>'));
    const err = await rejectsWith(client.getJson(server.url), 'server');
    assert.match(err.message, /HTTP 502: response body is not JSON: "<html>Bad Gateway<\/html>"/);
  });

  it('reports malformed JSON in a 200 as a bad response', async () => {
    const { server, client } = await serve((req, res) => sendJson(req, res, 200, '{"token_id": "0.0.1", '));
    const err = await rejectsWith(client.getJson(server.url), 'bad-response');
    assert.match(err.message, /not JSON: "\{\\"token_id\\": \\"0\.0\.1\\", "/);
  });

  it('reports a gzip body cut mid-stream by a closed connection as truncated, saying how much arrived', async () => {
    const { server, client } = await serve((_req, res) => {
      halfGzip(res, gzipSync(bigBody), false);
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const err = await rejectsWith(client.getJson(server.url), 'truncated');
    assert.match(err.message, /closed the connection after \d+(\.\d)? KB of \d+(\.\d)? KB/);
  });

  it('reports a gzip body that ends early as a bad response', async () => {
    const { server, client } = await serve((_req, res) => {
      halfGzip(res, gzipSync(bigBody), true);
      res.end();
    });
    const err = await rejectsWith(client.getJson(server.url), 'bad-response');
    assert.match(err.message, /compressed response body is incomplete or corrupt/);
  });

  it('reports a refused connection as a network error', async () => {
    const { server } = await serve(() => {});
    const url = server.url;
    await server.close();
    client = new HttpClient(FAST);
    const err = await rejectsWith(client.getJson(url), 'network');
    assert.match(err.message, /ECONNREFUSED/);
  });

  describe('statuses', () => {
    const cases: [string, number, string, string, ErrorKind, RegExp][] = [
      [
        'a REST 404',
        404,
        '/api/v1/tokens/0.0.1',
        '{"_status":{"messages":[{"message":"Not found"}]}}',
        'not-found',
        /^Not found — HTTP 404: Not found/,
      ],
      [
        'a web3 404 for an unknown transaction',
        404,
        '/api/v1/contracts/results/0.0.1-1-000000001/opcodes',
        '{"_status":{"messages":[{"message":"Not Found","detail":"Transaction not found: x","data":""}]}}',
        'not-found',
        /Not Found: Transaction not found: x/,
      ],
      [
        'a 404 for a missing static resource',
        404,
        '/api/v1/contracts/results/0.0.1-1-000000001/opcodes',
        '{"_status":{"messages":[{"message":"Not Found","detail":"No static resource api/v1/contracts/results/0.0.1-1-000000001/opcodes.","data":""}]}}',
        'endpoint-disabled',
        /opcodes endpoint may be disabled on this network/,
      ],
      [
        "REST's bare 404 on the opcodes path",
        404,
        '/api/v1/contracts/results/0.0.1-1-000000001/opcodes',
        '{"_status":{"messages":[{"message":"Not found"}]}}',
        'endpoint-disabled',
        /^The opcodes endpoint may be disabled on this network — HTTP 404: Not found/,
      ],
      [
        'a 400',
        400,
        '/api/v1/tokens/abc',
        '{"_status":{"messages":[{"message":"Invalid parameter: tokenid"}]}}',
        'invalid-input',
        /rejected the request — HTTP 400: Invalid parameter: tokenid/,
      ],
      [
        'the v0.150 406',
        406,
        '/api/v1/contracts/results/0.0.1-1-000000001/opcodes',
        '{"message":"Not Acceptable","detail":"Accept-Encoding: gzip header is required"}',
        'invalid-input',
        /HTTP 406: Not Acceptable: Accept-Encoding: gzip header is required/,
      ],
      ['an unexpected 403', 403, '/', 'denied', 'bad-response', /HTTP 403: response body is not JSON: "denied"/],
    ];
    for (const [what, status, path, body, kind, message] of cases) {
      it(`maps ${what} to ${kind}`, async () => {
        const { server, client } = await serve((req, res) => sendJson(req, res, status, body));
        const err = await rejectsWith(client.getJson(server.url + path), kind);
        assert.equal(err.status, status);
        assert.match(err.message, message);
        assert.equal(server.requests.length, 1);
      });
    }
  });

  it('spaces serialised requests to one host 1 s apart, in order', async () => {
    const clock = new FakeClock();
    const { server, client } = await serve((req, res) => sendJson(req, res, 200, '{}'), { ...FAST, clock });
    const all = Promise.all([0, 1, 2].map((i) => client.getJson(`${server.url}/${i}`, { serializeHost: true })));
    await waitUntil(
      'the first request and the other two waiting for their slots',
      () => server.requests.length === 1 && clock.pending === 2,
    );
    for (const next of [1, 2]) {
      await clock.advance(999);
      assert.equal(server.requests.length, next, `request ${next} waits a whole second after the one before`);
      await clock.advance(1);
      await waitUntil(`request ${next}`, () => server.requests.length === next + 1);
    }
    await all;
    assert.deepEqual(
      server.requests.map((r) => r.url),
      ['/0', '/1', '/2'],
    );
  });

  it('logs each attempt without headers or credentials', async () => {
    const logs: RequestLog[] = [];
    const { server } = await serve((req, res, n) => (n === 0 ? sendJson(req, res, 429, WEB3_429) : sendJson(req, res, 200, TOKEN_BODY)));
    await client!.close();
    client = new HttpClient({ ...FAST, logger: (e) => logs.push(e) });
    const url = server.url.replace('http://', 'http://user:secret@') + '/api/v1/tokens/0.0.1135';
    await client.getJson(url);
    assert.equal(logs.length, 2);
    assert.deepEqual(
      logs.map((l) => [l.method, l.url, l.status]),
      [
        ['GET', `${server.url}/api/v1/tokens/0.0.1135`, 429],
        ['GET', `${server.url}/api/v1/tokens/0.0.1135`, 200],
      ],
    );
    assert.equal(logs[1].bytes, TOKEN_BODY.length);
    assert.ok(logs.every((l) => typeof l.ms === 'number' && !JSON.stringify(l).includes('secret')));
  });
});
