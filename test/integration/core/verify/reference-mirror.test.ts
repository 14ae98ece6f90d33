// The two reference servers together, as `npm start` and the in-VS-Code tests use them: the verifier reads deployed
// code from the reference mirror's chain (`GET /api/v1/contracts/{address}`), and the sample workspace's build output
// verifies against it — immutables (Caller), a linked library (LibUser → MathLib) and a library's own address.
import * as assert from 'node:assert/strict';
import { createEvmTraceProvider } from '../../../../servers/mirror/evm/index';
import { startMirror, type RunningMirror } from '../../../../servers/mirror/server';
import { startVerifier, type VerifierHandle } from '../../../../servers/verifier/server';
import { discoverDeployments } from '../../../../src/core/deployments/discover';
import { resolveEvmAddress } from '../../../../src/core/deployments/evm-address';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { BuildIndex } from '../../../../src/core/verify/builds';
import { prepareRecords } from '../../../../src/core/verify/targets';
import { sampleWorkspace } from '../../helpers/sample-workspace';
import { verifyWith } from '../../helpers/verify-fixtures';

describe('reference verifier on the reference mirror chain', function () {
  this.timeout(60_000);
  let mirror: RunningMirror;
  let verifier: VerifierHandle;
  let root: string;
  let http: HttpClient;

  before(async () => {
    mirror = await startMirror({ traces: await createEvmTraceProvider() });
    verifier = await startVerifier({ mirrorUrl: mirror.url, v2JobDelayMs: 10 });
    root = await sampleWorkspace();
    http = new HttpClient();
  });
  after(async () => {
    await http.close();
    await verifier.close();
    await mirror.close();
  });

  it('verifies the sample workspace record and 0.0.x ids from the setting, through both protocols', async () => {
    const setting = [
      { address: '0.0.1009', chainId: 298, name: 'LibUser' },
      { address: '0.0.1008', chainId: 298, name: 'MathLib' },
    ];
    const { records } = await discoverDeployments(root, setting);
    const prepared = await prepareRecords(records, {
      root,
      builds: new BuildIndex(root),
      defaultChainId: 298,
      resolveAddress: (a) => resolveEvmAddress(new MirrorClient({ restUrl: mirror.url, web3Url: mirror.url }, http), a),
    });
    const session = await verifyWith(prepared, { url: verifier.url, protocol: 'session', dryRun: true });
    assert.deepEqual(
      session.outcomes.map((o) => [o.result.name, o.target.address.toLowerCase(), o.result.status]),
      [
        ['LibUser', '0x00000000000000000000000000000000000003f1', 'perfect'],
        ['MathLib', '0x00000000000000000000000000000000000003f0', 'perfect'],
        ['Caller', '0x00000000000000000000000000000000000003eb', 'perfect'],
      ],
    );
    const v2 = await verifyWith(prepared, { url: verifier.url, protocol: 'v2', dryRun: false, poll: { firstDelayMs: 10 } });
    assert.deepEqual(
      v2.outcomes.map((o) => o.result.status),
      ['perfect', 'perfect', 'perfect'],
    );
  });
});
