// The stack-identity tracker on real traces: the Locals.sol cases compiled by solc (via-IR with and without the
// optimizer, and the legacy pipeline), run on the reference mirror's EVM with post-op (Besu) and pre-op (geth)
// recordings, fetched over loopback. At every step the identity the tracker puts on top shows the word the trace
// records there, DUPn and SWAPn move identities exactly as the EVM moves items, and every other instruction that
// pushes makes a new identity.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompilerVariant } from '../../../servers/mirror/evm/compile';
import { LOCALS_CASES } from '../../../servers/mirror/evm/cases';
import { createEvmTraceProvider } from '../../../servers/mirror/evm/index';
import { startMirror, type RunningMirror } from '../../../servers/mirror/server';
import { resolveNetwork } from '../../../src/core/networks';
import type { ColumnarTrace } from '../../../src/core/trace/trace';
import { StackIdentities } from '../../../src/debug/locals/stack-identities';
import { fetchWithOwnClient } from '../helpers/reference-mirror';

const CALLS = /^(CALL|CALLCODE|DELEGATECALL|STATICCALL|CREATE2?)$/;

const ALL = { stack: true, memory: true, storage: true };
const padded = (word: string) => '0x' + word.slice(2).padStart(64, '0');

/** What the tracker got right over one trace, by the kind of instruction. */
interface Seen {
  dup: number;
  swap: number;
  made: number;
}

/** Checks every step of `trace`; returns how many of each kind were checked. */
function checkTrace(trace: ColumnarTrace, label: string): Seen {
  const postOp = trace.summary.pcConvention === 'post-op';
  const identities = new StackIdentities(trace.columns(), trace.store(), postOp);
  const { op, opNames, frame } = trace.columns();
  const seen: Seen = { dup: 0, swap: 0, made: 0 };
  /** Per frame, the frame's previous step (its result is what the next instruction starts from). */
  const previous = new Map<number, number>();
  const next = new Int32Array(trace.length).fill(-1);
  for (let s = 0; s < trace.length; s++) {
    const p = previous.get(frame[s]);
    if (p !== undefined) next[p] = s;
    previous.set(frame[s], s);
  }
  const before = new Map<number, number>();
  for (let s = 0; s < trace.length; s++) {
    // Where the trace records the stack this step's instruction leaves.
    const shownAt = postOp ? s : next[s];
    const p = before.get(frame[s]);
    before.set(frame[s], s);
    if (shownAt < 0) continue;
    const stack = trace.detail(shownAt).stack!;
    const top = identities.top[s];
    const at = `${label} step ${s} (${opNames[op[s]]})`;
    if (stack.length === 0) {
      assert.equal(top, -1, at);
      continue;
    }
    assert.equal(identities.wordOf(top), padded(stack[stack.length - 1]), at);
    if (stack.length > 1) assert.equal(identities.wordOf(identities.second[s]), padded(stack[stack.length - 2]), at);
    // A call's own step records the stack it suspended with (arguments still on it), not the one it leaves.
    if (p === undefined || identities.top[p] < 0 || CALLS.test(opNames[op[p]])) continue;
    const name = opNames[op[s]];
    if (name === 'DUP1' || name === 'DUP2') {
      assert.equal(top, name === 'DUP1' ? identities.top[p] : identities.second[p], `${at}: a copy is the same value`);
      seen.dup++;
    } else if (name === 'SWAP1') {
      assert.equal(top, identities.second[p], at);
      assert.equal(identities.second[s], identities.top[p], at);
      seen.swap++;
    } else if (/^(ADD|SUB|MUL|LT|GT|EQ|ISZERO|AND|MLOAD|CALLDATALOAD|SLOAD|PUSH\d+)$/.test(name)) {
      assert.equal(identities.madeAt(top), s, `${at}: a computed value is a new identity`);
      seen.made++;
    }
  }
  return seen;
}

describe('stack identities on real traces', function () {
  this.timeout(300_000);
  const runs: Array<{ compiler: CompilerVariant; preOp: boolean }> = [
    { compiler: 'via-ir', preOp: false },
    { compiler: 'via-ir-unoptimized', preOp: false },
    { compiler: 'via-ir-unoptimized', preOp: true },
    { compiler: 'default', preOp: true },
  ];
  for (const { compiler, preOp } of runs) {
    describe(`${compiler}, ${preOp ? 'pre-op' : 'post-op'} recording`, () => {
      let dir: string;
      let mirror: RunningMirror;
      let ids: Map<string, string>;
      before(async () => {
        dir = await mkdtemp(join(tmpdir(), `ledger-identities-${compiler}-`));
        const provider = await createEvmTraceProvider({ compiler, preOp, buildInfoDir: dir });
        ids = new Map(provider.cases.map((c) => [c.name, c.transactionId]));
        mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity });
      });
      after(async () => {
        await mirror?.close();
        await rm(dir, { recursive: true, force: true });
      });

      it('every step: the top identities show the recorded words; DUP copies, SWAP swaps, other ops make new ones', async () => {
        const endpoints = resolveNetwork('custom', { mirrorUrl: mirror.url });
        const total: Seen = { dup: 0, swap: 0, made: 0 };
        for (const spec of LOCALS_CASES) {
          const trace = await fetchWithOwnClient(endpoints, ids.get(spec.name)!, ALL);
          assert.equal(trace.summary.pcConvention, preOp ? 'pre-op' : 'post-op');
          const seen = checkTrace(trace, spec.name);
          total.dup += seen.dup;
          total.swap += seen.swap;
          total.made += seen.made;
        }
        // Each rule was exercised, many times over.
        assert.ok(total.dup > 100 && total.swap > 100 && total.made > 100, JSON.stringify(total));
      });
    });
  }
});
