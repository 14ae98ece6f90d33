// `ledger-mirror verify` the way hardhat verify --network and forge verify-contract --chain are used: a network by
// name, a fully qualified --contract, links to the verified contract, explorer import on an API v2 server, and the
// unchanged sample workspace verified twice in a row.
import * as assert from 'node:assert/strict';
import { createEvmTraceProvider } from '../../../servers/mirror/evm/index';
import { startMirror, type RunningMirror } from '../../../servers/mirror/server';
import { hederaChains } from '../../../servers/verifier/chains';
import { etherscanSourceFromStdJson, startExplorerStub, type ExplorerStub } from '../../../servers/verifier/explorer-stub';
import { buildProject } from '../../../servers/verifier/project-build';
import { startVerifier, type VerifierHandle } from '../../../servers/verifier/server';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { ADDR, makeWorkspace, sampleChain, sampleVerifier, STORAGE, type Workspace } from '../helpers/verify-fixtures';

const verify = (args: string[], env: Record<string, string> = {}) => runCli(['verify', ...args], { env });

describe('CLI verify: networks by name, contracts, links', function () {
  this.timeout(120_000);
  let v: VerifierHandle;
  let ws: Workspace;

  before(assertCliBuilt);
  beforeEach(async () => {
    v = await sampleVerifier();
    ws = makeWorkspace({ Storage: { address: ADDR.storage } });
  });
  afterEach(async () => {
    await v.close();
    ws.dispose();
  });

  it('--network testnet sets chain 296; the success line shows the repository page and HashScan', async () => {
    const run = await verify([
      '--network',
      'testnet',
      '--verify-url',
      v.url,
      '--workspace',
      ws.root,
      '--repository-url',
      'https://repo.example',
    ]);
    expectExit(run, EXIT.ok);
    assert.match(run.stdout, /^perfect Storage 0x5FbDB2315678afecb367f032d93F642f64180aa3 on chain 296 \(contracts\/Storage\.sol\)$/m);
    assert.match(run.stdout, /^ {8}https:\/\/repo\.example\/296\/0x5FbDB2315678afecb367f032d93F642f64180aa3$/m);
    assert.match(run.stdout, /^ {8}https:\/\/hashscan\.io\/testnet\/contract\/0x5FbDB2315678afecb367f032d93F642f64180aa3$/m);
    const json = await verify(['--network', 'testnet', '--verify-url', v.url, '--workspace', ws.root, '--json']);
    const contract = (JSON.parse(json.stdout) as { contracts: Array<{ links: string[] }> }).contracts[0];
    assert.deepEqual(
      contract.links,
      ['https://hashscan.io/testnet/contract/0x5FbDB2315678afecb367f032d93F642f64180aa3'],
      'no repository link for a server other than the default',
    );
  });

  it('refuses, sending nothing, a --chain-id that contradicts --network, an unknown network, and a chain given neither way', async () => {
    const contradict = await verify(['--network', 'mainnet', '--chain-id', '296', '--verify-url', v.url, '--workspace', ws.root]);
    expectExit(contradict, EXIT.invalidInput);
    assert.match(contradict.stderr, /--chain-id 296 contradicts --network mainnet, which is chain 295/);
    expectExit(await verify(['--network', 'mainnett', '--verify-url', v.url, '--workspace', ws.root]), EXIT.invalidInput);
    const none = await verify(['--verify-url', v.url, '--workspace', ws.root]);
    expectExit(none, EXIT.invalidInput);
    assert.match(none.stderr, /Give --network \(mainnet, testnet, previewnet, local\) or --chain-id/);
    expectExit(
      await verify(['--network', 'testnet', '--verify-url', v.url, '--workspace', ws.root, '--poll-timeout', '0']),
      EXIT.invalidInput,
    );
    const dryImport = await verify([
      '--network',
      'testnet',
      '--verify-url',
      v.url,
      '--address',
      ADDR.storage,
      '--explorer',
      'etherscan',
      '--dry-run',
    ]);
    expectExit(dryImport, EXIT.invalidInput);
    assert.match(dryImport.stderr, /--dry-run cannot be combined with --explorer/);
    assert.deepEqual(v.requests, []);
  });

  it('points an address without a record to --contract, and --contract path/File.sol:Name picks that contract', async () => {
    const bare = await verify(['--network', 'testnet', '--verify-url', v.url, '--workspace', ws.root, '--address', ADDR.caller]);
    expectExit(bare, EXIT.invalidInput);
    assert.match(
      bare.stderr,
      /No deployment record in .* names the contract at 0x0+3E9: give --contract path\/File\.sol:Name \(or just Name\)/,
    );
    assert.deepEqual(v.requests, []);
    const named = await verify([
      '--network',
      'testnet',
      '--verify-url',
      v.url,
      '--workspace',
      ws.root,
      '--address',
      ADDR.caller,
      '--contract',
      'contracts/Caller.sol:Caller',
    ]);
    expectExit(named, EXIT.ok);
    assert.match(named.stdout, /^perfect Caller 0x0+3e9 on chain 296 \(contracts\/Caller\.sol\)$/im);
    const wrongPath = await verify([
      '--network',
      'testnet',
      '--verify-url',
      v.url,
      '--workspace',
      ws.root,
      '--address',
      ADDR.caller,
      '--contract',
      'contracts/Other.sol:Caller',
    ]);
    expectExit(wrongPath, EXIT.invalidInput);
    assert.match(wrongPath.stdout, /No compiler output for contract contracts\/Other\.sol:Caller/);
  });
});

describe('CLI verify --explorer on an API v2 server', function () {
  this.timeout(120_000);
  const CHAIN = '11155111';
  let stub: ExplorerStub;
  let v: VerifierHandle;

  before(assertCliBuilt);
  beforeEach(async () => {
    const build = buildProject({ 'contracts/Storage.sol': STORAGE });
    const chain = sampleChain();
    stub = await startExplorerStub({
      contracts: { [ADDR.storage]: etherscanSourceFromStdJson(build.input, 'Storage', build.compilerVersion) },
      validKeys: ['good-key'],
    });
    v = await startVerifier({
      chains: { ...hederaChains(chain.code), [CHAIN]: { name: 'Sepolia (stub)', code: chain.code, explorerApiUrl: stub.url } },
      sessionApi: false,
      v2JobDelayMs: 20,
    });
  });
  afterEach(async () => {
    await v.close();
    await stub.close();
  });

  const explorer = (address: string) =>
    verify(
      ['--chain-id', CHAIN, '--verify-url', v.url, '--address', address, '--explorer', 'etherscan', '--api-key-env', 'LEDGER_TEST_KEY'],
      { LEDGER_TEST_KEY: 'good-key' },
    );

  it('imports through /v2/verify/etherscan with the key from --api-key-env, then reports "already verified" on the re-run', async () => {
    const first = await explorer(ADDR.storage);
    expectExit(first, EXIT.ok);
    assert.match(first.stdout, /^Verified 1 of 1 contract \(v2 API\): 1 perfect match$/m);
    assert.deepEqual(stub.receivedKeys, ['good-key']);
    assert.ok(v.requests.includes(`POST /v2/verify/etherscan/${CHAIN}/${ADDR.storage}`), v.requests.join('\n'));
    assert.deepEqual(
      v.requests.filter((r) => r.startsWith('POST /session/')),
      [],
      'no session request to a v2-only server',
    );
    const again = await explorer(ADDR.storage);
    expectExit(again, EXIT.ok);
    assert.match(again.stdout, /— already verified$/m);
    assert.doesNotMatch(first.stdout + first.stderr + again.stdout + again.stderr, /good-key/);
  });

  it('exits 7 when the explorer has no verified source for the contract (a refused import)', async () => {
    const run = await explorer(ADDR.callee);
    expectExit(run, EXIT.verificationFailed);
    assert.match(run.stdout, /not verified on Etherscan/);
  });
});

describe('CLI verify on the sample workspace, twice', function () {
  this.timeout(180_000);
  let mirror: RunningMirror;
  let v: VerifierHandle;
  let root: string;

  before(async () => {
    assertCliBuilt();
    mirror = await startMirror({ traces: await createEvmTraceProvider() });
    v = await startVerifier({ mirrorUrl: mirror.url, v2JobDelayMs: 10 });
    root = await sampleWorkspace();
  });
  after(async () => {
    await v.close();
    await mirror.close();
  });

  for (const protocol of ['session', 'v2']) {
    it(`gives the same result and exit 0 both times (${protocol})`, async () => {
      const args = ['--network', 'local', '--verify-url', v.url, '--workspace', root, '--protocol', protocol];
      const first = await verify(args);
      expectExit(first, EXIT.ok);
      const second = await verify(args);
      expectExit(second, EXIT.ok);
      const statuses = (out: string) =>
        out
          .split('\n')
          .filter((l) => /^(perfect|partial|error)/.test(l))
          .map((l) => l.replace(/ — already verified$/, ''));
      assert.ok(statuses(first.stdout).length > 0, first.stdout);
      assert.deepEqual(statuses(second.stdout), statuses(first.stdout));
      assert.match(second.stdout, /already verified/);
    });
  }

  it("resolves a 0.0.x --address through the network's mirror: --network local asks localhost:5551, --mirror the one given", async () => {
    const local = await verify([
      '--network',
      'local',
      '--verify-url',
      v.url,
      '--workspace',
      root,
      '--address',
      '0.0.1003',
      '--dry-run',
      '--verbose',
    ]);
    // Whatever answers there (nothing, or a local node), the id went to the local network's mirror.
    assert.match(local.stderr, /^GET http:\/\/localhost:5551\/api\/v1\/contracts\/0\.0\.1003 /m);
    const custom = await verify([
      '--chain-id',
      '298',
      '--mirror',
      mirror.url,
      '--verify-url',
      v.url,
      '--workspace',
      root,
      '--address',
      '0.0.1003',
      '--dry-run',
      '--protocol',
      'session',
    ]);
    expectExit(custom, EXIT.ok);
    assert.match(custom.stdout, /^perfect Caller 0x0+3eB on chain 298 \(contracts\/Caller\.sol\)( — already verified)?$/m);
  });
});
