// The CLI against a hostile server, as a user would meet it: each misbehaviour ends with its own exit code and one
// clear error line, in bounded memory (small heap, peak RSS measured), never a crash, an abort or a hang.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt } from '../helpers/cli';
import { runBoundedCli, type BoundedRun } from '../helpers/bounded-cli';
import { startHostileServer, type HostileServer } from '../helpers/hostile-server';

const RSS_LIMIT_MB = 512;
const TX_HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

function expectFailure(run: BoundedRun, code: number, message: RegExp): void {
  const shown = `exit ${run.code}, rss ${run.maxRssMb.toFixed(0)} MB\nstdout: ${run.stdout}\nstderr: ${run.stderr}`;
  assert.equal(run.code, code, shown);
  // --verbose adds one line per request before it.
  const errors = run.stderr.split('\n').filter((l) => l.startsWith('ledger-mirror: '));
  assert.equal(errors.length, 1, `one error line\n${shown}`);
  assert.doesNotMatch(run.stderr, /\n\s+at /, `no stack trace\n${shown}`);
  assert.match(errors[0], message, shown);
  assert.ok(run.maxRssMb < RSS_LIMIT_MB, `peak RSS ${run.maxRssMb} MB (limit ${RSS_LIMIT_MB} MB)\n${shown}`);
}

describe('CLI against a hostile server', function () {
  this.timeout(90_000);
  let server: HostileServer;

  before(async () => {
    assertCliBuilt();
    server = await startHostileServer();
  });
  after(() => server.close());

  const token = (scenario: string, ...more: string[]) =>
    runBoundedCli(['token', '0.0.1135', '--mirror', `${server.url}/${scenario}`, ...more]);
  const trace = (scenario: string, ...more: string[]) =>
    runBoundedCli(['trace', TX_HASH, '--mirror', `${server.url}/${scenario}`, ...more]);

  it('stops a gzip bomb (10 MB → 10 GB of spaces) at the JSON budget: too large, exit 5', async () => {
    expectFailure(await token('bomb'), EXIT.server, /larger than 16 MB after decompression/);
  });

  it('stops a plain 40 MB JSON body at the budget: exit 5', async () => {
    expectFailure(await token('huge'), EXIT.server, /response body is larger than 16 MB/);
  });

  for (const scenario of ['br', 'zstd', 'gzip-gzip']) {
    it(`refuses Content-Encoding ${scenario} with a clear message, not a crash: exit 5`, async () => {
      expectFailure(await token(scenario), EXIT.server, /Content-Encoding "[^"]+", which cannot be decoded/);
    });
  }

  it('refuses an unknown encoding on the trace request too', async () => {
    expectFailure(await trace('br'), EXIT.server, /Content-Encoding "br"/);
  });

  it('ends a server trickling one byte every 2 s with --timeout 3: timeout, exit 6', async () => {
    // The stall rule's own message (not the idle timer's, which the trickle keeps resetting); a hang would end in the
    // child's kill at runBoundedCli's timeout, which no exit-code check accepts.
    expectFailure(
      await token('trickle', '--timeout', '3'),
      EXIT.network,
      /Timed out reading the response body: \d+ bytes? arrived in the last \d+ s/,
    );
  });

  it('ends response headers trickled one byte every 500 ms at the timeout', async () => {
    expectFailure(await token('trickle-headers', '--timeout', '3'), EXIT.network, /Timed out waiting for the response/);
  });

  it('ends a trickling trace response the same way', async () => {
    expectFailure(await trace('trickle', '--timeout', '3'), EXIT.network, /Timed out reading the response body/);
  });

  it('says the server closed the connection after 2 MB, not "network error": truncated, exit 6', async () => {
    expectFailure(await token('cut'), EXIT.network, /The server closed the connection after 2\.0 MB of 8\.0 MB/);
  });

  it('says the same for a connection reset mid-body (a reset drops what was in flight, so less than 1 MB may arrive)', async () => {
    expectFailure(await token('reset-mid-body'), EXIT.network, /The server closed the connection after [\d.]+ [KM]B of 4\.0 MB/);
  });

  it('says the same for a trace cut mid-body', async () => {
    expectFailure(await trace('cut-trace'), EXIT.network, /The server closed the connection after 2\.0 MB of 8\.0 MB/);
  });

  it("a trace cut after bytes the decoder refuses gets the decoder's verdict, whichever of the two came first: exit 5", async () => {
    // 2 MB of whitespace, then the close: the decoder refuses the whitespace at 64 KB; the close may be seen before
    // or after that verdict (a busy machine decodes later), and the answer is the same.
    expectFailure(await trace('cut'), EXIT.server, /more than 65536 bytes of whitespace in a row/);
  });

  it('reports malformed JSON as a bad response with its first bytes: exit 5', async () => {
    expectFailure(await token('malformed'), EXIT.server, /response is not JSON: "\{\\"token_id\\"/);
  });

  it('reports 8 million nested arrays as not JSON, not a stack overflow: exit 5', async () => {
    expectFailure(await token('deep'), EXIT.server, /response is not JSON: "\[\[\[/);
  });

  it('reports a corrupt gzip body: exit 5', async () => {
    expectFailure(await token('corrupt-gzip'), EXIT.server, /compressed response body is incomplete or corrupt/);
  });

  it('reports a connection reset before any answer as a network error: exit 6', async () => {
    expectFailure(await token('reset'), EXIT.network, /Network error: .*other side closed|Network error: .*ECONNRESET|Network error/);
  });

  it('retries a 429 storm, then reports rate limited after 5 attempts: exit 4', async () => {
    const before = server.count('429-now');
    expectFailure(await token('429-now'), EXIT.rateLimited, /Rate limited by the mirror after 5 attempts — HTTP 429: Too Many Requests/);
    assert.equal(server.count('429-now') - before, 5);
  });

  it('gets through when the 429s stop', async () => {
    const run = await token('429-then-ok', '--json');
    assert.equal(run.code, EXIT.ok, run.stderr);
  });

  it('gives up on a 429 that asks to wait an hour at once: rate limited, exit 4', async () => {
    const before = server.count('429-long');
    expectFailure(await token('429-long'), EXIT.rateLimited, /Rate limited by the mirror, which asks to wait 3600 s/);
    assert.equal(server.count('429-long') - before, 1);
  });

  it('does not follow a redirect to another host and names the new location without its credentials: exit 5', async () => {
    const run = await token('moved-away');
    expectFailure(run, EXIT.server, /moved: HTTP 301 to https:\/\/elsewhere\.example\/server\/new \(another host; not followed/);
    assert.doesNotMatch(run.stderr, /hunter2|mover/);
  });

  it('follows a same-host redirect of a GET', async () => {
    const run = await token('moved-here', '--json');
    assert.equal(run.code, EXIT.ok, run.stderr);
    assert.match(run.stdout, /"token_id": "0\.0\.1135"/);
  });

  it('never prints URL credentials: not in --verbose, not in errors, not in the server text echoing them', async () => {
    const url = server.url.replace('http://', 'http://alice:pa55word@') + '/echo-500';
    const run = await runBoundedCli(['token', '0.0.1135', '--mirror', url, '--verbose', '--json']);
    expectFailure(run, EXIT.server, /Mirror server error — HTTP 500/);
    const basic = Buffer.from('alice:pa55word').toString('base64');
    assert.doesNotMatch(run.stdout + run.stderr, new RegExp(`pa55word|${basic}|alice:`));
    assert.match(run.stderr, /«redacted»/, 'the echoed Authorization is visibly redacted');
  });

  it('refuses a malformed --mirror or --verify-url without printing the password it holds (#26)', async () => {
    for (const args of [
      ['token', '0.0.1135', '--mirror', 'ftp://u:s3cret-pw@mirror.example'],
      ['trace', TX_HASH, '--network', 'testnet', '--verify-url', 'ftp://u:s3cret-pw@verify.example'],
      ['token', '0.0.1135', '--mirror', 'u:s3cret-pw@mirror.example'],
    ]) {
      const run = await runBoundedCli(args);
      expectFailure(run, EXIT.invalidInput, /needs an http\(s\) URL, got "/);
      assert.doesNotMatch(run.stdout + run.stderr, /s3cret-pw/);
    }
  });

  describe('verify', () => {
    let ws: string;
    before(() => (ws = mkdtempSync(join(tmpdir(), 'ledger-hostile-ws-'))));
    after(() => rmSync(ws, { recursive: true, force: true }));

    it('never prints credentials of the verification URL (--verbose, --json, errors)', async () => {
      const url = server.url.replace('http://', 'http://vuser:v3rify-pw@') + '/echo-500';
      const run = await runBoundedCli([
        'verify',
        '--verify-url',
        url,
        '--chain-id',
        '296',
        '--address',
        ADDRESS,
        '--contract',
        'Storage',
        '--workspace',
        ws,
        '--verbose',
        '--json',
      ]);
      expectFailure(run, EXIT.server, /Verification server: cannot serve «redacted»/);
      const basic = Buffer.from('vuser:v3rify-pw').toString('base64');
      assert.doesNotMatch(run.stdout + run.stderr, new RegExp(`v3rify-pw|${basic}|vuser:`));
    });

    it('redacts an API key a server echoes back, and stops on a 429 asking for an hour: exit 4', async () => {
      const run = await runBoundedCli(
        [
          'verify',
          '--verify-url',
          `${server.url}/echo-429`,
          '--chain-id',
          '11155111',
          '--address',
          ADDRESS,
          '--workspace',
          ws,
          '--explorer',
          'etherscan',
          '--api-key-env',
          'LEDGER_HOSTILE_KEY',
          '--verbose',
        ],
        { env: { LEDGER_HOSTILE_KEY: 'key-ABCDEF-123456' } },
      );
      expectFailure(run, EXIT.rateLimited, /Rate limited by the verification server, which asks to wait 3600 s/);
      assert.match(run.stderr, /«redacted»/);
      assert.doesNotMatch(run.stdout + run.stderr, /key-ABCDEF-123456/);
    });
  });
});
