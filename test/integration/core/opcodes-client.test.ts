// The opcodes client over loopback: what it sends (and does not send on bad input), the mirror's error bodies as
// typed errors, saving the raw body, reading saved bodies (plain or gzip) and cancellation.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { exitCodeFor, ApiError, type ErrorKind } from '../../../src/core/errors';
import { HttpClient, isBusyRefusal } from '../../../src/core/http';
import { MirrorClient } from '../../../src/core/mirror/client';
import { resolveNetwork } from '../../../src/core/networks';
import { decodeTraceFile, fetchTrace } from '../../../src/core/opcodes-client';
import { decodeRevert } from '../../../src/core/trace/revert';
import type { ColumnarTrace } from '../../../src/core/trace/trace';
import { FakeClock } from '../../helpers/fake-clock';
import { OPCODES_DATA } from '../../helpers/mirror-data';
import { waitUntil } from '../../helpers/wait';
import { sendJson, startServer, type TestServer } from '../helpers/fixture-server';
import { fetchWithOwnClient, startReference, type ReferenceMirror } from '../helpers/reference-mirror';

const ID = '0.0.1234-1234567890-000000001';
const MINIMAL =
  '{"address":"0x00000000000000000000000000000000000004d2","contract_id":"0.0.1234","failed":false,"gas":21000,"opcodes":[],"return_value":"0x"}';

const snapshot = (trace: ColumnarTrace): unknown => ({
  summary: { ...trace.summary, parts: undefined },
  steps: Array.from({ length: trace.length }, (_, i) => trace.detail(i)),
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError, String(err));
    return err;
  }
  assert.fail('expected a rejection');
}

describe('opcodes client', function () {
  this.timeout(60_000);
  let server: TestServer | undefined;
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-trace-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const endpoints = () => resolveNetwork('custom', { mirrorUrl: server!.url });

  it('rejects a malformed id without sending anything', async () => {
    server = await startServer((req, res) => sendJson(req, res, 200, MINIMAL));
    for (const bad of ['', '0x', '0.0.1234-1234567890', '0.0.1234-1-1234567890', 'ab'.repeat(31)]) {
      const err = await rejection(fetchWithOwnClient(endpoints(), bad, {}));
      assert.equal(err.kind, 'invalid-input');
    }
    assert.equal(server.requests.length, 0);
  });

  it('requests the web3 path with the parts as query parameters, in canonical id form', async () => {
    server = await startServer((req, res) => sendJson(req, res, 200, MINIMAL));
    await fetchWithOwnClient(endpoints(), '0.0.1234@1234567890.1', {});
    await fetchWithOwnClient(endpoints(), `0X${'AB'.repeat(32)}`, { stack: false, memory: true, storage: true });
    assert.deepEqual(
      server.requests.map((r) => r.url),
      [
        `/api/v1/contracts/results/${ID}/opcodes?stack=true&memory=false&storage=false`,
        `/api/v1/contracts/results/0x${'ab'.repeat(32)}/opcodes?stack=false&memory=true&storage=true`,
      ],
    );
    assert.match(String(server.requests[0].headers['accept-encoding']), /gzip/);
  });

  it('goes to the web3 URL when it differs from the REST URL', async () => {
    server = await startServer((req, res) => sendJson(req, res, 200, MINIMAL));
    const trace = await fetchWithOwnClient(resolveNetwork('custom', { mirrorUrl: 'http://127.0.0.1:9', web3Url: server.url }), ID, {});
    assert.equal(trace.summary.transaction, ID);
    assert.equal(server.requests.length, 1);
  });

  it('spaces opcode requests to one host a second apart (the mirror allows one per second)', async () => {
    server = await startServer((req, res) => sendJson(req, res, 200, MINIMAL));
    const clock = new FakeClock();
    const http = new HttpClient({ clock });
    try {
      await fetchTrace(new MirrorClient(endpoints(), http), ID);
      const second = fetchTrace(new MirrorClient(endpoints(), http), ID);
      await waitUntil('the second request to wait for its slot', () => clock.pending === 1);
      await clock.advance(999);
      assert.equal(server!.requests.length, 1, 'the second request waits a whole second');
      await clock.advance(1);
      await second;
    } finally {
      await http.close();
    }
    assert.equal(server.requests.length, 2);
  });

  describe('error bodies of the mirror', () => {
    const cases: [file: string, status: number, kind: ErrorKind, exit: number][] = [
      ['derived-400-unsupported-id-format.json', 400, 'invalid-input', 2],
      ['derived-400-missing-id.json', 400, 'invalid-input', 2],
      ['derived-400-contract-execution-exception.json', 400, 'invalid-input', 2],
      ['real-400-INSUFFICIENT_TX_FEE-issue-12928.json', 400, 'invalid-input', 2],
      ['derived-404-transaction-not-found.json', 404, 'not-found', 3],
      ['derived-404-contract-transaction-hash-not-found.json', 404, 'not-found', 3],
      ['derived-404-contract-result-not-found.json', 404, 'not-found', 3],
      ['derived-404-endpoint-disabled-web3-v0.129.json', 404, 'endpoint-disabled', 3],
      ['rest-module-404-unrouted-path.json', 404, 'endpoint-disabled', 3],
      ['derived-406-missing-gzip-v0.150plus.json', 406, 'invalid-input', 2],
      ['derived-429-rate-limited-v0.129.json', 429, 'rate-limited', 4],
      ['derived-429-too-many-concurrent-traces.json', 429, 'busy', 4],
      ['derived-501-opcodes-api-disabled.json', 501, 'endpoint-disabled', 3],
      ['derived-500-internal-error.json', 500, 'server', 5],
      ['derived-503-query-timeout.json', 503, 'server', 5],
    ];
    for (const [file, status, kind, exit] of cases) {
      it(`${file} → ${kind} (exit ${exit})`, async () => {
        const body = readFileSync(join(OPCODES_DATA, file), 'utf8');
        server = await startServer((req, res) => sendJson(req, res, status, body));
        const http = new HttpClient({ maxRetries: 0 });
        const err = await rejection(fetchTrace(new MirrorClient(endpoints(), http), ID)).finally(() => http.close());
        assert.equal(err.kind, kind, err.message);
        assert.equal(err.status, status);
        assert.equal(exitCodeFor(err), exit);
        const sent = JSON.parse(body) as { _status: { messages: { message: string; detail?: string }[] } };
        for (const m of sent._status.messages) assert.ok(err.message.includes(m.detail || m.message), err.message);
      });
    }

    it('words a 501, a busy refusal and a rate limit each its own way, none of them as "not found"', async () => {
      const errors: ApiError[] = [];
      for (const [file, status] of [
        ['derived-501-opcodes-api-disabled.json', 501],
        ['derived-429-too-many-concurrent-traces.json', 429],
        ['derived-429-rate-limited-v0.129.json', 429],
      ] as const) {
        const body = readFileSync(join(OPCODES_DATA, file), 'utf8');
        server = await startServer((req, res) => sendJson(req, res, status, body));
        const http = new HttpClient({ maxRetries: 0 });
        errors.push(await rejection(fetchTrace(new MirrorClient(endpoints(), http), ID)).finally(() => http.close()));
        await server.close();
        server = undefined;
      }
      const [off, busy, limited] = errors;
      assert.match(off.message, /^Opcode traces are turned off on this mirror \(501 Not Implemented\).*local node or a self-hosted mirror/);
      assert.match(busy.message, /^The mirror is busy: it is already tracing as many transactions as it allows at once/);
      assert.match(limited.message, /^Rate limited by the mirror/);
      for (const err of errors) assert.doesNotMatch(err.message, /not found/i);
    });

    it('keeps the revert data of an execution exception decodable', async () => {
      const body = readFileSync(join(OPCODES_DATA, 'derived-400-contract-execution-exception.json'), 'utf8');
      server = await startServer((req, res) => sendJson(req, res, 400, body));
      const err = await rejection(fetchWithOwnClient(endpoints(), ID, {}));
      assert.deepEqual(decodeRevert(err.messages[0].data), {
        kind: 'Error',
        message: 'Custom revert message',
        data: (JSON.parse(body) as { _status: { messages: { data: string }[] } })._status.messages[0].data,
      });
    });
  });

  describe('against the reference mirror', () => {
    let m: ReferenceMirror;
    before(async () => {
      m = await startReference('post-op');
    });
    after(() => m.close());

    it('reports an unknown transaction as not found and a disabled endpoint as such', async () => {
      const unknown = await rejection(fetchWithOwnClient(m.endpoints, '0.0.1000-1735689600-000000999', {}));
      assert.equal(unknown.kind, 'not-found');
      const disabled = await rejection(
        fetchWithOwnClient(resolveNetwork('custom', { mirrorUrl: `${m.mirror.url}/modes/disabled` }), m.info('success').transactionId, {}),
      );
      assert.equal(disabled.kind, 'endpoint-disabled');
    });

    it('a newer mirror with the opcodes API off (501) is told apart from an unknown transaction', async () => {
      const off = await rejection(
        fetchWithOwnClient(
          resolveNetwork('custom', { mirrorUrl: `${m.mirror.url}/modes/not-implemented` }),
          m.info('success').transactionId,
          {},
        ),
      );
      assert.equal(off.kind, 'endpoint-disabled');
      assert.equal(off.status, 501);
    });

    it('retries a busy refusal with the back-off and gets the trace; reports "busy" when it never clears', async () => {
      const id = m.info('success').transactionId;
      const retries: number[] = [];
      const http = new HttpClient({ backoffBaseMs: 1, backoffMaxMs: 4 });
      try {
        const crowded = resolveNetwork('custom', { mirrorUrl: `${m.mirror.url}/modes/crowded` });
        const told: boolean[] = [];
        const trace = await fetchTrace(new MirrorClient(crowded, http), id, {
          onRetry: (r) => {
            retries.push(r.attempt);
            told.push(isBusyRefusal(r.messages));
          },
        });
        assert.deepEqual(told, [true], 'each retry is told what the 429 said, so a UI can say "busy"');
        assert.equal(trace.length, m.info('success').steps);
        assert.deepEqual(retries, [1]);
        retries.length = 0;
        const busy = resolveNetwork('custom', { mirrorUrl: `${m.mirror.url}/modes/busy` });
        const err = await rejection(fetchTrace(new MirrorClient(busy, http), id, { onRetry: (r) => retries.push(r.attempt) }));
        assert.equal(err.kind, 'busy');
        assert.equal(exitCodeFor(err), 4);
        assert.deepEqual(retries, [1, 2, 3, 4]);
      } finally {
        await http.close();
      }
    });

    it('saves the raw (decompressed) body beside decoding, and reads it back plain or gzipped', async () => {
      const out = join(dir, 'trace.json');
      const id = m.info('nested-call').transactionId;
      const fetched = await fetchWithOwnClient(m.endpoints, id, { memory: true, storage: true, saveTo: out });
      assert.equal(readFileSync(out, 'utf8'), await m.body('nested-call'));
      assert.deepEqual(readdirSync(dir), ['trace.json']);
      assert.deepEqual(snapshot(await decodeTraceFile(out, { transaction: id })), snapshot(fetched));
      const gz = join(dir, 'trace.json.gz');
      writeFileSync(gz, gzipSync(readFileSync(out)));
      assert.deepEqual(snapshot(await decodeTraceFile(gz, { transaction: id })), snapshot(fetched));
      assert.deepEqual((await decodeTraceFile(out)).summary.parts, { stack: true, memory: true, storage: true });
    });

    it('leaves no file behind when the trace fails, and reports an unwritable target', async () => {
      const out = join(dir, 'missing.json');
      await rejection(fetchWithOwnClient(m.endpoints, '0.0.1000-1735689600-000000999', { saveTo: out }));
      const bad = await rejection(
        fetchWithOwnClient(m.endpoints, m.info('panic').transactionId, { saveTo: join(dir, 'no', 'such', 'dir.json') }),
      );
      assert.equal(bad.kind, 'invalid-input');
      assert.match(bad.message, /Cannot write/);
      assert.deepEqual(readdirSync(dir), []);
    });
  });

  it('does not save a body that fails to decode', async () => {
    server = await startServer((req, res) => sendJson(req, res, 200, MINIMAL.replace('"opcodes":[]', '"opcodes":[{"pc":"x"}]')));
    const out = join(dir, 'bad.json');
    const err = await rejection(fetchWithOwnClient(endpoints(), ID, { saveTo: out }));
    assert.equal(err.kind, 'bad-response');
    assert.equal(existsSync(out) || existsSync(`${out}.partial`), false);
  });

  it('reports unreadable trace files as invalid input', async () => {
    assert.equal((await rejection(decodeTraceFile(join(dir, 'none.json')))).kind, 'invalid-input');
    writeFileSync(join(dir, 'broken.gz'), Buffer.concat([gzipSync(MINIMAL).subarray(0, 12), Buffer.from('garbage')]));
    const err = await rejection(decodeTraceFile(join(dir, 'broken.gz')));
    assert.equal(err.kind, 'invalid-input');
    assert.match(err.message, /gzip/);
  });

  it('cancels a download in progress', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"opcodes":[');
      // Never finishes: only cancellation ends this request.
      const timer = setInterval(() => res.write(' '.repeat(1024)), 10);
      res.on('close', () => clearInterval(timer));
    });
    const controller = new AbortController();
    let progress = 0;
    const http = new HttpClient();
    const err = await rejection(
      fetchTrace(new MirrorClient(endpoints(), http), ID, {
        signal: controller.signal,
        onProgress: (bytes) => {
          progress = bytes;
          if (bytes > 20_000) controller.abort();
        },
      }).finally(() => http.close()),
    );
    assert.equal(err.kind, 'cancelled');
    assert.ok(progress > 20_000);
  });
});
