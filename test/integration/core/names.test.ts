// Every call frame, error and event of the reference mirror's real executions named from the sample workspace's
// build output (read with the build-output reader) and the mirror's results and actions, read over loopback.
import { strict as assert } from 'node:assert';
import { HttpClient } from '../../../src/core/http';
import { MirrorClient } from '../../../src/core/mirror/client';
import { describeCall } from '../../../src/core/names/call-names';
import { decodeEvent, describeDecoded } from '../../../src/core/names/decode';
import { AbiRegistry } from '../../../src/core/names/registry';
import { logAtStep, ResultLogs } from '../../../src/core/names/log-steps';
import { resultHeader } from '../../../src/core/names/result-header';
import { nameFrames } from '../../../src/core/names/trace-names';
import type { Trace } from '../../../src/shared/trace-model';
import { CASE_NAMES, HTS_CASE_NAMES, startReference, type CaseName, type ReferenceMirror } from '../helpers/reference-mirror';
import { namingFixture } from '../helpers/naming-fixture';

describe('names on the reference mirror’s traces (sample workspace build output)', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let http: HttpClient;
  let abis: AbiRegistry;

  const named = async (name: CaseName) => {
    const id = ref.info(name).transactionId;
    const [trace, { actions }] = await Promise.all([ref.fetch(name), new MirrorClient(ref.endpoints, http).contractActions(id)]);
    return nameFrames(trace, abis, actions);
  };

  namingFixture((f) => ({ ref, http, abis } = f));

  for (const name of [...CASE_NAMES, ...HTS_CASE_NAMES]) {
    it(`${name}: every call frame is named (creations run constructors, which have no selector)`, async () => {
      for (const { frame, named: call } of await named(name)) {
        const creation = frame.callType === 'CREATE' || frame.callType === 'CREATE2';
        assert.equal(call.function === null, creation, `${name} frame ${frame.index} (${frame.callType})`);
        if (frame.reverted && frame.revert) assert.ok(call.error, `${name} frame ${frame.index} reverted without a named error`);
      }
    });
  }

  it('names the frames of the delegatecall and custom-error cases as the user wrote them', async () => {
    assert.deepEqual(
      (await named('delegatecall')).map((f) => describeCall(f.named)),
      ['LibUser.compute(a: 6, b: 7, c: 8) → 50', 'MathLib.mulAdd(a: 6, b: 7, c: 8) → 50'],
    );
    assert.deepEqual(
      (await named('custom-error')).map((f) => describeCall(f.named)),
      ['Vault.withdraw(amount: 100) reverted: InsufficientBalance(available: 5, required: 100)'],
    );
  });

  it('names enum values by member in a call and its return value (enum-state)', async () => {
    assert.deepEqual(
      (await named('enum-state')).map((f) => describeCall(f.named)),
      ['Orders.mark(status: Filled (1), ref: "order-7") → Open (0)'],
    );
  });

  it('the header of the token-service case: sender, contract, the call by name and the mirror’s error named', async () => {
    const { result } = await new MirrorClient(ref.endpoints, http).contractResult(ref.info('hts-insufficient').transactionId);
    const header = resultHeader(abis, result);
    assert.deepEqual([header.toId, header.result, header.gasLimit], ['0.0.1011', 'CONTRACT_REVERT_EXECUTED', '15000000']);
    assert.equal(header.error, 'TransferFailed(token: 0x0000000000000000000000000000000000001389, responseCode: 178)');
    assert.equal(header.call.function, 'pay');
  });

  it('every log of every case decodes as an event by its topic, except the anonymous LOG0', async () => {
    const described: string[] = [];
    for (const name of [...CASE_NAMES, ...HTS_CASE_NAMES]) {
      const { result } = await new MirrorClient(ref.endpoints, http).contractResult(ref.info(name).transactionId);
      for (const log of result.logs ?? []) {
        const event = decodeEvent(abis, log.topics ?? [], log.data ?? '0x');
        if ((log.topics ?? []).length === 0) assert.equal(event, null);
        else {
          assert.ok(event, `${name} log ${log.index}`);
          described.push(describeDecoded(event));
        }
      }
    }
    assert.ok(described.includes('Note(text: "hello from Events")'), described.join('\n'));
    assert.ok(
      described.some((d) => /^Transfer\(from: 0x[0-9a-f]{40}, to: 0x0+3ee, value: 1000\)$/.test(d)),
      described.join('\n'),
    );
    assert.ok(
      described.includes(
        'Paid(token: 0x0000000000000000000000000000000000001389, to: 0x00000000000000000000000000000000000003ea, amount: 50)',
      ),
    );
  });

  const logSteps = (trace: Trace): number[] => {
    const steps: number[] = [];
    for (let i = 0; i < trace.length; i++) if (/^LOG[0-4]$/.test(trace.row(i).op)) steps.push(i);
    return steps;
  };
  const LOGS_CASE = ['Transfer', 'Note', null];

  for (const variant of ['post-op', 'pre-op'] as const) {
    it(`${variant}: LOG steps name their events from the trace's own stack and memory`, async () => {
      const mirror = variant === 'post-op' ? ref : await startReference(variant);
      try {
        const trace = await mirror.fetch('logs', { stack: true, memory: true, storage: false });
        const events = logSteps(trace).map((step) => {
          const log = logAtStep(trace, step);
          assert.ok(log?.data, `step ${step}`);
          return decodeEvent(abis, log.topics, log.data)?.name ?? null;
        });
        assert.deepEqual(events, LOGS_CASE);
        const note = logSteps(trace)[1];
        assert.equal(
          describeDecoded(decodeEvent(abis, logAtStep(trace, note)!.topics, logAtStep(trace, note)!.data!)!),
          'Note(text: "hello from Events")',
        );
        assert.equal(logAtStep(trace, 0), null, 'not a LOG step');
      } finally {
        if (mirror !== ref) await mirror.close();
      }
    });
  }

  it('without memory, LOG steps take their data from the mirror’s logs, in order', async () => {
    const trace = await ref.fetch('logs', { stack: true, memory: false, storage: false });
    const steps = logSteps(trace);
    assert.equal(logAtStep(trace, steps[0])?.data, null);
    const { result } = await new MirrorClient(ref.endpoints, http).contractResult(ref.info('logs').transactionId);
    const logs = new ResultLogs(trace, result.logs ?? []);
    assert.deepEqual(
      steps.map((step) => {
        const log = logs.at(step);
        return log ? (decodeEvent(abis, log.topics ?? [], log.data ?? '0x')?.name ?? null) : 'missing';
      }),
      LOGS_CASE,
    );
  });
});
