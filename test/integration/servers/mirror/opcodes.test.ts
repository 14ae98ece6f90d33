// The reference mirror's web3 side: opcode error paths with the exact bodies of the fixtures, rate limiting, modes,
// streaming of trace bodies from a provider, and the contract endpoint.

import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startMirror, type RunningMirror } from '../../../../servers/mirror/server';
import type { ContractRecord, OpcodeQuery, TraceProvider, TraceRecord } from '../../../../servers/mirror/trace-provider';
import { OPCODES_DATA } from '../../../helpers/mirror-data';
import { httpGet } from '../../helpers/mirror-http';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(OPCODES_DATA, `${name}.json`), 'utf8'));

const web3Error = (message: string, detail: string) => ({ _status: { messages: [{ message, detail, data: '' }] } });

const TRACE_ID = '0.0.1000-1700000000-000000123';
const TRACE_HASH = `0x${'ab'.repeat(32)}`;
const BIG_ID = '0.0.1000-1700000000-000000999';
const BIG_CHUNK = 'x'.repeat(64 * 1024);
const BIG_CHUNKS = 1024; // 64 MiB

interface FakeProvider extends TraceProvider {
  lookups: string[];
  queries: OpcodeQuery[];
  bigWritten: number;
  bigDone: Promise<void> | undefined;
}

function fakeProvider(): FakeProvider {
  const trace: TraceRecord = {
    transactionId: TRACE_ID,
    hash: TRACE_HASH,
    async writeBody(query, sink) {
      provider.queries.push(query);
      await sink('{"opcodes":[');
      for (let i = 0; i < 3; i++) await sink(`${i === 0 ? '' : ','}{"pc":${i}}`);
      await sink(`],"query":${JSON.stringify(query)}}`);
    },
  };
  const big: TraceRecord = {
    transactionId: BIG_ID,
    hash: `0x${'cd'.repeat(32)}`,
    writeBody(_query, sink) {
      provider.bigDone = (async () => {
        for (let i = 0; i < BIG_CHUNKS; i++) {
          await sink(BIG_CHUNK);
          provider.bigWritten++;
        }
      })();
      return provider.bigDone;
    },
  };
  const failing = (afterChunks: number): TraceRecord => ({
    transactionId: `0.0.1000-1700000000-00000000${afterChunks}`,
    hash: `0x${String(afterChunks).repeat(64)}`,
    async writeBody(_query, sink) {
      for (let i = 0; i < afterChunks; i++) await sink('{"opcodes":[');
      throw new Error('generator failed');
    },
  });
  const traces = [trace, big, failing(0), failing(1)];
  const contract: ContractRecord = {
    contractId: '0.0.1001',
    evmAddress: '0x00000000000000000000000000000000000003e9',
    runtimeBytecode: '0x6080',
    body: { contract_id: '0.0.1001', nonce: 12345678901234567890n },
  };
  const create2: ContractRecord = {
    ...contract,
    contractId: '0.0.1002',
    evmAddress: `0x${'ef'.repeat(20)}`,
    body: { contract_id: '0.0.1002' },
  };
  const provider: FakeProvider = {
    lookups: [],
    queries: [],
    bigWritten: 0,
    bigDone: undefined,
    findTrace(kind, value) {
      provider.lookups.push(`${kind}:${value}`);
      return traces.find((candidate) => (kind === 'id' ? candidate.transactionId : candidate.hash) === value);
    },
    findContract(idOrAddress) {
      provider.lookups.push(`contract:${idOrAddress}`);
      return [contract, create2].find((c) => c.contractId === idOrAddress || c.evmAddress === idOrAddress);
    },
    describe: () => [],
  };
  return provider;
}

const opcodesPath = (id: string, query = '') => `/api/v1/contracts/results/${id}/opcodes${query}`;

async function getJson(url: string, headers: Record<string, string> = {}) {
  const response = await httpGet(url, headers);
  return { status: response.status, json: JSON.parse(response.body.toString('utf8')) as unknown, response };
}

describe('reference mirror: opcodes and contracts', () => {
  let provider: FakeProvider;
  let mirror: RunningMirror;
  before(async () => {
    provider = fakeProvider();
    mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity });
  });
  after(async () => {
    await mirror.close();
  });
  beforeEach(() => {
    provider.lookups.length = 0;
    provider.queries.length = 0;
  });

  describe('400 for ids and parameters the web3 module cannot convert', () => {
    it('answers the fixture bodies for "0x" and a blank id', async () => {
      const unsupported = await getJson(`${mirror.url}${opcodesPath('0x')}`);
      assert.equal(unsupported.status, 400);
      assert.deepEqual(unsupported.json, fixture('derived-400-unsupported-id-format'));
      const blank = await getJson(`${mirror.url}${opcodesPath('%20')}`);
      assert.equal(blank.status, 400);
      assert.deepEqual(blank.json, fixture('derived-400-missing-id'));
    });

    const cases: Array<[string, string]> = [
      ['0.0.1234@1234567890.000000001', "Unsupported ID format: '0.0.1234@1234567890.000000001'"],
      [`0X${'a'.repeat(64)}`, `Unsupported ID format: '0X${'a'.repeat(64)}'`],
      ['f'.repeat(96), `Unsupported ID format: '${'f'.repeat(96)}'`],
      ['0.0.1234-1234567890', "Unsupported ID format: '0.0.1234-1234567890'"],
      ['0.0.1234-0-1234567890', "Unsupported ID format: '0.0.1234-0-1234567890'"],
      ['0.0.1234-1-123456789-', "Unsupported ID format: '0.0.1234-1-123456789-'"],
      ['1024.0.1-1-1', 'Invalid entity ID: 1024.0.1'],
      ['0.65536.1-1-1', 'Invalid entity ID: 0.65536.1'],
      ['0.0.274877906944-1-1', 'Invalid entity ID: 0.0.274877906944'],
      ['99999999999999999999.0.1-1-1', 'For input string: "99999999999999999999"'],
      ['0.0.1-9223372036854775807-0', 'Instant exceeds minimum or maximum instant'],
    ];
    for (const [id, detail] of cases) {
      it(`${id} → ${detail}`, async () => {
        const { status, json } = await getJson(`${mirror.url}${opcodesPath(encodeURIComponent(id))}`);
        assert.equal(status, 400);
        assert.deepEqual(json, web3Error('Bad Request', detail));
      });
    }

    it('rejects a bad boolean after the id, naming the value as sent', async () => {
      const bad = await getJson(`${mirror.url}${opcodesPath(TRACE_ID, '?stack=true&memory=maybe&storage=2')}`);
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.json, web3Error('Bad Request', "Invalid boolean value 'maybe'"));
      const both = await getJson(`${mirror.url}${opcodesPath('0x', '?stack=maybe')}`);
      assert.deepEqual(both.json, fixture('derived-400-unsupported-id-format'));
      assert.deepEqual(provider.lookups, []);
    });
  });

  describe('404 for well-formed ids that are not known', () => {
    it('answers the fixture body for a transaction id, with the valid start as a Java Instant', async () => {
      const { status, json } = await getJson(`${mirror.url}${opcodesPath('0.0.1234-1234567890-1')}`);
      assert.equal(status, 404);
      assert.deepEqual(json, fixture('derived-404-transaction-not-found'));
      assert.deepEqual(provider.lookups, ['id:0.0.1234-1234567890-000000001']);
    });

    it('answers the fixture body for a hash, normalised to lower case with 0x', async () => {
      const hash = 'DDF252AD1BE2C89B69C2B068FC378DAA952BA7F163C4A11628F55A4DF523B3EF';
      for (const id of [`0x${hash}`, hash]) {
        const { status, json } = await getJson(`${mirror.url}${opcodesPath(id)}`);
        assert.equal(status, 404);
        assert.deepEqual(json, fixture('derived-404-contract-transaction-hash-not-found'));
      }
    });

    it('normalises leading zeros before looking up and printing', async () => {
      const { json } = await getJson(`${mirror.url}${opcodesPath('00.0.05-1234567890-500000000')}`);
      assert.deepEqual(
        json,
        web3Error('Not Found', 'Transaction not found: TransactionIdParameter[payerAccountId=0.0.5, validStart=2009-02-13T23:31:30.500Z]'),
      );
      assert.deepEqual(provider.lookups, ['id:0.0.5-1234567890-500000000']);
    });
  });

  describe('200: the provider streams the body', () => {
    it('passes canonical ids and Spring-parsed booleans, gzip-compressed when accepted', async () => {
      const response = await httpGet(`${mirror.url}${opcodesPath('0.0.1000-1700000000-123', '?stack=OFF&memory=Yes&storage=1')}`, {
        'accept-encoding': 'gzip',
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-type'], 'application/json');
      assert.equal(response.headers['content-encoding'], 'gzip');
      const body = JSON.parse(response.body.toString('utf8')) as { opcodes: unknown[]; query: OpcodeQuery };
      assert.deepEqual(body, { opcodes: [{ pc: 0 }, { pc: 1 }, { pc: 2 }], query: { stack: false, memory: true, storage: true } });
      assert.deepEqual(provider.lookups, [`id:${TRACE_ID}`]);
    });

    it('uses the defaults for missing or blank values and the first of repeated ones; identity without gzip', async () => {
      const plain = await httpGet(
        `${mirror.url}${opcodesPath(TRACE_HASH.toUpperCase().replace('0X', '0x'), '?stack=&memory=no&memory=yes')}`,
      );
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.deepEqual(provider.queries, [{ stack: true, memory: false, storage: false }]);
      assert.deepEqual(provider.lookups, [`hash:${TRACE_HASH}`]);
    });

    it('answers HEAD without a body and other methods with 405', async () => {
      const head = await httpGet(`${mirror.url}${opcodesPath(TRACE_ID)}`, {}, 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.body.length, 0);
      const post = await httpGet(`${mirror.url}${opcodesPath(TRACE_ID)}`, {}, 'POST');
      assert.equal(post.status, 405);
      assert.deepEqual(JSON.parse(post.body.toString('utf8')), web3Error('Method Not Allowed', "Request method 'POST' is not supported"));
    });

    /**
     * Resolves once the provider has written and then made no progress for 20 polls in a row: blocked on a full
     * socket. A server that buffered the whole body would instead run on to the end.
     */
    async function writingStops(): Promise<void> {
      for (let last = -1, still = 0; still < 20; await sleep(10)) {
        if (provider.bigWritten > 0 && provider.bigWritten === last) still++;
        else still = 0;
        last = provider.bigWritten;
        if (last === BIG_CHUNKS) return;
      }
    }

    it('waits for a slow client instead of buffering the whole body', async () => {
      provider.bigWritten = 0;
      let received = 0;
      let release: () => void = () => undefined;
      const done = new Promise<void>((resolve, reject) => {
        const req = request(`${mirror.url}${opcodesPath(BIG_ID)}`, (res) => {
          res.pause();
          release = () => {
            res.on('data', (chunk: Buffer) => (received += chunk.length));
            res.resume();
          };
          res.on('end', resolve);
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
      await writingStops();
      assert.ok(provider.bigWritten > 0, 'the provider started writing');
      assert.ok(provider.bigWritten < BIG_CHUNKS / 4, `only socket buffers are filled, not ${provider.bigWritten} chunks`);
      release();
      await done;
      assert.equal(received, BIG_CHUNKS * BIG_CHUNK.length);
      assert.equal(provider.bigWritten, BIG_CHUNKS);
    });

    it('stops the provider when the client goes away', async () => {
      provider.bigDone = undefined;
      await new Promise<void>((resolve, reject) => {
        const req = request(`${mirror.url}${opcodesPath(BIG_ID)}`, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
        req.end();
      });
      const writing = provider.bigDone as Promise<void> | undefined;
      assert.ok(writing, 'the provider was asked for the body');
      const outcome = await writing.then(
        () => 'finished',
        () => 'stopped',
      ); // a provider left writing fails by timeout
      assert.equal(outcome, 'stopped');
    });

    it('answers 500 when the provider fails before writing, and cuts the connection when it fails after', async () => {
      const early = await getJson(`${mirror.url}${opcodesPath('0.0.1000-1700000000-0')}`, { 'accept-encoding': 'gzip' });
      assert.equal(early.status, 500);
      assert.deepEqual(early.json, fixture('derived-500-internal-error'));
      assert.equal(early.response.headers['content-encoding'], undefined);
      await assert.rejects(httpGet(`${mirror.url}${opcodesPath('0.0.1000-1700000000-1')}`));
    });
  });

  describe('modes', () => {
    it('/modes/disabled answers the fixture 404 "No static resource" for every id', async () => {
      const disabled = await getJson(`${mirror.url}/modes/disabled${opcodesPath('0.0.1234-1234567890-000000001')}`);
      assert.equal(disabled.status, 404);
      assert.deepEqual(disabled.json, fixture('derived-404-endpoint-disabled-web3-v0.129'));
      const bad = await getJson(`${mirror.url}/modes/disabled${opcodesPath('0x')}`);
      assert.deepEqual(bad.json, web3Error('Not Found', 'No static resource api/v1/contracts/results/0x/opcodes.'));
    });

    it('answers "No static resource" for an empty id in any mode', async () => {
      const { status, json } = await getJson(`${mirror.url}${opcodesPath('')}`);
      assert.equal(status, 404);
      assert.deepEqual(json, web3Error('Not Found', 'No static resource api/v1/contracts/results//opcodes.'));
    });

    it('/modes/v0.150 requires gzip in Accept-Encoding (406), after id validation', async () => {
      const withoutGzip: Array<Record<string, string>> = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate, br' }];
      for (const headers of withoutGzip) {
        const { status, json } = await getJson(`${mirror.url}/modes/v0.150${opcodesPath(TRACE_ID)}`, headers);
        assert.equal(status, 406, JSON.stringify(headers));
        assert.deepEqual(json, fixture('derived-406-missing-gzip-v0.150plus'));
      }
      const bad = await getJson(`${mirror.url}/modes/v0.150${opcodesPath('0x')}`);
      assert.equal(bad.status, 400);
      const ok = await httpGet(`${mirror.url}/modes/v0.150${opcodesPath(TRACE_ID)}`, { 'accept-encoding': 'GZIP' });
      assert.equal(ok.status, 200);
    });

    it('/modes/unavailable answers the fixture 503 on opcodes', async () => {
      const { status, json } = await getJson(`${mirror.url}/modes/unavailable${opcodesPath(TRACE_ID)}`);
      assert.equal(status, 503);
      assert.deepEqual(json, fixture('derived-503-query-timeout'));
    });

    it('/modes/not-implemented answers 501 as newer mirrors with the opcodes API off, after id validation', async () => {
      const { status, json } = await getJson(`${mirror.url}/modes/not-implemented${opcodesPath(TRACE_ID)}`);
      assert.equal(status, 501);
      assert.deepEqual(json, fixture('derived-501-opcodes-api-disabled'));
      assert.equal((await getJson(`${mirror.url}/modes/not-implemented${opcodesPath('0x')}`)).status, 400);
      assert.deepEqual(provider.lookups, []);
    });

    it("/modes/busy refuses every request with the concurrency interceptor's 429, before id validation", async () => {
      for (const id of [TRACE_ID, '0x']) {
        const { status, json } = await getJson(`${mirror.url}/modes/busy${opcodesPath(id)}`);
        assert.equal(status, 429);
        assert.deepEqual(json, fixture('derived-429-too-many-concurrent-traces'));
      }
      assert.deepEqual(provider.lookups, []);
    });

    it('/modes/crowded refuses every other request as busy', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await getJson(`${mirror.url}/modes/crowded${opcodesPath(TRACE_ID)}`)).status);
      assert.deepEqual(statuses, [429, 200, 429, 200]);
    });

    it('the opcodes option disables the root endpoint', async () => {
      const off = await startMirror({ opcodes: 'disabled', traces: provider });
      try {
        const { status, json } = await getJson(`${off.url}${opcodesPath('0.0.1234-1234567890-000000001')}`);
        assert.equal(status, 404);
        assert.deepEqual(json, fixture('derived-404-endpoint-disabled-web3-v0.129'));
      } finally {
        await off.close();
      }
    });
  });

  describe('rate limit: 1 opcode request per second by default', () => {
    let limited: RunningMirror;
    let now = 0;
    before(async () => {
      limited = await startMirror({ traces: provider, now: () => now });
    });
    after(async () => {
      await limited.close();
    });

    it('refuses the second request within a second with the v0.129 body, then recovers', async () => {
      assert.equal((await httpGet(`${limited.url}${opcodesPath('0.0.1234-1234567890-1')}`)).status, 404);
      const second = await getJson(`${limited.url}${opcodesPath(TRACE_ID)}`);
      assert.equal(second.status, 429);
      assert.deepEqual(second.json, fixture('derived-429-rate-limited-v0.129'));
      assert.equal(second.response.headers['retry-after'], undefined);
      assert.equal((await httpGet(`${limited.url}${opcodesPath('0x')}`)).status, 400, 'invalid ids are not throttled');
      now += 1000;
      assert.equal((await httpGet(`${limited.url}${opcodesPath(TRACE_ID)}`)).status, 200);
    });

    it('uses the v0.150 message (no period) under /modes/v0.150, with its own bucket', async () => {
      const gzip = { 'accept-encoding': 'gzip' };
      assert.equal((await httpGet(`${limited.url}/modes/v0.150${opcodesPath(TRACE_ID)}`, gzip)).status, 200);
      const second = await getJson(`${limited.url}/modes/v0.150${opcodesPath(TRACE_ID)}`, gzip);
      assert.equal(second.status, 429);
      assert.deepEqual(second.json, web3Error('Too Many Requests', 'Requests per second rate limit exceeded'));
      const noGzip = await getJson(`${limited.url}/modes/v0.150${opcodesPath(TRACE_ID)}`);
      assert.equal(noGzip.status, 406, 'the gzip check comes before the rate limit');
    });
  });

  describe('GET /api/v1/contracts/{idOrAddress}', () => {
    it('finds contracts by id, encoded num, long-zero address and opaque address', async () => {
      for (const id of ['0.0.1001', '1001', '0.1001', '0x00000000000000000000000000000000000003E9']) {
        const response = await httpGet(`${mirror.url}/api/v1/contracts/${id}`);
        assert.equal(response.status, 200, id);
        assert.equal(response.body.toString('utf8'), '{"contract_id":"0.0.1001","nonce":12345678901234567890}');
      }
      const create2 = await getJson(`${mirror.url}/api/v1/contracts/${'EF'.repeat(20)}`);
      assert.deepEqual(create2.json, { contract_id: '0.0.1002' });
      assert.deepEqual(provider.lookups, [...Array(4).fill('contract:0.0.1001'), `contract:0x${'ef'.repeat(20)}`]);
    });

    it('answers 404, 400 for bad ids and 400 for unknown parameters with REST bodies', async () => {
      const cases: Array<[string, number, string]> = [
        ['0.0.9999', 404, 'Not found'],
        ['abc', 400, 'Invalid parameter: contractid'],
        ['0.0.1001?foo=1', 400, 'Unknown query parameter: foo'],
        ['0.0.1001?timestamp=gt:abc', 400, 'Invalid parameter: timestamp'],
      ];
      for (const [path, status, message] of cases) {
        const response = await getJson(`${mirror.url}/api/v1/contracts/${path}`);
        assert.equal(response.status, status, path);
        assert.deepEqual(response.json, { _status: { messages: [{ message }] } });
      }
    });
  });
});
