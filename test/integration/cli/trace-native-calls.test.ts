// `ledger-mirror trace` on the reference mirror's native calls, recorded as the node records them (one synthetic
// entry each): precompiles by name with their fixed-format input and output, token-service calls through a facade,
// next to a caught revert, with value (a halt) and sent straight to 0x167 — each with its own outcome.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { EXIT } from '../../../src/core/errors';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { startReference, type CaseName, type ReferenceMirror } from '../helpers/reference-mirror';

interface CallJson {
  depth: number;
  type: string;
  to: string | null;
  contract: string | null;
  function: string | null;
  args: Record<string, string> | null;
  returns: Record<string, string> | null;
  reverted: boolean;
  gasUsed: number;
  system: string | null;
  responseCode: { code: number; name: string | null } | null;
}

interface TraceJson {
  failed: boolean;
  calls: CallJson[];
}

const at = (num: number) => `0x${num.toString(16).padStart(40, '0')}`;

describe('CLI trace: precompile and system-contract calls as the node records them', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let workspace: string;

  const trace = (name: CaseName, ...args: string[]) =>
    runCli(['trace', ref.info(name).transactionId, '--mirror', ref.mirror.url, '--build-output', workspace, ...args]);
  const traceJson = async (name: CaseName): Promise<TraceJson> => {
    const run = await trace(name, '--json');
    expectExit(run, EXIT.ok);
    return JSON.parse(run.stdout) as TraceJson;
  };
  const gasOfEntry = async (name: CaseName): Promise<number> => {
    const body = JSON.parse(await ref.body(name)) as { opcodes: Array<{ op: string; gas_cost: number }> };
    return body.opcodes.find((e) => e.op === '')!.gas_cost;
  };

  before(async () => {
    assertCliBuilt();
    [ref, workspace] = await Promise.all([startReference('post-op'), sampleWorkspace()]);
  });
  after(async () => {
    await ref.close();
  });

  it('ecrecover: named, not reverted, hash/v/r/s decoded and the signer returned; gasUsed is the entry’s gas_cost', async () => {
    const out = await traceJson('permit');
    const call = out.calls.find((c) => c.to === at(1));
    assert.ok(call, JSON.stringify(out.calls));
    assert.deepEqual(
      [call.function, call.system, call.reverted, call.depth, call.type],
      ['ecrecover', 'precompile', false, 1, 'STATICCALL'],
    );
    assert.deepEqual(Object.keys(call.args ?? {}), ['hash', 'v', 'r', 's']);
    assert.match(call.args!.v!, /^2[78]$/);
    assert.match(call.returns!.signer!, /^0x[0-9a-f]{40}$/);
    assert.equal(call.gasUsed, await gasOfEntry('permit'));
    assert.equal(out.calls.filter((c) => c.reverted).length, 0);
  });

  it('sha256: the input bytes and the digest', async () => {
    const call = (await traceJson('sha256')).calls.find((c) => c.to === at(2))!;
    assert.deepEqual([call.function, call.system, call.reverted], ['sha256', 'precompile', false]);
    assert.equal(call.args!.data, `0x${Buffer.from('ledger mirror').toString('hex')}`);
    assert.equal(call.returns!.digest, `0x${createHash('sha256').update('ledger mirror').digest('hex')}`);
  });

  it('token facade: CALL token → its facade → DELEGATECALL 0x167 (redirectForToken), none reverted', async () => {
    const out = await traceJson('hts-facade');
    assert.deepEqual(
      out.calls.map((c) => [c.depth, c.type, c.to, c.reverted]),
      [
        [0, 'ROOT', out.calls[0]!.to, false],
        [1, 'CALL', at(5001), false],
        [2, 'DELEGATECALL', at(0x167), false],
      ],
    );
    const system = out.calls[2]!;
    assert.deepEqual([system.system, system.function], ['HTS', 'redirectForToken']);
  });

  it('try/catch: the caught revert is the only reverted call; the token-service call is SUCCESS, not reverted', async () => {
    const out = await traceJson('hts-try-catch');
    assert.equal(out.failed, false);
    assert.deepEqual(
      out.calls.map((c) => [c.function, c.reverted]),
      [
        ['settle', false],
        ['check', true],
        ['transferToken', false],
      ],
    );
    assert.deepEqual(out.calls[2]!.responseCode, { code: 22, name: 'SUCCESS' });
  });

  it('a successful token-service call whose entry carries another frame’s revert is not reverted', async () => {
    const out = await traceJson('hts-insufficient');
    const hts = out.calls.find((c) => c.system === 'HTS')!;
    assert.deepEqual([hts.reverted, hts.responseCode], [false, { code: 178, name: 'INSUFFICIENT_TOKEN_BALANCE' }]);
    const human = await trace('hts-insufficient');
    const line = human.stdout.split('\n').find((l) => l.includes('transferToken'))!;
    assert.ok(!line.includes('reverted'), line);
  });

  it('value sent to a system account: the halted call is reverted and used all the gas it was given', async () => {
    const out = await traceJson('hts-value');
    const hts = out.calls.find((c) => c.to === at(0x167))!;
    assert.deepEqual([hts.reverted, hts.gasUsed], [true, await gasOfEntry('hts-value')]);
    assert.deepEqual(hts.responseCode, { code: 16, name: 'INVALID_CONTRACT_ID' });
    assert.equal(out.failed, false);
  });

  it('a transaction straight to 0x167 is one call at depth 0, named', async () => {
    const out = await traceJson('hts-direct');
    assert.deepEqual(
      out.calls.map((c) => [c.depth, c.system, c.function, c.reverted]),
      [[0, 'HTS', 'transferToken', false]],
    );
    assert.deepEqual(out.calls[0]!.responseCode, { code: 178, name: 'INSUFFICIENT_TOKEN_BALANCE' });
  });

  it('the summary names a precompile call and does not call it reverted', async () => {
    const run = await trace('permit');
    expectExit(run, EXIT.ok);
    const line = run.stdout.split('\n').find((l) => l.includes(at(1)))!;
    assert.match(line, /STATICCALL 0x0{39}1 .*ecrecover\(hash: 0x[0-9a-f]{64}, v: 2[78], /);
    assert.ok(!line.includes('reverted'), line);
  });
});
