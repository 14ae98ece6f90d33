// Both forms of `files.missing`: the interface spec's array of paths and the real server's object keyed by path.
// Served over loopback by a stub that answers like the spec describes, so the client's parsing is what is tested.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../../src/core/errors';
import { SessionClient } from '../../../../src/core/verify/session-client';
import { normaliseSessionContract } from '../../../../src/core/verify/session-response';
import { VerifyTransport } from '../../../../src/core/verify/transport';
import { startServer, type TestServer } from '../../helpers/fixture-server';

const SPEC_SHAPED = {
  contracts: [
    {
      verificationId: '0x3f67e9f57515bb1e7195c7c5af1eff630091567c0bb65ba3dece57a56da766fe',
      compiledPath: 'contracts/Child.sol',
      name: 'Child',
      compilerVersion: '0.8.1+commit.df193b15',
      address: '0x0000000000000000000000000000000000001234',
      chainId: '296',
      files: { found: ['contracts/Child.sol'], missing: ['contracts/Parent.sol'] },
      status: 'error',
    },
  ],
  unused: [],
};

const SERVER_SHAPED = {
  contracts: [
    {
      ...SPEC_SHAPED.contracts[0],
      compilerVersion: undefined,
      files: {
        found: ['contracts/Child.sol'],
        missing: { 'contracts/Parent.sol': { keccak256: '0xfce2', urls: ['dweb:/ipfs/Qm'] } },
        invalid: { 'contracts/Lib.sol': { expectedHash: '0xaa', calculatedHash: '0xbb', msg: 'differs' } },
      },
      status: 'partial',
      storageTimestamp: '2024-05-14T00:00:00.000Z',
    },
  ],
  unused: [],
};

describe('session response shapes', () => {
  let server: TestServer;
  let body: unknown;
  let transport: VerifyTransport;

  beforeEach(async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    transport = new VerifyTransport();
  });
  afterEach(async () => {
    await transport.close();
    await server.close();
  });

  const upload = () => new SessionClient(server.url, transport).inputFiles({ 'a.sol': '' }, { dryRun: true });

  it('accepts missing as an array of paths (the interface spec) and names the count in the message', async () => {
    body = SPEC_SHAPED;
    const r = normaliseSessionContract((await upload()).contracts[0]);
    assert.deepEqual(r.files.missing, [{ path: 'contracts/Parent.sol' }]);
    assert.deepEqual(r.files.invalid, []);
    assert.equal(r.status, 'error');
    assert.equal(r.message, '1 source file is missing');
    assert.equal(r.alreadyVerified, false);
  });

  it('accepts missing and invalid as objects (the real server) and storageTimestamp as "already verified"', async () => {
    body = SERVER_SHAPED;
    const r = normaliseSessionContract((await upload()).contracts[0]);
    assert.deepEqual(r.files.missing, [{ path: 'contracts/Parent.sol', keccak256: '0xfce2', urls: ['dweb:/ipfs/Qm'] }]);
    assert.deepEqual(r.files.invalid, [{ path: 'contracts/Lib.sol', expectedHash: '0xaa', calculatedHash: '0xbb', message: 'differs' }]);
    assert.equal(r.status, 'partial');
    assert.equal(r.alreadyVerified, true);
  });

  it('rejects a body in neither shape as a bad response, naming the field', async () => {
    body = { contracts: [{ name: 'X' }] };
    await assert.rejects(upload(), (err: ApiError) => err.kind === 'bad-response' && /contracts\.0\.verificationId/.test(err.message));
  });
});
