import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli, type Run } from '../helpers/cli';
import { startMirror, type RunningMirror } from '../../../servers/mirror/server';
import { CAPTURED_TOKENS, minifyJson, TOKEN_SPECS } from '../../helpers/mirror-data';
import { sendJson, startServer, startTokenFixtureServer, type TestServer } from '../helpers/fixture-server';

const cli = (...args: string[]) => runCli(args);

function expectOneErrorLine(run: Run, message: RegExp): void {
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /^ledger-mirror: [^\n]+\n$/);
  assert.match(run.stderr, message);
  assert.doesNotMatch(run.stderr, /\n\s+at /);
}

const fixtureText = (file: string) => minifyJson(readFileSync(join(TOKEN_SPECS, file), 'utf8'));

describe('CLI token', function () {
  this.timeout(90_000); // node start-up of each CLI run is slow on a loaded machine
  let server: TestServer | undefined;

  before(assertCliBuilt);
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  for (const [file, id, timestamp] of [
    ['custom-fees.json', '1135', undefined],
    ['nft-custom-fees.json', '0.0.1135', undefined],
    ['no-params.json', '0x000000000000000000000000000000000000046F', undefined],
    ['non-fungible-unique-token-types.json', '0.1135', undefined],
    ['timestamp.json', '1135', 'lt:1234567880.000000004'],
  ] as const) {
    it(`--json reproduces ${file} exactly`, async () => {
      server = await startTokenFixtureServer(file);
      const run = await cli('token', id, '--mirror', server.url, '--json', ...(timestamp ? ['--timestamp', timestamp] : []));
      expectExit(run, EXIT.ok);
      assert.ok(fixtureText(file).includes(`"responseJson":${minifyJson(run.stdout)}`), run.stdout);
    });
  }

  describe('real testnet bodies (hashgraph/hedera-forking) from the reference mirror', () => {
    let mirror: RunningMirror;
    before(async () => {
      mirror = await startMirror();
    });
    after(() => mirror.close());

    it('shows testnet USDC 0.0.429274 whole, its exponent-form expiry marked ≈ to the digits it carries', async () => {
      const run = await cli('token', '0.0.429274', '--mirror', `${mirror.url}/fixtures/hedera-forking`);
      expectExit(run, EXIT.ok);
      assert.match(run.stdout, /^USDC 0\.0\.429274 — USD Coin$/m);
      assert.match(run.stdout, /^ {2}Expiry: ≈2024-02-01T22:15:07\.000718Z \(sent inexactly as 1\.706825707000718e18 ns\)$/m);
      assert.match(run.stdout, /^ {2}Total supply: 10000000005$/m);
    });

    it('--json passes every body through exactly as sent, exponent form included (root and fixture alike)', async () => {
      for (const [name, id] of [
        ['USDC', '0.0.429274'],
        ['MFCT', '0.0.4730999'],
        ['CTCF', '0.0.5206169'],
        ['CFNFTFF', '0.0.5308378'],
      ]) {
        const run = await cli('token', id, '--mirror', mirror.url, '--json');
        expectExit(run, EXIT.ok);
        assert.equal(minifyJson(run.stdout), minifyJson(readFileSync(join(CAPTURED_TOKENS, `${name}.json`), 'utf8')), name);
      }
    });
  });

  it('prints a readable summary', async () => {
    server = await startTokenFixtureServer('custom-fees.json');
    const run = await cli('token', '0.0.1135', '--mirror', server.url);
    expectExit(run, EXIT.ok);
    const lines = run.stdout.split('\n');
    assert.equal(lines[0], 'ORIGINALRDKSE 0.0.1135 — Token name');
    for (const line of [
      'Overview',
      '  Type: Fungible',
      'Keys',
      '  Fee schedule: ProtobufEncoded 7b22…227d',
      'Custom fees',
      '  Fixed fee: 0.00000013 ℏ',
      '    Collector: 0.0.8905',
      'Timestamps',
      '  Expiry: 2009-02-13T23:31:30.000010001Z (1234567890000010001 ns)',
    ]) {
      assert.ok(lines.includes(line), `missing line ${JSON.stringify(line)} in\n${run.stdout}`);
    }
  });

  it('exits 2 for an invalid id without sending anything', async () => {
    server = await startTokenFixtureServer('custom-fees.json');
    const run = await cli('token', 'abc', '--mirror', server.url);
    expectExit(run, EXIT.invalidInput);
    expectOneErrorLine(run, /Expected a token id like 0\.0\.1234, 1234 or a long-zero EVM address/);
    assert.equal(server.requests.length, 0);
  });

  it('exits 2 for an invalid timestamp, an unknown option, a missing id or a bad network', async () => {
    const runs = await Promise.all(
      [
        ['token', '0.0.1', '--timestamp', 'gt:1', '--mirror', 'http://127.0.0.1:9'],
        ['token', '0.0.1', '--frobnicate'],
        ['token'],
        ['token', '0.0.1', '--network', 'moon'],
        ['token', '0.0.1', '--network', 'mainnet', '--mirror', 'http://127.0.0.1:9'],
        ['token', '0.0.1', '--mirror', 'ftp://x'],
      ].map((args) => cli(...args)),
    );
    for (const run of runs) {
      expectExit(run, EXIT.invalidInput);
      expectOneErrorLine(run, /./);
    }
  });

  it('exits 3 with the server message when the token does not exist', async () => {
    server = await startTokenFixtureServer('not-found.json');
    const run = await cli('token', '0.0.1135', '--mirror', server.url);
    expectExit(run, EXIT.notFound);
    expectOneErrorLine(run, /Not found — HTTP 404: Not found \(GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/tokens\/0\.0\.1135\)/);
  });

  it('exits 4 when rate limited', async () => {
    server = await startServer((req, res) =>
      sendJson(req, res, 429, '{"_status":{"messages":[{"message":"Too Many Requests"}]}}', { 'retry-after': '3600' }),
    );
    const run = await cli('token', '0.0.1135', '--mirror', server.url);
    expectExit(run, EXIT.rateLimited);
    expectOneErrorLine(run, /Rate limited.*Too Many Requests/);
  });

  it('exits 5 on a server error', async () => {
    server = await startServer((req, res) => sendJson(req, res, 503, '{"_status":{"messages":[{"message":"Service unavailable"}]}}'));
    const run = await cli('token', '0.0.1135', '--mirror', server.url);
    expectExit(run, EXIT.server);
    expectOneErrorLine(run, /HTTP 503: Service unavailable/);
  });

  it('exits 6 when the mirror cannot be reached or does not answer in time', async () => {
    server = await startServer(() => {});
    const stalled = await cli('token', '0.0.1135', '--mirror', server.url, '--timeout', '0.2');
    expectExit(stalled, EXIT.network);
    expectOneErrorLine(stalled, /Timed out/);
    const url = server.url;
    await server.close();
    server = undefined;
    const refused = await cli('token', '0.0.1135', '--mirror', url);
    expectExit(refused, EXIT.network);
    expectOneErrorLine(refused, /Network error: connect ECONNREFUSED/);
  });

  it('exits 5 when the answer is not a token (the server sent something unreadable)', async () => {
    server = await startServer((req, res) => sendJson(req, res, 200, '{"hello":"world"}'));
    const run = await cli('token', '0.0.1135', '--mirror', server.url);
    expectExit(run, EXIT.server);
    expectOneErrorLine(run, /invalid token: field token_id/);
  });

  it('logs requests to stderr with --verbose', async () => {
    server = await startTokenFixtureServer('custom-fees.json');
    const run = await cli('token', '0.0.1135', '--mirror', server.url, '--json', '--verbose');
    expectExit(run, EXIT.ok);
    assert.match(run.stderr, /^GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/tokens\/0\.0\.1135 → 200 \d+ ms \d+ bytes\n$/);
  });

  it('prints help', async () => {
    const top = await cli('--help');
    expectExit(top, EXIT.ok);
    assert.match(top.stdout, /^Usage: ledger-mirror <command>/);
    assert.match(top.stdout, /\n {2}token +Show a token/);
    const token = await cli('token', '--help');
    expectExit(token, EXIT.ok);
    assert.match(token.stdout, /^Usage: ledger-mirror token <tokenId>/);
    const unknown = await cli('tokens');
    expectExit(unknown, EXIT.invalidInput);
    assert.match(unknown.stderr, /unknown command "tokens"/);
  });
});
