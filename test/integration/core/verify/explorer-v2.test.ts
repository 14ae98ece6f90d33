// An explorer import on API v2 sends the API key once, in the POST that starts the job; the job's later answers
// (polled without the key) may still echo it. The key must not come back through them either, on a transport shared
// with other requests and without the caller registering the key (as the extension calls it).
import * as assert from 'node:assert/strict';
import type { PreparedContract } from '../../../../src/core/verify/prepare';
import { Transport, type RequestLog } from '../../../../src/core/net/transport';
import { VerifyTransport } from '../../../../src/core/verify/transport';
import { verifyViaExplorer } from '../../../../src/core/verify/verify';
import { startServer, type TestServer } from '../../helpers/fixture-server';
import { ADDR } from '../../helpers/verify-fixtures';

const CHAIN = '11155111';
const KEY = 'sekret-key-4567';
const TARGET: PreparedContract = {
  target: { record: { address: ADDR.storage, chainId: Number(CHAIN), origin: 'setting' }, address: ADDR.storage, chainId: CHAIN },
  sources: [],
};

/** Starts a job on the import POST; the poll answers `poll(key)`, quoting the key the POST carried. */
function echoingVerifier(poll: (key: string) => { status: number; body: unknown }): Promise<TestServer> {
  let key = '';
  return startServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.method === 'POST') {
        key = (JSON.parse(body || '{}') as { apiKey?: string }).apiKey ?? '';
        return send(202, { verificationId: 'job-1' });
      }
      const answer = poll(key);
      send(answer.status, answer.body);
    });
  });
}

describe('explorer import (API v2): the key echoed by a later answer', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function importVia(url: string): Promise<{ text: string; message: string | undefined }> {
    const logs: RequestLog[] = [];
    const transport = new Transport({ logger: (e) => logs.push(e) });
    try {
      const report = await verifyViaExplorer(TARGET, {
        url,
        protocol: 'v2',
        explorer: 'etherscan',
        apiKey: KEY,
        transport: new VerifyTransport(transport),
        poll: { firstDelayMs: 1 },
      });
      const { message } = report.outcomes[0].result;
      return { text: JSON.stringify({ report, logs }), message };
    } finally {
      await transport.close();
    }
  }

  it("is redacted from the finished job's error", async () => {
    server = await echoingVerifier((key) => ({
      status: 200,
      body: {
        isJobCompleted: true,
        verificationId: 'job-1',
        error: { customCode: 'etherscan_request_failed', message: `Etherscan refused the key ${key}` },
      },
    }));
    const { text, message } = await importVia(server.url);
    assert.doesNotMatch(text, new RegExp(KEY));
    assert.equal(message, 'Etherscan refused the key «redacted»');
  });

  it('is redacted from an error answer to the poll', async () => {
    server = await echoingVerifier((key) => ({ status: 500, body: { customCode: 'internal_error', message: `no job for key ${key}` } }));
    const { text, message } = await importVia(server.url);
    assert.doesNotMatch(text, new RegExp(KEY));
    assert.match(message ?? '', /no job for key «redacted»/);
  });
});
