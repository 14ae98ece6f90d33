import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { decodeAbiParameters } from 'viem';
import { createEvmTraceProvider, type EvmTraceProvider } from '../../../../../servers/mirror/evm/index';
import { formatRevertReason } from '../../../../../servers/mirror/evm/system-reason';
import type { OpcodeEntry as Entry, OpcodesBody as Body } from '../../../../helpers/opcodes-wire';

const ALL = { stack: true, memory: true, storage: true };
const HTS = '0x0000000000000000000000000000000000000167';
const TOKEN = '0x0000000000000000000000000000000000001389';

interface Action {
  call_depth: number;
  call_type: string;
  call_operation_type: string;
  to: string;
  input: string;
  result_data: string;
  result_data_type: string;
  gas: number | bigint;
  gas_used: number | bigint;
}

/** The node's one entry for a native call (hiero-mirror-node `OpcodeActionTracer.tracePrecompileResult`). */
function assertSynthetic(entry: Entry | undefined, depth: number, action: Action): void {
  assert.ok(entry);
  assert.deepEqual(
    [entry.depth, entry.pc, entry.op, entry.stack, entry.memory, entry.storage, entry.gas_cost],
    [depth, 0, '', [], [], {}, Number(action.gas_used)],
  );
}

const errorString = (message: string): string => formatRevertReason(`0x${Buffer.from(message, 'utf8').toString('hex')}`);

describe('reference mirror: precompile and system-contract calls as the node records them', function () {
  this.timeout(60_000);
  let provider: EvmTraceProvider;

  before(async () => {
    provider = await createEvmTraceProvider({});
  });

  async function run(name: string): Promise<{ body: Body; actions: Action[] }> {
    const info = provider.cases.find((c) => c.name === name);
    assert.ok(info, name);
    let text = '';
    await provider.findTrace('id', info.transactionId)!.writeBody(ALL, (chunk) => {
      text += chunk;
    });
    return { body: JSON.parse(text) as Body, actions: provider.findResult!('id', info.transactionId)!.actions as unknown as Action[] };
  }

  /** Index of the only entry whose op is "" (failing when there are none or several). */
  function onlyNative(opcodes: Entry[]): number {
    const natives = opcodes.flatMap((e, i) => (e.op === '' ? [i] : []));
    assert.equal(natives.length, 1, `native entries at ${natives.join(',')}`);
    return natives[0]!;
  }

  it('permit: STATICCALL to ecrecover (0x1) is one entry at depth 1 and one PRECOMPILE action that returns the owner', async () => {
    const { body, actions } = await run('permit');
    const i = onlyNative(body.opcodes);
    const action = actions.find((a) => a.call_type === 'PRECOMPILE')!;
    assert.deepEqual(
      [action.call_operation_type, action.to, action.result_data_type],
      ['STATICCALL', '0x0000000000000000000000000000000000000001', 'OUTPUT'],
    );
    assert.equal(body.opcodes[i - 1]!.op, 'STATICCALL');
    assertSynthetic(body.opcodes[i], 1, action);
    assert.equal(body.opcodes[i]!.reason, null);
    assert.equal(body.opcodes[i + 1]!.depth, 0, 'the caller continues at its own depth');
    assert.equal(body.failed, false, 'the signature is the owner’s');
  });

  it('sha256: one entry for 0x2 whose action outputs the SHA-256 of the input', async () => {
    const { body, actions } = await run('sha256');
    const action = actions.find((a) => a.call_type === 'PRECOMPILE')!;
    const digest = createHash('sha256').update('ledger mirror').digest('hex');
    assert.deepEqual(
      [action.to, action.result_data, body.return_value],
      ['0x0000000000000000000000000000000000000002', `0x${digest}`, `0x${digest}`],
    );
    assertSynthetic(body.opcodes[onlyNative(body.opcodes)], 1, action);
  });

  it('token service: the stand-in runs no step of its own; a successful call has reason null', async () => {
    const { body, actions } = await run('hts-transfer');
    const i = onlyNative(body.opcodes);
    const action = actions.find((a) => a.call_type === 'SYSTEM')!;
    assertSynthetic(body.opcodes[i], 1, action);
    assert.equal(body.opcodes[i]!.reason, null);
    assert.deepEqual(
      body.opcodes.filter((e) => e.depth > 0),
      [body.opcodes[i]],
    );
    assert.equal(body.opcodes[i]!.gas, Number(action.gas) - Number(action.gas_used), 'gas = what the callee frame has left');
  });

  it('token service: reason is the FIRST reverted action of the transaction, even when the call itself succeeded', async () => {
    const { body, actions } = await run('hts-insufficient');
    const entry = body.opcodes[onlyNative(body.opcodes)]!;
    const system = actions.find((a) => a.call_type === 'SYSTEM')!;
    assert.equal(system.result_data_type, 'OUTPUT', 'classic token-service calls answer their response code');
    const firstRevert = actions.find((a) => a.result_data_type === 'REVERT_REASON')!;
    assert.equal(firstRevert.call_depth, 0, 'the reverted action is TokenSender’s own');
    assert.equal(entry.reason, formatRevertReason(firstRevert.result_data));
  });

  it('try/catch: the caught Error(string) of another frame lands in the successful token-service entry', async () => {
    const { body, actions } = await run('hts-try-catch');
    assert.equal(body.failed, false);
    const entry = body.opcodes[onlyNative(body.opcodes)]!;
    assert.equal(entry.reason, errorString('Callee: amount must be zero'));
    assert.equal(body.opcodes.filter((e) => e.op === 'REVERT').length, 1, 'the caught revert at depth 1');
    assert.deepEqual(
      actions.map((a) => [a.call_depth, a.call_type, a.result_data_type]),
      [
        [0, 'CALL', 'OUTPUT'],
        [1, 'CALL', 'REVERT_REASON'],
        [1, 'SYSTEM', 'OUTPUT'],
      ],
    );
  });

  it('token facade: CALL token → facade code at depth 1 → DELEGATECALL 0x167 (redirectForToken) → one entry at depth 2', async () => {
    const { body, actions } = await run('hts-facade');
    const i = onlyNative(body.opcodes);
    const call = body.opcodes.findIndex((e) => e.op === 'CALL');
    assert.equal(body.opcodes[call + 1]!.depth, 1, 'the facade runs EVM code');
    assert.equal(body.opcodes[i - 1]!.op, 'DELEGATECALL');
    const system = actions.find((a) => a.call_type === 'SYSTEM')!;
    assert.deepEqual([system.call_operation_type, system.to, system.call_depth], ['DELEGATECALL', HTS, 2]);
    assert.ok(system.input.startsWith(`0x618dc65e${TOKEN.slice(2)}a9059cbb`), system.input);
    assertSynthetic(body.opcodes[i], 2, system);
    assert.equal(body.opcodes[i + 1]!.depth, 1);
    assert.equal(body.opcodes.filter((e) => e.depth === 1).at(-1)!.op, 'RETURN');
    assert.deepEqual(decodeAbiParameters([{ type: 'bool' }], body.return_value as `0x${string}`), [true]);
  });

  it('value sent to a system account halts: one entry using all the gas it was given, an ERROR action', async () => {
    const { body, actions } = await run('hts-value');
    const i = onlyNative(body.opcodes);
    const system = actions.find((a) => a.call_type === 'SYSTEM')!;
    assert.deepEqual(
      [system.result_data_type, Buffer.from(system.result_data.slice(2), 'hex').toString()],
      ['ERROR', 'INVALID_CONTRACT_ID'],
    );
    assertSynthetic(body.opcodes[i], 1, system);
    assert.equal(body.opcodes[i]!.gas, 0, 'nothing left');
    // The node sets no revert reason on a halt (CustomMessageCallProcessor.doHalt) and no action reverted.
    assert.equal(body.opcodes[i]!.reason, null);
    assert.equal(body.failed, false, 'tip() returns false instead of failing');
  });

  it('a transaction sent straight to 0x167 is one entry at depth 0', async () => {
    const { body, actions } = await run('hts-direct');
    assert.equal(body.opcodes.length, 1);
    assert.deepEqual(
      actions.map((a) => [a.call_depth, a.call_type]),
      [[0, 'SYSTEM']],
    );
    assertSynthetic(body.opcodes[0], 0, actions[0]!);
    assert.equal(BigInt(body.return_value), 178n, 'INSUFFICIENT_TOKEN_BALANCE, answered');
  });

  it('formats a reason as the mirror does: zero → 0x, Error(string) kept, a response code → Error(its name), else Error(text)', () => {
    assert.equal(formatRevertReason('0x'), '0x');
    assert.equal(formatRevertReason(`0x${'00'.repeat(32)}`), '0x');
    const kept = errorString('kept');
    assert.equal(formatRevertReason(kept), kept);
    assert.equal(formatRevertReason(`0x${'00'.repeat(31)}0f`), errorString('INVALID_ACCOUNT_ID'));
    assert.equal(formatRevertReason(`0x${Buffer.from('PRECOMPILE_ERROR').toString('hex')}`), errorString('PRECOMPILE_ERROR'));
  });
});
