// A contract's results from a hostile mirror over loopback: a page of a million rows (streamed until the client
// stops reading), a links.next loop, a next link leaving the contract, a 20 MB function_parameters, an error_message
// with terminal escapes (through the CLI, as a terminal gets it). Each is a clear error or escaped text, never a hang.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../../src/core/errors';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { resolveNetwork } from '../../../../src/core/networks';
import { MAX_PAGE_ROWS } from '../../../../src/core/results/results-page';
import { ResultsWalk } from '../../../../src/core/results/results-walk';
import { assertCliBuilt, expectExit, runCli } from '../../helpers/cli';
import { sendJson, startServer, type Handler, type TestServer } from '../../helpers/fixture-server';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW_CONTROLS = /[\u001b\u0007\u009b\u202e]/;

const row = (i: number, extra: Record<string, unknown> = {}) => ({
  address: '0x00000000000000000000000000000000000003e9',
  contract_id: '0.0.1001',
  error_message: null,
  from: '0x00000000000000000000000000000000000003e8',
  function_parameters: '0x771602f7',
  gas_used: 21000 + i,
  gas_limit: 100000,
  hash: `0x${i.toString(16).padStart(64, '0')}`,
  timestamp: `${1735689600 - i}.000000001`,
  to: '0x00000000000000000000000000000000000003e9',
  ...extra,
});

describe('contract results: hostile mirror', function () {
  this.timeout(120_000);
  let server: TestServer | undefined;
  let http: HttpClient;

  beforeEach(() => {
    http = new HttpClient({ maxRetries: 0 });
  });
  afterEach(async () => {
    await http.close();
    await server?.close();
    server = undefined;
  });

  async function walkOn(handler: Handler): Promise<ResultsWalk> {
    server = await startServer(handler);
    return new ResultsWalk(new MirrorClient(resolveNetwork('custom', { mirrorUrl: server.url }), http), '0.0.1001', { pageSize: 2 });
  }

  const rejects = async (walk: ResultsWalk, kind: string, message: RegExp) => {
    let caught: unknown;
    try {
      for (let i = 0; i < 10; i++) await walk.more();
    } catch (err) {
      caught = err;
    }
    assert.ok(caught instanceof ApiError, `expected an ApiError, got ${String(caught)}`);
    assert.equal(caught.kind, kind);
    assert.match(caught.message, message);
  };

  it('a million rows: refused as too large without reading the whole body', async () => {
    const walk = await walkOn((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"results":[');
      let i = 0;
      const more = () => {
        while (i < 1_000_000) {
          const chunk = Array.from({ length: 1000 }, () => JSON.stringify(row(i++))).join(',') + (i < 1_000_000 ? ',' : '');
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('],"links":{"next":null}}');
      };
      res.on('error', () => undefined);
      more();
    });
    await rejects(walk, 'too-large', /./);
  });

  it(`more rows than the mirror's page maximum (${MAX_PAGE_ROWS}) is not a results page`, async () => {
    const body = JSON.stringify({ results: Array.from({ length: MAX_PAGE_ROWS + 1 }, (_, i) => row(i)), links: { next: null } });
    const walk = await walkOn((req, res) => sendJson(req, res, 200, body));
    await rejects(walk, 'bad-response', /at most 100 rows/);
  });

  it('a links.next loop is reported, not followed', async () => {
    const walk = await walkOn((req, res, n) =>
      sendJson(
        req,
        res,
        200,
        JSON.stringify({
          results: [row(2 * n), row(2 * n + 1)],
          links: { next: '/api/v1/contracts/0.0.1001/results?limit=2&timestamp=lt:1' },
        }),
      ),
    );
    await rejects(walk, 'bad-response', /repeats a page/);
    assert.equal(server!.requests.length, 2);
  });

  it('a page that goes forward in time, and a next link leaving the contract, are reported', async () => {
    const walk = await walkOn((req, res, n) =>
      sendJson(
        req,
        res,
        200,
        JSON.stringify({ results: [row(1 - n)], links: { next: `/api/v1/contracts/0.0.1001/results?timestamp=lt:${n}` } }),
      ),
    );
    await rejects(walk, 'bad-response', /out of order/);
    const leaving = await walkOn((req, res) =>
      sendJson(req, res, 200, JSON.stringify({ results: [row(0)], links: { next: 'http://elsewhere.invalid/api/v1/tokens/0.0.1?x=1' } })),
    );
    await rejects(leaving, 'bad-response', /leaves/);
  });

  it('a 20 MB function_parameters is refused as too large', async () => {
    const body = JSON.stringify({
      results: [row(0, { function_parameters: `0x${'ab'.repeat(10 * 1024 * 1024)}` })],
      links: { next: null },
    });
    const walk = await walkOn((req, res) => sendJson(req, res, 200, body));
    await rejects(walk, 'too-large', /./);
  });

  it('an error_message with terminal escapes reaches the terminal escaped (CLI)', async () => {
    assertCliBuilt();
    const hostile = '\u001b]0;pwned\u0007\u001b[2J\u009b31mred\u202eevil';
    server = await startServer((req, res) =>
      sendJson(req, res, 200, JSON.stringify({ results: [row(0, { error_message: hostile })], links: { next: null } })),
    );
    const run = await runCli(['results', '0.0.1001', '--mirror', server.url]);
    expectExit(run, 0);
    assert.doesNotMatch(run.stdout, RAW_CONTROLS);
    assert.match(run.stdout, /FAILED .*\\x1b\]0;pwned\\x07\\x1b\[2J\\x9b31mred\\u202eevil/);
    const json = await runCli(['results', '0.0.1001', '--mirror', server.url, '--json']);
    assert.doesNotMatch(json.stdout, RAW_CONTROLS);
  });
});
