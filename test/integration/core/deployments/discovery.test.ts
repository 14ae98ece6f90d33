// Deployment discovery over the copied upstream fixtures (test/data/sourcify/deployments is laid out as a project),
// the `ledgerMirror.verify.contracts` setting, `0.0.x` resolution through a mirror, and finding build output and
// sources for a record.
import * as assert from 'node:assert/strict';
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { discoverDeployments } from '../../../../src/core/deployments/discover';
import { resolveEvmAddress } from '../../../../src/core/deployments/evm-address';
import { ApiError } from '../../../../src/core/errors';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { BuildIndex } from '../../../../src/core/verify/builds';
import { readLocalSources } from '../../../../src/core/verify/local-sources';
import { asMetadata } from '../../../../src/core/verify/metadata';
import { sendJson, startServer } from '../../helpers/fixture-server';
import { DATA, makeWorkspace, sampleBuild, STORAGE, type Workspace } from '../../helpers/verify-fixtures';

const PROJECT = join(DATA, 'deployments');

describe('deployment discovery', () => {
  it('finds hardhat-deploy, Ignition and Foundry records, in that order', async () => {
    const { records, problems } = await discoverDeployments(PROJECT, undefined);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      records.map((r) => [r.origin, r.name, r.address, r.chainId, r.creatorTxHash?.slice(0, 10)]),
      [
        ['hardhat-deploy', 'Storage', '0x2A9C2A2F0B4E5bF2B6AE1D7C7C5aF6E2c0b0dE11', 296, '0xabababab'],
        ['ignition', 'Lock', '0x5FbDB2315678afecb367f032d93F642f64180aa3', 123, '0x6b9830b7'],
        ['foundry', undefined, '0x5FbDB2315678afecb367f032d93F642f64180aa3', 31337, '0x1e96239f'],
        ['foundry', 'Test', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', 31337, '0x585a60fd'],
        ['foundry', 'NoLink', '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', 31337, '0xf1376c34'],
        ['foundry', 'Test', '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9', 31337, '0x1572d2b2'],
      ],
    );
  });

  it('points each record at the address in its file', async () => {
    const { records } = await discoverDeployments(PROJECT, undefined);
    for (const r of records) {
      const lines = readFileSync(r.file!, 'utf8').split('\n');
      const { start, end } = r.addressRange!;
      assert.equal(lines[start.line].slice(start.character, end.character).toLowerCase(), r.address.toLowerCase(), `${r.origin} ${r.name}`);
    }
  });

  it('keeps the metadata a hardhat-deploy record carries', async () => {
    const [hd] = (await discoverDeployments(PROJECT, undefined)).records;
    assert.equal(asMetadata(hd.metadata)?.settings.compilationTarget['project:/contracts/Storage.sol'], 'Storage');
  });

  it('puts the setting first and drops the same chain and address found in files', async () => {
    const setting = [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', chainId: '123', name: 'MyLock' }];
    const { records } = await discoverDeployments(PROJECT, setting);
    assert.deepEqual(
      records.slice(0, 2).map((r) => [r.origin, r.name, r.chainId]),
      [
        ['setting', 'MyLock', 123],
        ['hardhat-deploy', 'Storage', 296],
      ],
    );
    assert.equal(records.filter((r) => r.origin === 'ignition').length, 0);
  });

  it('reports bad setting entries by index and keeps the good ones', async () => {
    const { records, problems } = await discoverDeployments(undefined, [
      { address: '0.0.1234', chainId: 296 },
      { address: 'nope', chainId: 296 },
      { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', chainId: 296, creatorTxHash: '0x12' },
    ]);
    assert.deepEqual(
      records.map((r) => r.address),
      ['0.0.1234'],
    );
    assert.equal(problems.length, 3);
    assert.match(problems[0], /^ledgerMirror\.verify\.contracts\[1\]\.address: must be a 0x… EVM address or a Hedera id/);
    assert.match(problems[1], /\[2\]\.chainId/);
    assert.match(problems[2], /\[3\]\.creatorTxHash/);
    assert.deepEqual((await discoverDeployments(undefined, { address: 'x' })).problems.length, 1);
  });
});

describe('Hedera id → EVM address', () => {
  it('asks the mirror only for 0.0.x ids and checksums the answer', async () => {
    const mirror = await startServer((req, res) => {
      if (req.url === '/api/v1/contracts/0.0.1234')
        sendJson(req, res, 200, JSON.stringify({ contract_id: '0.0.1234', evm_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }));
      else sendJson(req, res, 404, JSON.stringify({ _status: { messages: [{ message: 'Not found' }] } }));
    });
    const http = new HttpClient();
    try {
      assert.equal(
        await resolveEvmAddress(new MirrorClient({ restUrl: mirror.url, web3Url: mirror.url }, http), '0.0.1234'),
        '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      );
      assert.equal(
        await resolveEvmAddress(
          new MirrorClient({ restUrl: mirror.url, web3Url: mirror.url }, http),
          '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
        ),
        '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      );
      assert.equal(mirror.requests.length, 1);
      await assert.rejects(
        resolveEvmAddress(new MirrorClient({ restUrl: mirror.url, web3Url: mirror.url }, http), '0.0.99'),
        (err: ApiError) => err.kind === 'not-found',
      );
      await assert.rejects(
        resolveEvmAddress(
          new MirrorClient({ restUrl: mirror.url, web3Url: mirror.url }, http),
          '0xE7f1725e7734ce288f8367e1bb143e90bb3f0512',
        ),
        (err: ApiError) => err.kind === 'invalid-input',
      );
    } finally {
      await http.close();
      await mirror.close();
    }
  });
});

describe('build output and sources for a record', () => {
  let ws: Workspace;
  beforeEach(() => {
    ws = makeWorkspace();
  });
  afterEach(() => ws.dispose());

  it('uses the build-info that compiled a contract of the record name, or says why there is none', async () => {
    const builds = new BuildIndex(ws.root);
    const build = await builds.forRecord({ address: '0x', origin: 'setting', name: 'Caller' });
    assert.ok(typeof build !== 'string');
    assert.equal(build.sourcePath, 'contracts/Caller.sol');
    assert.match(
      String(await builds.forRecord({ address: '0x', origin: 'setting', name: 'Nope' })),
      /No compiler output for contract Nope/,
    );
    assert.match(String(await builds.forRecord({ address: '0x', origin: 'foundry' })), /does not name its contract/);
  });

  it('reads Foundry artifacts, preferring the newest output', async () => {
    ws.write('out/Caller.sol/Caller.json', JSON.stringify({ rawMetadata: sampleBuild().contract('Caller').metadata }));
    const later = new Date(Date.now() + 60_000);
    utimesSync(ws.path('out/Caller.sol/Caller.json'), later, later);
    const build = await new BuildIndex(ws.root).forRecord({ address: '0x', origin: 'foundry', name: 'Caller' });
    assert.ok(typeof build !== 'string');
    assert.match(build.origin, /out\/Caller\.sol\/Caller\.json$/);
  });

  it("resolves Truffle's project:/ paths, remappings and moved files by content hash", async () => {
    const metadata = asMetadata(readFileSync(join(DATA, 'storage/metadata.json'), 'utf8'))!;
    ws.write('contracts/Storage.sol', STORAGE);
    let [s] = await readLocalSources(ws.root, metadata);
    assert.deepEqual(
      [s.path, s.file, s.matchingContent === STORAGE],
      ['project:/contracts/Storage.sol', ws.path('contracts/Storage.sol'), true],
    );

    ws.remove('contracts/Storage.sol');
    ws.write('src/moved/Storage.sol', STORAGE);
    [s] = await readLocalSources(ws.root, metadata);
    assert.equal(s.file, ws.path('src/moved/Storage.sol'));

    ws.remove('src/moved/Storage.sol');
    ws.write('lib/store/Storage.sol', STORAGE);
    [s] = await readLocalSources(ws.root, { ...metadata, settings: { ...metadata.settings, remappings: ['contracts/=lib/store/'] } });
    assert.equal(s.file, ws.path('lib/store/Storage.sol'));
  });
});
