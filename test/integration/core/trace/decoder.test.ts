// The decoder over every reference-mirror case, fetched over loopback: each decoded step must equal what the server
// sent (JSON.parse of the same body is the oracle), in both pc conventions, with null or empty parts, and truncated.
import { strict as assert } from 'node:assert';
import { DEPLOYMENTS } from '../../../../servers/mirror/evm/cases';
import { FIRST_CONTRACT_NUM, longZeroAddress } from '../../../../servers/mirror/evm/ids';
import type { OpcodeQuery } from '../../../../servers/mirror/trace-provider';
import type { OpcodesBody as Body } from '../../../helpers/opcodes-wire';
import type { ColumnarTrace } from '../../../../src/core/trace/trace';
import {
  ALL_PARTS,
  CASE_NAMES,
  startReference,
  TRUNCATE_AT,
  type CaseName,
  type ReferenceMirror,
  type Variant,
} from '../../helpers/reference-mirror';

const addressOf = (contract: string): string => longZeroAddress(FIRST_CONTRACT_NUM + DEPLOYMENTS.findIndex((d) => d.contract === contract));

/** Every field of every step, plus the envelope, against the parsed body. */
function assertMatchesBody(trace: ColumnarTrace, body: Body, query: OpcodeQuery): void {
  const s = trace.summary;
  assert.equal(s.address, body.address);
  assert.equal(s.contractId, body.contract_id);
  assert.equal(s.failed, body.failed);
  assert.equal(s.gasUsed, body.gas);
  assert.equal(s.rawReturnValue, body.return_value);
  assert.equal(trace.length, body.opcodes.length);
  assert.equal(s.steps, body.opcodes.length);
  assert.deepEqual(s.parts, query);
  body.opcodes.forEach((e, i) => {
    const d = trace.detail(i);
    const at = `step ${i}`;
    assert.equal(d.step, i, at);
    assert.equal(d.pc, e.pc, at);
    assert.equal(d.op, e.op, at);
    assert.equal(d.depth, e.depth, at);
    assert.equal(d.gas, e.gas, at);
    assert.equal(d.gasCost, e.gas_cost, at);
    assert.equal(d.reason, e.reason, at);
    assert.deepEqual(d.stack, query.stack ? e.stack : null, at);
    assert.deepEqual(d.memory, query.memory ? e.memory : null, at);
    assert.deepEqual(d.storage, query.storage ? e.storage : null, at);
  });
}

describe('trace decoder over the reference mirror', function () {
  this.timeout(120_000);
  const mirrors = new Map<Variant, ReferenceMirror>();
  const ref = (v: Variant): ReferenceMirror => mirrors.get(v)!;

  before(async () => {
    for (const v of ['post-op', 'pre-op', 'null-parts', 'truncated'] as const) mirrors.set(v, await startReference(v));
  });
  after(async () => {
    for (const m of mirrors.values()) await m.close();
  });

  for (const variant of ['post-op', 'pre-op'] as const) {
    for (const name of CASE_NAMES) {
      it(`${variant} ${name}: every step equals the body the server sent`, async () => {
        const m = ref(variant);
        const trace = await m.fetch(name);
        assertMatchesBody(trace, JSON.parse(await m.body(name)) as Body, ALL_PARTS);
        assert.equal(trace.summary.pcConvention, variant);
        assert.equal(trace.summary.truncated, false);
        assert.equal(trace.summary.transaction, m.info(name).transactionId);
      });
    }
  }

  for (const name of CASE_NAMES) {
    it(`${name}: both conventions give the same instruction pcs, frames and gas`, async () => {
      const post = await ref('post-op').fetch(name);
      const pre = await ref('pre-op').fetch(name);
      assert.equal(post.length, pre.length);
      for (let i = 0; i < pre.length; i++) {
        const [a, b] = [post.row(i), pre.row(i)];
        assert.equal(a.instructionPc, b.pc, `step ${i} ${a.op}`);
        assert.equal(b.instructionPc, b.pc);
        assert.equal(a.op, b.op);
        assert.equal(a.frame, b.frame);
      }
      assert.equal(post.frameCount(), pre.frameCount());
      for (let f = 0; f < pre.frameCount(); f++) {
        const [a, b] = [post.frame(f), pre.frame(f)];
        // Post-op recording cannot tell a created contract's address (pre-op reads it off the parent's stack).
        const created = b.callType === 'CREATE' || b.callType === 'CREATE2';
        assert.deepEqual({ ...a, callee: created ? null : a.callee }, { ...b, callee: created ? null : b.callee }, `frame ${f}`);
      }
      assert.deepEqual(post.summary.revert, pre.summary.revert);
    });
  }

  it('stack-only and part-less requests leave the missing parts null', async () => {
    const m = ref('post-op');
    for (const query of [
      { stack: true, memory: false, storage: false },
      { stack: false, memory: false, storage: true },
      { stack: false, memory: false, storage: false },
    ]) {
      const trace = await m.fetch('storage', query);
      assertMatchesBody(trace, JSON.parse(await m.body('storage', query)) as Body, query);
    }
  });

  it('null parts (allowed by the spec) decode like empty ones', async () => {
    const query = { stack: true, memory: false, storage: false };
    const withNull = await ref('null-parts').fetch('nested-call', query);
    const withEmpty = await ref('post-op').fetch('nested-call', query);
    assert.match(await ref('null-parts').body('nested-call', query), /"memory":null/);
    assert.equal(withNull.length, withEmpty.length);
    for (let i = 0; i < withNull.length; i++) assert.deepEqual(withNull.detail(i), withEmpty.detail(i));
    assert.deepEqual(withNull.summary.parts, query);
  });

  for (const name of ['nested-call', 'create'] as const) {
    it(`truncation marker (${name}): recognised, not a step, open frames closed at the cut`, async () => {
      const m = ref('truncated');
      const text = await m.body(name);
      assert.match(text, /"op":"TRUNCATED"/);
      const trace = await m.fetch(name);
      assert.equal(trace.summary.truncated, true);
      assert.equal(trace.length, TRUNCATE_AT);
      assert.notEqual(trace.row(trace.length - 1).op, 'TRUNCATED');
      const body = JSON.parse(text) as Body;
      body.opcodes.pop();
      assertMatchesBody(trace, body, ALL_PARTS);
      const open = trace.frame(trace.frameCount() - 1);
      assert.deepEqual([open.depth, open.exitStep, open.reverted], [1, TRUNCATE_AT - 1, false]);
      assert.deepEqual(
        trace.frameStack(TRUNCATE_AT - 1).map((f) => f.index),
        [0, open.index],
      );
    });
  }

  it('a trace shorter than the cap carries no marker and is not truncated', async () => {
    const m = ref('truncated');
    assert.ok(m.info('panic').steps < TRUNCATE_AT);
    assert.doesNotMatch(await m.body('panic'), /"TRUNCATED"/);
    assert.equal((await m.fetch('panic')).summary.truncated, false);
  });

  describe('analysis of each case', () => {
    const frames = async (name: CaseName) => {
      const trace = await ref('post-op').fetch(name);
      return Array.from({ length: trace.frameCount() }, (_, i) => trace.frame(i));
    };

    it('success: one root frame, nothing reverted, raw return value', async () => {
      const trace = await ref('post-op').fetch('success');
      assert.deepEqual(
        (await frames('success')).map((f) => [f.callType, f.reverted]),
        [['ROOT', false]],
      );
      assert.equal(trace.summary.revert, null);
      assert.deepEqual(trace.summary.returnValue, { kind: 'Raw', data: `0x${'5'.padStart(64, '0')}` });
      assert.equal(trace.summary.maxDepth, 0);
    });

    it('nested call: a CALL frame at depth 1 whose callee comes from the caller stack', async () => {
      const [root, child] = await frames('nested-call');
      assert.equal(root.callee, addressOf('Caller'));
      assert.deepEqual(
        [child.callType, child.parent, child.depth, child.callee, child.reverted],
        ['CALL', 0, 1, addressOf('Callee'), false],
      );
      assert.ok(child.gasUsed > 0 && child.gasUsed < root.gasUsed);
      const trace = await ref('post-op').fetch('nested-call');
      assert.equal(trace.row(child.entryStep - 1).op, 'CALL');
      assert.ok(trace.row(child.exitStep).op === 'RETURN' || trace.row(child.exitStep).op === 'STOP');
    });

    it('revert with Error(string) bubbled from depth 1', async () => {
      const trace = await ref('post-op').fetch('revert-error');
      const [root, child] = await frames('revert-error');
      const message = 'Callee: amount must be zero';
      const data = `0x08c379a0${'20'.padStart(64, '0')}${'1b'.padStart(64, '0')}${Buffer.from(message).toString('hex').padEnd(64, '0')}`;
      assert.equal(child.callType, 'STATICCALL');
      assert.ok(child.reverted && root.reverted);
      assert.deepEqual(child.revert, { kind: 'Error', message, data });
      assert.deepEqual(root.revert, child.revert);
      assert.deepEqual(trace.summary.revert, child.revert);
      assert.equal(trace.summary.failed, true);
    });

    it('Panic(0x12) and a custom error with arguments', async () => {
      const panic = await ref('post-op').fetch('panic');
      assert.deepEqual(panic.summary.revert, {
        kind: 'Panic',
        code: 0x12,
        message: 'division or modulo by zero',
        data: `0x4e487b71${'12'.padStart(64, '0')}`,
      });
      const custom = await ref('post-op').fetch('custom-error');
      // keccak256("InsufficientBalance(uint256,uint256)")[0..4] with arguments (5, 100).
      assert.deepEqual(custom.summary.revert, {
        kind: 'CustomError',
        selector: '0xcf479181',
        data: `0xcf479181${'5'.padStart(64, '0')}${'64'.padStart(64, '0')}`,
      });
    });

    it('CREATE and CREATE2 frames; pre-op recording also yields the created addresses', async () => {
      assert.deepEqual(
        (await frames('create')).map((f) => f.callType),
        ['ROOT', 'CREATE', 'CREATE2'],
      );
      const pre = await ref('pre-op').fetch('create');
      const created = [pre.frame(1).callee, pre.frame(2).callee];
      const returned = pre.summary.rawReturnValue.slice(2);
      assert.deepEqual(created, [`0x${returned.slice(24, 64)}`, `0x${returned.slice(88, 128)}`]);
    });

    it('DELEGATECALL to the library', async () => {
      const [, lib] = await frames('delegatecall');
      assert.deepEqual([lib.callType, lib.callee], ['DELEGATECALL', addressOf('MathLib')]);
    });

    it("storage: the newest mirror's map changes at each SSTORE and each first SLOAD of a slot, marked as changes", async () => {
      const trace = await ref('post-op').fetch('storage');
      const sstores = Array.from({ length: trace.length }, (_, i) => i).filter((i) => trace.row(i).op === 'SSTORE');
      const sloads = Array.from({ length: trace.length }, (_, i) => i).filter((i) => trace.row(i).op === 'SLOAD');
      assert.ok(sstores.length >= 2);
      assert.deepEqual(trace.detail(0).storage, {});
      for (const i of sstores) {
        assert.ok(trace.storageChangedAt(i), `SSTORE at ${i} changes storage`);
        assert.notDeepEqual(trace.detail(i).storage, trace.detail(i - 1).storage);
      }
      assert.ok(trace.storageChangedAt(sloads[0]), 'the first read adds its slot');
      for (let i = 1; i < trace.length; i++) {
        if (!sstores.includes(i) && !sloads.includes(i))
          assert.deepEqual(trace.detail(i).storage, trace.detail(i - 1).storage, `step ${i}`);
      }
      assert.equal(Object.keys(trace.detail(trace.length - 1).storage ?? {}).length, 2);
    });

    it('logs: LOG3, LOG1, LOG0 in order', async () => {
      const trace = await ref('post-op').fetch('logs');
      const logs = Array.from({ length: trace.length }, (_, i) => trace.row(i).op).filter((op) => op.startsWith('LOG'));
      assert.deepEqual(logs, ['LOG3', 'LOG1', 'LOG0']);
    });
  });
});
