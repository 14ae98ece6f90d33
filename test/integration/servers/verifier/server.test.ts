// The reference verifier as the client sees it on the wire: cookie, response shapes, statuses and error bodies of
// the HashScan Sourcify build (ethereum/sourcify @ 9c0dd549, see servers/verifier/session-api.ts), and the v2 subset.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VerifierHandle } from '../../../../servers/verifier/server';
import { buildProject } from '../../../../servers/verifier/project-build';
import { ADDR, DATA, sampleBuild, sampleChain, sampleVerifier, STORAGE } from '../../helpers/verify-fixtures';

// Raw wire bodies are inspected ad hoc, field by field, exactly as the server sent them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type WireJson = any;

/** A minimal cookie-keeping caller, so the test sees raw statuses and bodies. */
function agent(base: string) {
  let cookie = '';
  let lastSetCookie = '';
  return {
    get lastSetCookie() {
      return lastSetCookie;
    },
    forget() {
      cookie = '';
    },
    async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: WireJson; text: string }> {
      const res = await fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = res.headers.get('set-cookie');
      if (set) {
        lastSetCookie = set;
        cookie = set.split(';')[0];
      }
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, json, text };
    },
  };
}

describe('reference verifier (wire level)', () => {
  let v: VerifierHandle;
  const storage = () => sampleBuild().contract('Storage');
  const files = () => ({ 'metadata.json': storage().metadata, 'Storage.sol': STORAGE });

  beforeEach(async () => {
    v = await sampleVerifier();
  });
  afterEach(() => v.close());

  it('keeps the session in an HttpOnly, SameSite=Lax sourcify_vid cookie, created on the first request', async () => {
    const a = agent(v.url);
    const res = await a.call('GET', '/session/data');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { contracts: [], unused: [], files: [] });
    assert.match(a.lastSetCookie, /^sourcify_vid=s%3A[^;]+\.[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  });

  it('checks uploaded files: 40-hex verificationId, no compilerVersion, missing and invalid as objects, status "error"', async () => {
    const a = agent(v.url);
    const res = await a.call('POST', '/session/input-files', { files: files() });
    assert.equal(res.status, 200);
    const [c] = res.json.contracts;
    assert.match(c.verificationId, /^[0-9a-f]{40}$/);
    assert.deepEqual(
      { ...c, verificationId: undefined },
      {
        verificationId: undefined,
        compiledPath: 'contracts/Storage.sol',
        name: 'Storage',
        files: { found: ['contracts/Storage.sol'], missing: {}, invalid: {} },
        status: 'error',
      },
    );
    assert.equal('compilerVersion' in c, false);
    assert.deepEqual(res.json.files, ['metadata.json', 'Storage.sol']);
  });

  it('matches sources by content hash, not by name, and lists files nothing used', async () => {
    const a = agent(v.url);
    const res = await a.call('POST', '/session/input-files', {
      files: { 'whatever.json': storage().metadata, 'renamed.txt': STORAGE + '\r\n', 'notes.md': '# unrelated' },
    });
    assert.deepEqual(res.json.contracts[0].files.found, ['contracts/Storage.sol']);
    assert.deepEqual(res.json.unused, ['notes.md']);
  });

  it('reports missing sources as an object keyed by metadata path, with keccak256 and urls (Sourcify child/parent set)', async () => {
    const a = agent(v.url);
    const meta = readFileSync(join(DATA, 'child-parent/child-contract.meta.object.json'), 'utf8');
    const parent = readFileSync(join(DATA, 'child-parent/ParentContract.sol'), 'utf8');
    const res = await a.call('POST', '/session/input-files', { files: { 'metadata.json': meta, 'ParentContract.sol': parent } });
    const c = res.json.contracts[0];
    assert.deepEqual(c.files.found, ['contracts/ParentContract.sol']);
    assert.deepEqual(Object.keys(c.files.missing), ['contracts/ChildContract.sol']);
    assert.equal(
      c.files.missing['contracts/ChildContract.sol'].keccak256,
      '0x93b241737964cadcb514289197c37ae9c6b9ac9a1cf7ab0617413b9fbf622379',
    );
    assert.equal(c.files.missing['contracts/ChildContract.sol'].urls.length, 2);
  });

  it('reports metadata-embedded content whose hash disagrees as invalid', async () => {
    const a = agent(v.url);
    const meta = JSON.parse(storage().metadata);
    meta.sources['contracts/Storage.sol'].content = STORAGE.replace('number = num', 'number = num + 1');
    const res = await a.call('POST', '/session/input-files', { files: { 'metadata.json': JSON.stringify(meta) } });
    const invalid = res.json.contracts[0].files.invalid['contracts/Storage.sol'];
    assert.equal(invalid.expectedHash, meta.sources['contracts/Storage.sol'].keccak256);
    assert.match(invalid.calculatedHash, /^0x[0-9a-f]{64}$/);
    assert.notEqual(invalid.calculatedHash, invalid.expectedHash);
  });

  it('accepts a Hardhat build-info file alone, yielding every contract in it', async () => {
    const a = agent(v.url);
    const res = await a.call('POST', '/session/input-files', { files: { 'build-info.json': JSON.stringify(sampleBuild().buildInfo()) } });
    assert.deepEqual(res.json.contracts.map((c: { name: string }) => c.name).sort(), ['Callee', 'Caller', 'Storage']);
    assert.ok(res.json.contracts.every((c: { files: { missing: object } }) => Object.keys(c.files.missing).length === 0));
  });

  it('verify-checked: a dry run is not stored; a real run is; a second real run carries storageTimestamp', async () => {
    const a = agent(v.url);
    const { json } = await a.call('POST', '/session/input-files', { files: files() });
    const body = { contracts: [{ verificationId: json.contracts[0].verificationId, address: ADDR.storage.toLowerCase(), chainId: '296' }] };
    const dry = await a.call('POST', '/session/verify-checked?dryrun=true', body);
    assert.equal(dry.json.contracts[0].status, 'perfect');
    assert.equal(dry.json.contracts[0].address, ADDR.storage, 'addresses are echoed checksummed');
    assert.equal(v.repository.get('296', ADDR.storage), undefined);
    const real = await a.call('POST', '/session/verify-checked', body);
    assert.equal(real.json.contracts[0].status, 'perfect');
    assert.equal(real.json.contracts[0].storageTimestamp, undefined);
    const again = await a.call('POST', '/session/verify-checked?dryrun=false', body);
    assert.match(again.json.contracts[0].storageTimestamp, /^\d{4}-\d\d-\d\dT/);
  });

  it('rejects a numeric chainId with the OpenAPI validator body, and an unsupported chain', async () => {
    const a = agent(v.url);
    const { json } = await a.call('POST', '/session/input-files', { files: files() });
    const id = json.contracts[0].verificationId;
    const numeric = await a.call('POST', '/session/verify-checked', {
      contracts: [{ verificationId: id, address: ADDR.storage, chainId: 296 }],
    });
    assert.equal(numeric.status, 400);
    assert.equal(numeric.json.message, 'request/body/contracts/0/chainId must be string');
    assert.ok(Array.isArray(numeric.json.errors));
    const unsupported = await a.call('POST', '/session/verify-checked', {
      contracts: [{ verificationId: id, address: ADDR.storage, chainId: '1' }],
    });
    assert.deepEqual(unsupported.json, {
      error: 'Chain 1 not supported for verification!',
      message: 'Chain 1 not supported for verification!',
    });
  });

  it('answers 400 "no pending contracts" on an empty or lost session', async () => {
    const a = agent(v.url);
    await a.call('POST', '/session/input-files', { files: files() });
    a.forget();
    const res = await a.call('POST', '/session/verify-checked', { contracts: [] });
    assert.equal(res.status, 400);
    assert.equal(res.json.error, 'There are currently no pending contracts.');
  });

  it('clears the session with a plain-text answer', async () => {
    const a = agent(v.url);
    await a.call('POST', '/session/input-files', { files: files() });
    const res = await a.call('POST', '/session/clear');
    assert.deepEqual([res.status, res.text], [200, 'Session successfully cleared']);
    assert.deepEqual((await a.call('GET', '/session/data')).json.contracts, []);
  });

  it('refuses a session beyond its size limit with 413', async () => {
    await v.close();
    v = await sampleVerifier({ limits: { maxSessionSize: 4096 } });
    const a = agent(v.url);
    const res = await a.call('POST', '/session/input-files', { files: { 'big.sol': 'x'.repeat(5000) } });
    assert.equal(res.status, 413);
    assert.equal(res.json.error, 'Too much session memory used. Delete some files or clear the session.');
  });

  it('answers the explorer import on Hedera chains with 400 "not supported for importing from Etherscan", and rejects dryrun there', async () => {
    const a = agent(v.url);
    const res = await a.call('POST', '/session/verify/etherscan', { address: ADDR.storage, chainId: '296' });
    assert.equal(res.status, 400);
    assert.equal(res.json.message, 'Requested chain 296 is not supported for importing from Etherscan');
    const dry = await a.call('POST', '/session/verify/etherscan?dryrun=true', { address: ADDR.storage, chainId: '296' });
    assert.equal(dry.status, 400);
    const missing = await a.call('POST', '/session/verify/etherscan', { chainId: '296' });
    assert.equal(missing.json.message, "request/body must have required property 'address'");
  });

  it('v2: 202 with a job id, the job completes with exact_match, lookup and 409 afterwards', async () => {
    const a = agent(v.url);
    const build = sampleBuild();
    const body = { stdJsonInput: build.input, compilerVersion: build.compilerVersion, contractIdentifier: 'contracts/Storage.sol:Storage' };
    const submitted = await a.call('POST', `/v2/verify/296/${ADDR.storage}`, body);
    assert.equal(submitted.status, 202);
    let job = (await a.call('GET', `/v2/verify/${submitted.json.verificationId}`)).json;
    assert.equal(job.isJobCompleted, false);
    while (!job.isJobCompleted) job = (await a.call('GET', `/v2/verify/${submitted.json.verificationId}`)).json;
    assert.equal(job.contract.match, 'exact_match');
    assert.equal((await a.call('GET', `/v2/contract/296/${ADDR.storage}`)).json.runtimeMatch, 'exact_match');
    const again = await a.call('POST', `/v2/verify/296/${ADDR.storage}`, body);
    assert.equal(again.status, 409);
    assert.equal(again.json.customCode, 'already_verified');
    assert.match(again.json.errorId, /^[0-9a-f-]{36}$/);
  });

  it('v2: unknown job, unverified contract and unsupported chain answer with customCode', async () => {
    const a = agent(v.url);
    assert.equal((await a.call('GET', '/v2/verify/nope')).json.customCode, 'job_not_found');
    const lookup = await a.call('GET', `/v2/contract/296/${ADDR.empty}`);
    assert.deepEqual([lookup.status, lookup.json.customCode], [404, 'not_found']);
    const chain = await a.call('POST', `/v2/verify/12345/${ADDR.storage}`, {});
    assert.deepEqual([chain.status, chain.json.customCode, chain.json.message], [404, 'unsupported_chain', 'Chain 12345 not found']);
  });

  it('v2 explorer import: 400 unsupported_chain on Hedera chains, 404 "Chain N not found" on unknown ones', async () => {
    const a = agent(v.url);
    const hedera = await a.call('POST', `/v2/verify/etherscan/296/${ADDR.storage}`, { apiKey: 'k' });
    assert.deepEqual(
      [hedera.status, hedera.json.customCode, hedera.json.message],
      [400, 'unsupported_chain', 'Requested chain 296 is not supported for importing from Etherscan.'],
    );
    assert.match(hedera.json.errorId, /^[0-9a-f-]{36}$/);
    const unknown = await a.call('POST', `/v2/verify/etherscan/12345/${ADDR.storage}`, {});
    assert.deepEqual([unknown.status, unknown.json.customCode], [404, 'unsupported_chain']);
  });

  it('partial over partial: the session API answers 500 "already partially verified", v2 finishes the job with already_verified', async () => {
    // Only the comment differs from the deployed source: same code, another metadata hash, a partial match.
    const partialAt = '0x00000000000000000000000000000000000007D0';
    const chain = sampleChain();
    chain.deploy(
      partialAt,
      buildProject({ 'contracts/Storage.sol': STORAGE.replace('Store & retrieve', 'Keep & retrieve') }).contract('Storage').runtime,
    );
    await v.close();
    v = await sampleVerifier({ v2JobDelayMs: 5 }, chain);
    const a = agent(v.url);
    const verifySession = async () => {
      const up = await a.call('POST', '/session/input-files', { files: files() });
      return a.call('POST', '/session/verify-checked', {
        contracts: [{ verificationId: up.json.contracts[0].verificationId, address: partialAt, chainId: '296' }],
      });
    };
    assert.equal((await verifySession()).json.contracts[0].status, 'partial');
    const again = await verifySession();
    assert.equal(again.status, 500);
    assert.match(
      again.json.error,
      /is already partially verified\. The provided new source code also yielded a partial match and will not be stored unless it's a full match$/,
    );
    const input = sampleBuild().input;
    const submitted = await a.call('POST', `/v2/verify/296/${partialAt}`, {
      stdJsonInput: input,
      compilerVersion: sampleBuild().compilerVersion,
      contractIdentifier: 'contracts/Storage.sol:Storage',
    });
    assert.equal(submitted.status, 202);
    let job: WireJson;
    do job = (await a.call('GET', `/v2/verify/${submitted.json.verificationId}`)).json;
    while (!job.isJobCompleted);
    assert.equal(job.error.customCode, 'already_verified');
  });

  it('modes: 301 and 308 to another host, 429 with and without Retry-After, every other request throttled, 500 on verifying requests, v2 jobs never finished', async () => {
    const port = new URL(v.url).port;
    const raw = (path: string, method = 'GET') => fetch(v.url + path, { method, redirect: 'manual' });
    const moved = await raw('/modes/moved/session/data?x=1');
    assert.deepEqual([moved.status, moved.headers.get('location')], [301, `http://localhost:${port}/session/data?x=1`]);
    const moved308 = await raw('/modes/moved-308/session/clear', 'POST');
    assert.deepEqual([moved308.status, moved308.headers.get('location')], [308, `http://localhost:${port}/session/clear`]);
    const limited = await raw('/modes/rate-limited/v2/verify/1');
    assert.deepEqual([limited.status, limited.headers.get('retry-after')], [429, '1']);
    const bare = await raw('/modes/rate-limited-bare/session/data');
    assert.deepEqual([bare.status, bare.headers.get('retry-after')], [429, null]);
    assert.deepEqual(
      [(await raw('/modes/throttled/session/data')).status, (await raw('/modes/throttled/session/data')).status],
      [429, 200],
    );
    const failing = await raw(`/modes/failing/v2/verify/296/${ADDR.storage}`, 'POST');
    assert.deepEqual([failing.status, ((await failing.json()) as WireJson).customCode], [500, 'internal_error']);
    assert.equal((await raw('/modes/failing/session/data')).status, 200, 'only verifying requests fail');
    const stuck = await raw('/modes/stuck/v2/verify/job-1');
    assert.deepEqual([stuck.status, ((await stuck.json()) as WireJson).isJobCompleted], [200, false]);
    assert.equal((await raw(`/modes/stuck/v2/contract/296/${ADDR.storage}`)).status, 404, 'only job polls are stuck');
    assert.equal((await raw('/modes/nope/session/data')).status, 404);
  });

  it('can stand in for sourcify.dev (no session API) and for the HashScan build (no v2)', async () => {
    await v.close();
    v = await sampleVerifier({ sessionApi: false });
    assert.equal((await agent(v.url).call('GET', '/session/data')).status, 404);
    await v.close();
    v = await sampleVerifier({ v2Api: false });
    assert.equal((await agent(v.url).call('GET', `/v2/contract/296/${ADDR.storage}`)).status, 404);
  });
});
