// `ledger-mirror trace` (dist/cli.js) against a hostile server over loopback, in a child process with a 256 MB heap:
// every bomb ends in a clear error and exit 5 (a bad response from the server), never an abort, a hang or more than 512 MB of RSS.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { EXIT } from '../../../src/core/errors';
import { MAX_MEMORY_WORDS } from '../../../src/core/trace/limits';
import { body, depthBomb, ENVELOPE_HEAD, repeated, step, words } from '../../helpers/hostile-traces';
import { assertCliBuilt } from '../helpers/cli';

const CLI = join(__dirname, '../../../dist/cli.js');
const TX = '0.0.1000-1735689600-000000000';
const MAX_RSS = 512 * 1024 * 1024;
/** Reports the child's peak RSS on stderr as it exits (the worker thread included: same process). */
const REPORT_RSS = `data:text/javascript,process.on('exit',()=>process.stderr.write('max-rss-bytes='+process.resourceUsage().maxRSS*1024+'\\n'))`;

interface Run {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  rss: number;
}

function runCli(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--max-old-space-size=256', `--import=${REPORT_RSS}`, CLI, ...args],
      { timeout: 60_000 },
      (err, stdout, stderr) => {
        const e = err as (Error & { code?: number; signal?: string }) | null;
        const rss = Number(/max-rss-bytes=(\d+)/.exec(stderr)?.[1] ?? NaN);
        resolve({
          code: e ? (e.code ?? null) : 0,
          signal: e?.signal ?? null,
          stdout,
          stderr: stderr.replace(/max-rss-bytes=\d+\n/, ''),
          rss,
        });
      },
    );
  });
}

const CASES: { name: string; payload: () => Iterable<Buffer>; error: RegExp }[] = [
  {
    name: 'a depth jump 0 → 1e7 (a 257-byte body)',
    payload: () => [Buffer.from(depthBomb())],
    error: /step 1: "depth" must be an integer from 0 to 1025, not 10000000/,
  },
  { name: 'a depth jump 0 → 1000', payload: () => [Buffer.from(depthBomb(1000))], error: /step 1: "depth" jumps from 0 to 1000/ },
  {
    name: "1e8 '[' in an unknown field",
    payload: () => repeated('{"junk":', '[', 100_000_000),
    error: /an unknown field nests deeper than 100 levels/,
  },
  {
    name: 'a 200 MB reason',
    payload: () => repeated(`${ENVELOPE_HEAD}{"pc":0,"op":"REVERT","gas":1,"gas_cost":0,"depth":0,"reason":"0x`, 'f', 200_000_000),
    error: /step 0: "reason" is longer than \d+ bytes/,
  },
  {
    name: 'a 200 MB stack item',
    payload: () => repeated(`${ENVELOPE_HEAD}{"pc":0,"stack":["0x`, 'f', 200_000_000),
    error: /step 0: "stack" item 0 has more than 64 hex digits/,
  },
  {
    name: '1025 stack items',
    payload: () => [Buffer.from(body([step({ extra: `"stack":${words(1025, 4)}` })]))],
    error: /step 0: "stack" has more than 1024 items/,
  },
  {
    name: 'memory beyond what 15M gas pays for',
    payload: () => [Buffer.from(body([step({ extra: `"memory":${words(MAX_MEMORY_WORDS + 1)}` })]))],
    error: /step 0: "memory" has more than 86870 items/,
  },
  {
    name: 'gas 2^64',
    payload: () => [Buffer.from(body([step({ gas: '18446744073709551616' })]))],
    error: /step 0: "gas" must be an integer from 0 to 9007199254740991, not 18446744073709551616/,
  },
  {
    name: 'a 1000-digit gas',
    payload: () => [Buffer.from(body([step({ gas_cost: '7'.repeat(1000) })]))],
    error: /step 0: "gas_cost" must be an integer from 0 to 9007199254740991, not 7{24}… \(1000 characters\)/,
  },
  {
    name: '2 GB of whitespace (a 2 MB gzip)',
    payload: () => repeated(ENVELOPE_HEAD, ' ', 2_000_000_000),
    error: /more than 65536 bytes of whitespace in a row/,
  },
];

describe('CLI trace against a hostile server', function () {
  this.timeout(120_000);
  let server: Server;
  let url: string;
  let payload: () => Iterable<Buffer>;
  let dir: string;

  before(async () => {
    assertCliBuilt();
    dir = mkdtempSync(join(tmpdir(), 'trace-hostile-'));
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      // The client hangs up once it has refused the body: that ends the stream here.
      pipeline(Readable.from(payload()), createGzip(), res).catch(() => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  for (const c of CASES) {
    it(`${c.name}: exit 5 (bad response) with the decoder's error, within 512 MB`, async () => {
      payload = c.payload;
      const out = join(dir, 'out.json');
      const run = await runCli(['trace', TX, '--mirror', url, '--out', out]);
      assert.equal(run.signal, null, `killed by ${run.signal}: ${run.stderr}`);
      assert.equal(run.code, EXIT.server, `exit ${run.code}: ${run.stderr}`);
      assert.match(run.stderr, /^ledger-mirror: Malformed trace response at byte \d+: /);
      assert.match(run.stderr, c.error);
      assert.doesNotMatch(run.stderr, /heap out of memory|FATAL|Invalid size|Aborted/i);
      assert.ok(run.rss < MAX_RSS, `peak RSS ${(run.rss / 1e6).toFixed(0)} MB`);
      assert.equal(run.stdout, '');
      assert.equal(existsSync(out), false, '--out wrote nothing');
      assert.deepEqual(readdirSync(dir), [], 'no partial file is left');
    });
  }
});
