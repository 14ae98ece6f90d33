// The session protocol end to end: workspace → prepared contracts → reference verifier over loopback → one
// normalised result per contract.
import * as assert from 'node:assert/strict';
import { hederaChains } from '../../../../servers/verifier/chains';
import { etherscanSourceFromStdJson, startExplorerStub, type ExplorerStub } from '../../../../servers/verifier/explorer-stub';
import { buildProject } from '../../../../servers/verifier/project-build';
import type { VerifierHandle } from '../../../../servers/verifier/server';
import { ApiError } from '../../../../src/core/errors';
import { keccak256Hex } from '../../../../src/core/verify/keccak';
import { VerifyTransport } from '../../../../src/core/verify/transport';
import { verifyViaExplorer } from '../../../../src/core/verify/verify';
import { startServer, type TestServer } from '../../helpers/fixture-server';
import {
  ADDR,
  CALLEE,
  makeWorkspace,
  prepareWorkspace,
  resultAt,
  resultOf,
  sampleBuild,
  sampleChain,
  sampleVerifier,
  STORAGE,
  verifyWith,
  type Workspace,
} from '../../helpers/verify-fixtures';

const PARTIAL_ADDR = '0x00000000000000000000000000000000000007D0';

describe('session protocol against the reference verifier', () => {
  let v: VerifierHandle;
  let ws: Workspace;
  const run = async (dryRun: boolean, settingValue?: unknown) =>
    verifyWith(await prepareWorkspace(ws, settingValue), { url: v.url, protocol: 'session', dryRun });

  beforeEach(async () => {
    const chain = sampleChain();
    // Deployed from a copy whose comment differs: same code, different metadata hash → partial.
    chain.deploy(
      PARTIAL_ADDR,
      buildProject({ 'contracts/Storage.sol': STORAGE.replace('Store & retrieve', 'Keep & retrieve') }).contract('Storage').runtime,
    );
    v = await sampleVerifier({}, chain);
    ws = makeWorkspace({ Caller: { address: ADDR.caller }, Storage: { address: ADDR.storage, transactionHash: `0x${'11'.repeat(32)}` } });
  });
  afterEach(async () => {
    await v.close();
    ws.dispose();
  });

  it('verifies perfectly, with immutables filled in on chain, and a dry run stores nothing', async () => {
    const dry = await run(true);
    assert.equal(dry.protocol, 'session');
    assert.deepEqual(
      dry.outcomes.map((o) => [o.result.name, o.result.status, o.result.alreadyVerified]),
      [
        ['Caller', 'perfect', false],
        ['Storage', 'perfect', false],
      ],
    );
    assert.equal(v.repository.get('296', ADDR.caller), undefined);
    await run(false);
    assert.equal(v.repository.get('296', ADDR.caller)?.status, 'perfect');
    const again = await run(true);
    assert.equal(resultOf(again, 'Caller').alreadyVerified, true);
    assert.match(resultOf(again, 'Caller').storageTimestamp ?? '', /^\d{4}-/);
  });

  it('reports a partial match when only the metadata differs', async () => {
    const report = await run(false, [{ address: PARTIAL_ADDR, chainId: 296, name: 'Storage' }]);
    const partial = resultAt(report, PARTIAL_ADDR);
    assert.equal(partial.status, 'partial');
    assert.equal(v.repository.get('296', PARTIAL_ADDR)?.status, 'partial');
  });

  it('reads the server\'s 500 on partial over partial as "already verified, partially", never as an error', async () => {
    await run(false, [{ address: PARTIAL_ADDR, chainId: 296, name: 'Storage' }]);
    const report = await run(false, [{ address: PARTIAL_ADDR, chainId: 296, name: 'Storage' }]);
    const second = resultAt(report, PARTIAL_ADDR);
    assert.deepEqual([second.status, second.alreadyVerified, second.failure], ['partial', true, undefined]);
    assert.match(second.message ?? '', /Already verified with a partial match/);
    assert.equal(resultOf(report, 'Caller').status, 'perfect', 'other contracts of the run are unaffected');
  });

  it('carries the server message of a failed verification', async () => {
    const report = await run(true, [
      { address: ADDR.empty, chainId: 296, name: 'Storage' },
      { address: ADDR.callee, chainId: 296, name: 'Storage' },
    ]);
    const byAddress = (a: string) => resultAt(report, a);
    assert.equal(byAddress(ADDR.empty).status, 'error');
    assert.equal(byAddress(ADDR.empty).message, `Chain #296 does not have a contract deployed at ${ADDR.empty}.`);
    assert.equal(byAddress(ADDR.callee).message, "The deployed and recompiled bytecode don't match.");
  });

  it('reports a source missing from the workspace, and a changed one with its local hash', async () => {
    ws.remove('contracts/Callee.sol');
    let caller = resultOf(await run(true), 'Caller');
    assert.equal(caller.status, 'error');
    assert.deepEqual(
      caller.files.missing.map((m) => [m.path, m.keccak256, m.localFile]),
      [['contracts/Callee.sol', keccak256Hex(CALLEE), undefined]],
    );
    assert.match(caller.message ?? '', /1 source file is missing/);

    ws.write('contracts/Callee.sol', CALLEE.replace('2 * x', 'x + x'));
    caller = resultOf(await run(true), 'Caller');
    assert.equal(caller.files.missing[0].localFile, ws.path('contracts/Callee.sol'));
    assert.equal(caller.files.missing[0].localKeccak256, keccak256Hex(CALLEE.replace('2 * x', 'x + x')));
  });

  it('forgives CRLF line endings, as the server does', async () => {
    ws.write('contracts/Callee.sol', CALLEE.replace(/\n/g, '\r\n'));
    assert.equal(resultOf(await run(true), 'Caller').status, 'perfect');
  });

  it('reports invalid sources (metadata content whose hash disagrees)', async () => {
    const meta = JSON.parse(sampleBuild().contract('Storage').metadata);
    meta.sources['contracts/Storage.sol'].content = STORAGE + '// edited\n';
    ws.write('deployments/testnet/Storage.json', JSON.stringify({ address: ADDR.storage, metadata: JSON.stringify(meta) }));
    const storage = resultOf(await run(true), 'Storage');
    assert.equal(storage.status, 'error');
    assert.equal(storage.files.invalid[0].path, 'contracts/Storage.sol');
    assert.equal(storage.files.invalid[0].calculatedHash, keccak256Hex(STORAGE + '// edited\n'));
  });

  it('recovers once when the server loses the session between upload and verify-checked', async () => {
    v.faults.forgetSessionsBeforeVerifyChecked = 1;
    const report = await run(true);
    assert.equal(v.faults.forgetSessionsBeforeVerifyChecked, 0);
    assert.deepEqual(
      report.outcomes.map((o) => o.result.status),
      ['perfect', 'perfect'],
    );
  });

  it('gives up with the server message when the session is lost again, as a server error (not a failed verification)', async () => {
    v.faults.forgetSessionsBeforeVerifyChecked = 2;
    await assert.rejects(
      run(true),
      (err: ApiError) =>
        err.kind === 'server' && /There are currently no pending contracts.* lost the verification session twice/.test(err.message),
    );
  });

  it('turns a 413 into an invalid-input error naming the limit', async () => {
    await v.close();
    v = await sampleVerifier({ limits: { maxFileSize: 1024 } });
    await assert.rejects(run(true), (err: ApiError) => err.status === 413 && /request entity too large/.test(err.message));
  });
});

describe('explorer import (session API)', () => {
  let stub: ExplorerStub;
  let v: VerifierHandle;
  let ws: Workspace;
  const EXPLORER_CHAIN = '11155111';

  beforeEach(async () => {
    const build = buildProject({ 'contracts/Storage.sol': STORAGE });
    const chain = sampleChain();
    stub = await startExplorerStub({
      contracts: { [ADDR.storage]: etherscanSourceFromStdJson(build.input, 'Storage', build.compilerVersion) },
      validKeys: ['good-key'],
      rateLimitedKeys: ['busy-key'],
    });
    v = await sampleVerifier({
      chains: { ...hederaChains(chain.code), [EXPLORER_CHAIN]: { name: 'Sepolia (stub)', code: chain.code, explorerApiUrl: stub.url } },
    });
    ws = makeWorkspace();
  });
  afterEach(async () => {
    await v.close();
    await stub.close();
    ws.dispose();
  });

  async function importVia(chainId: string, apiKey: string, url = v.url) {
    const [prepared] = await prepareWorkspace(ws, [{ address: ADDR.storage, chainId: Number(chainId), name: 'Storage' }]);
    // 429s are retried with back-off; keep the waits short.
    const transport = new VerifyTransport({ backoffBaseMs: 1, backoffMaxMs: 5 });
    try {
      return await verifyViaExplorer(prepared, { url, protocol: 'session', explorer: 'etherscan', apiKey, transport });
    } finally {
      await transport.close();
    }
  }

  it('imports, verifies and stores, forwarding the API key', async () => {
    const report = await importVia(EXPLORER_CHAIN, 'good-key');
    assert.equal(report.outcomes[0].result.status, 'perfect');
    assert.deepEqual(stub.receivedKeys, ['good-key']);
    assert.equal(v.repository.get(EXPLORER_CHAIN, ADDR.storage)?.status, 'perfect');
  });

  it('says plainly that Hedera has no Etherscan-style explorer, and sends nothing', async () => {
    await assert.rejects(
      importVia('296', 'good-key'),
      (err: ApiError) =>
        err.kind === 'invalid-input' && err.status === undefined && /Hedera has no Etherscan-style explorer/.test(err.message),
    );
    assert.deepEqual(stub.receivedKeys, []);
  });

  it('reports the explorer rejecting the key as a server error (502) of that contract, without the key in the text', async () => {
    const { result } = (await importVia(EXPLORER_CHAIN, 'wrong-key')).outcomes[0];
    assert.deepEqual([result.status, result.failure], ['error', 'server']);
    assert.match(result.message ?? '', /Invalid API Key/);
    assert.doesNotMatch(JSON.stringify(result), /wrong-key/);
  });

  it("maps the explorer's rate limit to 429 rate-limited", async () => {
    await assert.rejects(importVia(EXPLORER_CHAIN, 'busy-key'), (err: ApiError) => err.kind === 'rate-limited' && err.status === 429);
  });

  it('scrubs the API key from error text even when a server echoes it', async () => {
    const echo: TestServer = await startServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const key = (JSON.parse(body || '{}') as { apiKey?: string }).apiKey ?? '';
        res.writeHead(req.url === '/session/clear' ? 200 : 400, { 'content-type': 'application/json' });
        res.end(req.url === '/session/clear' ? '""' : JSON.stringify({ error: `bad key ${key}`, message: `bad key ${key}` }));
      });
    });
    try {
      const { result } = (await importVia(EXPLORER_CHAIN, 'sekret-123', echo.url)).outcomes[0];
      assert.doesNotMatch(JSON.stringify(result), /sekret-123/);
      assert.equal(result.message, 'bad key «redacted»');
    } finally {
      await echo.close();
    }
  });
});
