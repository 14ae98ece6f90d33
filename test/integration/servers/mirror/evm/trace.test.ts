import { strict as assert } from 'node:assert';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  CASE_NAMES,
  CASES,
  DEBUG_CASE_NAMES,
  EXTERNAL_CASE,
  HTS_CASE_NAMES,
  LOCALS_CASES,
  NATIVE_CASE_NAMES,
} from '../../../../../servers/mirror/evm/cases';
import { createEvmTraceProvider, type EvmTraceProvider } from '../../../../../servers/mirror/evm/index';
import type { StorageShape } from '../../../../../servers/mirror/modes';
import type { OpcodeQuery } from '../../../../../servers/mirror/trace-provider';
import { NO_OPCODE_CAPS, type OpcodeCaps, TRUNCATION_MARKER_OP } from '../../../../../servers/mirror/web3/opcode-caps';
import type { OpcodeEntry as Entry, OpcodesBody as Body } from '../../../../helpers/opcodes-wire';

const ALL: OpcodeQuery = { stack: true, memory: true, storage: true };
const CALLS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
/** Every case by name: the groups the tests name them by, the locals cases and the verified-only one. */
const NAMED = [
  ...CASE_NAMES,
  ...HTS_CASE_NAMES,
  ...DEBUG_CASE_NAMES,
  ...NATIVE_CASE_NAMES,
  ...LOCALS_CASES.map((c) => c.name),
  EXTERNAL_CASE.name,
];

const hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');
const word = (value: bigint | number): string => BigInt(value).toString(16).padStart(64, '0');
const keccakHex = (data: Uint8Array): string => bytesToHex(keccak_256(data));
const selectorOf = (signature: string): string => keccakHex(utf8ToBytes(signature)).slice(0, 8);

async function bodyText(
  provider: EvmTraceProvider,
  name: string,
  query: OpcodeQuery = ALL,
  caps?: Partial<OpcodeCaps>,
  storage?: StorageShape,
): Promise<string> {
  const info = provider.cases.find((c) => c.name === name);
  assert.ok(info, `case ${name}`);
  let text = '';
  const sink = (chunk: string) => {
    text += chunk;
  };
  await provider.findTrace('id', info.transactionId)!.writeBody(query, sink, caps && { ...NO_OPCODE_CAPS, ...caps }, storage);
  return text;
}

async function body(...args: Parameters<typeof bodyText>): Promise<Body> {
  return JSON.parse(await bodyText(...args)) as Body;
}

/** Index of the first entry with `op` (after `from`), failing the test when there is none. */
function indexOf(entries: Entry[], op: string, from = 0): number {
  const i = entries.findIndex((e, k) => k >= from && e.op === op);
  assert.ok(i >= 0, `no ${op} in trace`);
  return i;
}

function codeBytes(provider: EvmTraceProvider, contract: string): Buffer {
  const record = provider.findContract(contract);
  assert.ok(record);
  return Buffer.from(record.runtimeBytecode.slice(2), 'hex');
}

describe('reference mirror EVM traces', function () {
  this.timeout(60_000);
  let post: EvmTraceProvider;
  let pre: EvmTraceProvider;

  before(async () => {
    post = await createEvmTraceProvider({});
    pre = await createEvmTraceProvider({ preOp: true });
  });

  describe('cases and ids', () => {
    it('runs every case under a deterministic transaction id and keccak(name) hash', () => {
      // In the order of the specs (the ids follow it), and exactly the cases the tests name by group.
      assert.deepEqual(
        post.cases.map((c) => c.name),
        [...CASES, EXTERNAL_CASE].map((c) => c.name),
      );
      assert.deepEqual(post.cases.map((c) => c.name).sort(), [...NAMED].sort());
      assert.equal(post.cases[0]!.transactionId, '0.0.1000-1735689610-000000001');
      for (const info of post.cases) {
        assert.match(info.transactionId, /^0\.0\.1000-\d{10}-\d{9}$/);
        assert.equal(info.hash, `0x${keccakHex(utf8ToBytes(info.name))}`);
        assert.equal(post.findTrace('hash', info.hash)?.transactionId, info.transactionId);
        assert.ok(info.steps > 50 || info.name === 'hts-direct', info.name);
      }
      assert.deepEqual(
        pre.cases.map((c) => [c.transactionId, c.steps, c.failed]),
        post.cases.map((c) => [c.transactionId, c.steps, c.failed]),
      );
      assert.equal(post.findTrace('id', '0.0.1000-1735689610-000000002'), undefined);
    });

    it('describes one line per case with its id, hash, step count and outcome', () => {
      const lines = post.describe();
      for (const info of post.cases) {
        const line = lines.find((l) => l.includes(info.transactionId));
        assert.ok(line, info.name);
        assert.ok(line.includes(info.hash) && line.includes(`steps=${info.steps}`) && line.includes(`failed=${info.failed}`));
      }
    });

    it('marks exactly the reverting cases as failed, with return_value "0x"', async () => {
      assert.deepEqual(
        post.cases.filter((c) => c.failed).map((c) => c.name),
        ['revert-error', 'panic', 'custom-error', 'hts-insufficient', 'modifier-revert'],
      );
      assert.equal((await body(post, 'panic')).return_value, '0x');
    });
  });

  describe('envelope', () => {
    it('has the mirror fields in the generated-model order, compact JSON', async () => {
      const text = await bodyText(post, 'success');
      const parsed = JSON.parse(text) as Body;
      assert.deepEqual(Object.keys(parsed), ['address', 'contract_id', 'failed', 'gas', 'opcodes', 'return_value']);
      assert.deepEqual(Object.keys(parsed.opcodes[0]!), ['depth', 'gas', 'gas_cost', 'memory', 'op', 'pc', 'reason', 'stack', 'storage']);
      assert.equal(text, JSON.stringify(parsed));
      assert.equal(parsed.address, '0x00000000000000000000000000000000000003e9');
      assert.equal(parsed.contract_id, '0.0.1001');
      assert.equal(parsed.failed, false);
      assert.ok(parsed.gas > 21_000 && parsed.gas < 100_000, `gas used ${parsed.gas}`);
      assert.equal(parsed.return_value, `0x${word(5)}`);
    });

    it('writes big bodies in several chunks and waits for each before the next', async () => {
      const info = post.cases.find((c) => c.name === 'create')!;
      let chunks = 0;
      let busy = false;
      let text = '';
      await post.findTrace('id', info.transactionId)!.writeBody(ALL, async (chunk) => {
        assert.equal(busy, false, 'sink called again before the previous chunk was written');
        busy = true;
        chunks++;
        text += chunk;
        await new Promise((resolve) => setImmediate(resolve));
        busy = false;
      });
      assert.ok(chunks > 3, `${chunks} chunks`);
      assert.equal((JSON.parse(text) as Body).opcodes.length, info.steps);
    });
  });

  describe('semantics (post-op, Besu-style)', () => {
    it('starts every trace at depth 0 and keeps items in the mirror formats', async () => {
      for (const name of NAMED) {
        const { opcodes } = await body(post, name);
        assert.equal(opcodes[0]!.depth, 0, name);
        for (const e of opcodes) {
          for (const item of e.stack!) assert.match(item, /^0x([0-9a-f]{2}){0,32}$/, `${name} stack`);
          for (const item of e.memory!) assert.match(item, /^0x[0-9a-f]{64}$/, `${name} memory`);
          const keys = Object.keys(e.storage!);
          assert.deepEqual(keys, [...keys].sort(), `${name} storage keys sorted`);
          for (const [k, v] of Object.entries(e.storage!)) assert.match(k + v, /^0x[0-9a-f]{64}0x[0-9a-f]{64}$/);
          // A native call's one entry (op "") may carry a reason too (native-calls.test.ts).
          if (e.op !== '') assert.equal(e.reason === null, e.op !== 'REVERT', `${name}: reason only on REVERT`);
        }
      }
    });

    it('nested call: CALL at depth 0 opens a frame at depth 1, which returns to depth 0', async () => {
      const { opcodes, return_value } = await body(post, 'nested-call');
      const call = indexOf(opcodes, 'CALL');
      assert.equal(opcodes[call]!.depth, 0);
      assert.equal(opcodes[call + 1]!.depth, 1);
      assert.equal(Math.max(...opcodes.map((e) => e.depth)), 1);
      assert.equal(opcodes.at(-1)!.depth, 0);
      assert.equal(return_value, `0x${word(43)}`);
    });

    it('Error(string) reverts at depth 1 and is bubbled unchanged by depth 0', async () => {
      const { opcodes, failed } = await body(post, 'revert-error');
      const message = 'Callee: amount must be zero';
      const padded = hex(message).padEnd(Math.ceil(message.length / 32) * 64, '0');
      const expected = `0x08c379a0${word(32)}${word(message.length)}${padded}`;
      const reverts = opcodes.filter((e) => e.op === 'REVERT');
      assert.deepEqual(
        reverts.map((e) => [e.depth, e.reason]),
        [
          [1, expected],
          [0, expected],
        ],
      );
      assert.ok(opcodes.some((e) => e.op === 'STATICCALL'));
      assert.equal(failed, true);
    });

    it('Panic(uint256) carries code 0x12 for the division by zero', async () => {
      const revert = (await body(post, 'panic')).opcodes.find((e) => e.op === 'REVERT')!;
      assert.equal(revert.reason, `0x4e487b71${word(0x12)}`);
      assert.equal(revert.depth, 0);
    });

    it('custom error: selector of InsufficientBalance(uint256,uint256) with both arguments', async () => {
      const revert = (await body(post, 'custom-error')).opcodes.find((e) => e.op === 'REVERT')!;
      assert.equal(revert.reason, `0x${selectorOf('InsufficientBalance(uint256,uint256)')}${word(5)}${word(100)}`);
    });

    it('CREATE and CREATE2 run the Child constructor at depth 1; both children are served as contracts', async () => {
      const { opcodes } = await body(post, 'create');
      // Pre-op, the first step back at depth 0 sees the created address on top of the stack.
      const before = (await body(pre, 'create')).opcodes;
      const children: string[] = [];
      for (const op of ['CREATE', 'CREATE2']) {
        const i = indexOf(opcodes, op);
        assert.equal(opcodes[i + 1]!.depth, 1, `${op} opens a frame`);
        assert.equal(opcodes[i + 1]!.op, 'PUSH1');
        const back = opcodes.findIndex((e, k) => k > i && e.depth === 0);
        children.push(`0x${before[back]!.stack!.at(-1)!.slice(-40)}`);
      }
      for (const [n, address] of children.entries()) {
        const record = post.findContract(address);
        assert.ok(record, `child ${address}`);
        // Numbered after the 12 contracts deployed at start.
        assert.equal(record.contractId, `0.0.${1013 + n}`);
        assert.equal(post.findContract(record.contractId), record);
      }
      assert.notEqual(children[0], children[1]);
      assert.equal(post.findContract(children[1]!)!.runtimeBytecode, post.findContract(children[0]!)!.runtimeBytecode);
    });

    it('v0.129: shows SSTOREs in the written-slot storage map of the current contract (slot and mapping entry)', async () => {
      const { opcodes } = await body(post, 'storage', ALL, undefined, 'v0.129');
      const first = indexOf(opcodes, 'SSTORE');
      assert.deepEqual(opcodes[first - 1]!.storage, {});
      const mappingSlot = `0x${keccakHex(Buffer.from(word(42) + word(1), 'hex'))}`;
      const last = opcodes.filter((e) => e.op === 'SSTORE').at(-1)!;
      assert.deepEqual(last.storage, { [`0x${word(0)}`]: `0x${word(1)}`, [mappingSlot]: `0x${word(1234)}` });
      assert.ok(opcodes.slice(first).some((e) => e.op === 'SLOAD'));
      assert.deepEqual(opcodes.at(-1)!.storage, last.storage);
    });

    it('emits LOG3, LOG1 and LOG0', async () => {
      const ops = (await body(post, 'logs')).opcodes.map((e) => e.op).filter((op) => op.startsWith('LOG'));
      assert.deepEqual(ops, ['LOG3', 'LOG1', 'LOG0']);
    });

    it('DELEGATECALL runs the library at depth 1; the write lands in the caller storage', async () => {
      const { opcodes, return_value } = await body(post, 'delegatecall');
      const i = indexOf(opcodes, 'DELEGATECALL');
      assert.equal(opcodes[i + 1]!.depth, 1);
      assert.equal(return_value, `0x${word(50)}`);
      assert.deepEqual(opcodes.filter((e) => e.op === 'SSTORE').at(-1)!.storage, { [`0x${word(0)}`]: `0x${word(50)}` });
    });

    it('newest mirror: the storage map holds the slots read too, from the SLOAD on (written value preferred)', async () => {
      const { opcodes } = await body(post, 'storage');
      const read = indexOf(opcodes, 'SLOAD');
      assert.ok(read < indexOf(opcodes, 'SSTORE'), 'count is read before it is written');
      assert.deepEqual(opcodes[read - 1]!.storage, {});
      assert.deepEqual(opcodes[read]!.storage, { [`0x${word(0)}`]: `0x${word(0)}` });
      const mappingSlot = `0x${keccakHex(Buffer.from(word(42) + word(1), 'hex'))}`;
      assert.deepEqual(opcodes.at(-1)!.storage, { [`0x${word(0)}`]: `0x${word(1)}`, [mappingSlot]: `0x${word(1234)}` });
      const written = (await body(post, 'storage', ALL, undefined, 'written')).opcodes;
      assert.deepEqual(written[read]!.storage, {}, 'written only: a read is not in the map');
      assert.deepEqual(written.at(-1)!.storage, opcodes.at(-1)!.storage);
    });

    it('newest mirror: two contracts sharing slot numbers are merged by slot, the lower contract id winning', async () => {
      const { opcodes } = await body(post, 'shared-slots');
      const enter = opcodes.findIndex((e) => e.depth === 1);
      const routerOnly = opcodes[enter - 1]!.storage;
      // Router alone: routed (slot 0) written 1, ledger (slot 1) read.
      assert.equal(routerOnly![`0x${word(0)}`], `0x${word(1)}`);
      const callStack = opcodes[enter - 1]!.stack!;
      assert.equal(opcodes[enter - 1]!.op, 'CALL');
      assert.equal(routerOnly![`0x${word(1)}`], `0x${word(BigInt(callStack.at(-2)!))}`, 'the address Router calls');
      // Ledger (deployed first, so numbered lower) takes slots 0 and 1 over: Router's routed = 1 is lost.
      const end = opcodes.at(-1)!.storage!;
      assert.equal(end[`0x${word(0)}`], `0x${word(250)}`);
      assert.equal(end[`0x${word(1)}`], `0x${word(1_000_000)}`);
      assert.equal(Object.keys(end).length, 3, 'slots 0 and 1 and the balances entry, each once');
      const written = (await body(post, 'shared-slots', ALL, undefined, 'written')).opcodes.at(-1)!.storage!;
      assert.deepEqual(Object.keys(written).length, 2, 'slot 0 and the balances entry');
      assert.equal(written[`0x${word(0)}`], `0x${word(250)}`);
    });

    it('pushes the raw PUSHn code slice (PUSH1 0x80 is "0x80", PUSH0 is "0x"); results are 32-byte words', async () => {
      const { opcodes } = await body(post, 'success');
      assert.deepEqual([opcodes[0]!.op, opcodes[0]!.stack], ['PUSH1', ['0x80']]);
      const push0 = opcodes[indexOf(opcodes, 'PUSH0')]!;
      assert.equal(push0.stack!.at(-1), '0x');
      const caller = (await body(post, 'custom-error')).opcodes.find((e) => e.op === 'CALLER')!;
      assert.match(caller.stack!.at(-1)!, /^0x[0-9a-f]{40}$/);
    });

    it('records pc after the op: past the push data, at the jump target, own pc when the frame ends', async () => {
      const code = codeBytes(post, '0.0.1001');
      const { opcodes } = await body(post, 'success');
      for (const [i, e] of opcodes.entries()) {
        const push = /^PUSH(\d+)$/.exec(e.op);
        if (push) {
          const n = Number(push[1]);
          const own = e.pc - 1 - n;
          assert.equal(code[own], 0x5f + n, `opcode byte of ${e.op} at ${own}`);
          assert.equal(e.stack!.at(-1), `0x${code.subarray(own + 1, own + 1 + n).toString('hex')}`);
        }
        if (e.op === 'JUMP') assert.equal(code[e.pc], 0x5b, `JUMP at step ${i} lands on a JUMPDEST`);
      }
      const returnOp = opcodes.at(-1)!;
      assert.equal(returnOp.op, 'RETURN');
      assert.equal(code[returnOp.pc], 0xf3);
    });

    it('records gas remaining after the op, so gas falls by the next op cost within a frame', async () => {
      for (const name of NAMED) {
        const { opcodes } = await body(post, name, { stack: false, memory: false, storage: false });
        for (let i = 0; i + 1 < opcodes.length; i++) {
          const [a, b] = [opcodes[i]!, opcodes[i + 1]!];
          if (a.depth !== b.depth || CALLS.has(a.op)) continue;
          assert.equal(b.gas, a.gas - b.gas_cost, `${name} step ${i + 1} ${b.op}`);
        }
      }
    });

    it('records a suspended CALL as Besu does: own pc, arguments still on the stack, cost including the child gas', async () => {
      const { opcodes } = await body(post, 'nested-call');
      const call = indexOf(opcodes, 'CALL');
      const [before, entry, child] = [opcodes[call - 1]!, opcodes[call]!, opcodes[call + 1]!];
      assert.equal(before.pc, entry.pc, 'the op before CALL ends at the CALL, whose pc stays there');
      assert.deepEqual(entry.stack, before.stack, 'nothing popped yet');
      assert.equal(entry.gas, before.gas - entry.gas_cost);
      assert.ok(entry.gas_cost > child.gas, 'cost includes the gas handed to the callee');
    });
  });

  describe('pre-op (geth-style) recording', () => {
    it('differs from post-op exactly by the convention: pc of the op itself and gas before it', async () => {
      for (const name of NAMED) {
        const [a, b] = [(await body(post, name)).opcodes, (await body(pre, name)).opcodes];
        assert.deepEqual(
          b.map((e) => [e.op, e.depth]),
          a.map((e) => [e.op, e.depth]),
          name,
        );
        for (let i = 0; i + 1 < a.length; i++) {
          const push = /^PUSH(\d+)$/.exec(a[i]!.op);
          if (push) {
            assert.equal(a[i]!.pc, b[i]!.pc + 1 + Number(push[1]), `${name} ${a[i]!.op} at step ${i}`);
            assert.equal(a[i]!.gas, b[i]!.gas - b[i]!.gas_cost);
            assert.deepEqual(a[i]!.stack, b[i + 1]!.stack, 'post-op stack is the next pre-op stack');
          }
          if (a[i]!.op === 'JUMP') assert.equal(a[i]!.pc, b[i + 1]!.pc, `${name}: post-op JUMP pc is the target`);
        }
        assert.equal(a.at(-1)!.pc, b.at(-1)!.pc, `${name}: the last op keeps its own pc`);
      }
    });

    it('shows arithmetic results as 32-byte words computed from the operands', async () => {
      const [a, b] = [(await body(post, 'success')).opcodes, (await body(pre, 'success')).opcodes];
      let adds = 0;
      for (const [i, e] of a.entries()) {
        if (e.op !== 'ADD') continue;
        adds++;
        const [x, y] = [b[i]!.stack!.at(-1)!, b[i]!.stack!.at(-2)!].map((item) => (item === '0x' ? 0n : BigInt(item)));
        assert.equal(e.stack!.at(-1), `0x${word((x! + y!) % (1n << 256n))}`);
      }
      assert.ok(adds > 0);
    });

    it('starts with PUSH1 at pc 0 on an empty stack', async () => {
      const first = (await body(pre, 'success')).opcodes[0]!;
      assert.deepEqual([first.op, first.pc, first.stack], ['PUSH1', 0, []]);
    });
  });

  describe('query parts', () => {
    it('sends a disabled part as [] / {} (v0.129) and keeps the enabled ones', async () => {
      const { opcodes } = await body(post, 'storage', { stack: false, memory: true, storage: false });
      assert.ok(opcodes.every((e) => Array.isArray(e.stack) && e.stack.length === 0));
      assert.ok(opcodes.every((e) => e.storage !== null && Object.keys(e.storage).length === 0));
      assert.ok(opcodes.some((e) => e.memory!.length > 0));
      const { opcodes: noMemory } = await body(post, 'storage', { stack: true, memory: false, storage: true });
      assert.ok(noMemory.every((e) => e.memory!.length === 0));
      assert.ok(noMemory.some((e) => Object.keys(e.storage!).length > 0));
    });
  });

  describe('options: null parts, truncation, long loop', () => {
    let variant: EvmTraceProvider;
    before(async () => {
      variant = await createEvmTraceProvider({ nullParts: true, longLoop: true, longLoopSteps: 20_000 });
    });

    it('sends a disabled part as null when nullParts is set', async () => {
      const { opcodes } = await body(variant, 'success', { stack: true, memory: false, storage: false });
      assert.ok(opcodes.slice(0, 10).every((e) => Array.isArray(e.stack) && e.memory === null && e.storage === null));
    });

    const MARKER = {
      depth: 0,
      gas: 0,
      gas_cost: 0,
      memory: [],
      op: TRUNCATION_MARKER_OP,
      pc: 0,
      reason: 'Trace truncated after reaching the configured maxOpcodes limit',
      stack: [],
      storage: {},
    };
    const sameSteps = (cut: Entry[], full: Entry[]) => assert.deepEqual(cut, full.slice(0, cut.length));

    it('cuts at maxOpcodes entries, the marker included, as OpcodeContext.addOpcodes does', async () => {
      const full = (await body(post, 'nested-call')).opcodes;
      const cut = (await body(post, 'nested-call', ALL, { maxOpcodes: 11 })).opcodes;
      assert.equal(cut.length, 11);
      sameSteps(cut.slice(0, 10), full);
      assert.deepEqual(cut[10], MARKER);
      // A trace of exactly maxOpcodes entries is cut too: its last opcode makes way for the marker.
      const exact = (await body(post, 'nested-call', ALL, { maxOpcodes: full.length })).opcodes;
      assert.equal(exact.length, full.length);
      assert.deepEqual(exact.at(-1), MARKER);
      assert.deepEqual((await body(post, 'nested-call', ALL, { maxOpcodes: full.length + 1 })).opcodes, full);
    });

    it('cuts where the running totals of stack items, memory words or storage entries would pass their cap', async () => {
      const full = (await body(post, 'storage')).opcodes;
      const total = (part: (e: Entry) => number, n: number) => full.slice(0, n).reduce((sum, e) => sum + part(e), 0);
      const parts: [keyof OpcodeCaps, (e: Entry) => number][] = [
        ['maxStack', (e) => e.stack!.length],
        ['maxMemoryWords', (e) => e.memory!.length],
        ['maxStorage', (e) => Object.keys(e.storage!).length],
      ];
      for (const [cap, part] of parts) {
        const kept = full.findIndex((_, i) => i > 0 && part(full[i]) > 0 && i > 20);
        const limit = total(part, kept + 1) - 1;
        const cut = (await body(post, 'storage', ALL, { [cap]: limit })).opcodes;
        assert.equal(cut.length, kept + 1, cap);
        sameSteps(cut.slice(0, kept), full);
        assert.deepEqual(cut[kept], MARKER, cap);
      }
      // A part that was not asked for captures nothing, so its cap never cuts.
      const noMemory = { stack: true, memory: false, storage: false };
      assert.equal((await body(post, 'storage', noMemory, { maxMemoryWords: 1 })).opcodes.length, full.length);
    });

    it('adds a long loop sized to at least the requested number of steps', () => {
      const loop = variant.cases.at(-1)!;
      assert.equal(loop.name, 'long-loop');
      assert.equal(loop.contractId, '0.0.1010');
      assert.ok(loop.steps >= 20_000 && loop.steps < 20_200, `${loop.steps} steps`);
      assert.equal(loop.failed, false);
      assert.deepEqual(
        variant.cases.slice(0, -1).map((c) => c.transactionId),
        post.cases.map((c) => c.transactionId),
      );
    });
  });
});
