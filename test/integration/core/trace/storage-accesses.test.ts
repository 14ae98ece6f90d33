// The storage index (each account's storage from the trace's own SLOAD and SSTORE) on real reference traces. Oracles:
// the recorder's own view of each contract's written slots (kept from the EVM's events, a separate implementation),
// and, on the shared-slots case, the values the contracts' code must leave (Router and Ledger share slots 0 and 1).
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeTraceFile } from '../../../../src/core/opcodes-client';
import { encodeAbiParameters, keccak256, numberToHex, type Hex } from 'viem';
import { storageAccessesOf, storageMismatch, storageWord, type StorageAccesses } from '../../../../src/core/trace/storage-accesses';
import type { ColumnarTrace } from '../../../../src/core/trace/trace';
import {
  CASE_NAMES,
  DEBUG_CASE_NAMES,
  HTS_CASE_NAMES,
  NATIVE_CASE_NAMES,
  startReference,
  type CaseName,
  type ReferenceMirror,
} from '../../helpers/reference-mirror';

const ALL_CASES: CaseName[] = [...CASE_NAMES, ...HTS_CASE_NAMES, ...DEBUG_CASE_NAMES, ...NATIVE_CASE_NAMES];
const word = (n: bigint | number) => numberToHex(BigInt(n), { size: 32 });

/** The written slots the index proves at `step` for the account `step`'s frame runs on. */
function writtenAt(trace: ColumnarTrace, step: number): Record<string, string> {
  const index = storageAccessesOf(trace);
  const out: Record<string, string> = {};
  for (const [slot, s] of index.stateAt(step, index.accountOf(trace.row(step).frame))) if (s.written) out[slot] = s.value;
  return out;
}

/** The recorder's written slots of the current contract (the reference mirror's per-contract storage map). */
function recorded(trace: ColumnarTrace, step: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(trace.detail(step).storage ?? {})) out[storageWord(k)!] = storageWord(v)!;
  return out;
}

/** Every case with its mirror's storage map, and the index of it. */
async function eachCase(
  ref: ReferenceMirror,
  check: (name: CaseName, trace: ColumnarTrace, index: StorageAccesses) => void,
): Promise<void> {
  for (const name of ALL_CASES) {
    const trace = await ref.fetch(name, { stack: true, memory: false, storage: true });
    check(name, trace, storageAccessesOf(trace));
  }
}

for (const variant of ['storage-v0.129', 'post-op', 'pre-op'] as const) {
  describe(`storage from the trace's own SLOAD and SSTORE (${variant})`, () => {
    let ref: ReferenceMirror;
    before(async function () {
      this.timeout(180_000);
      ref = await startReference(variant);
    });
    after(() => ref?.close());

    if (variant === 'storage-v0.129') {
      it('writes, at every step of every case, exactly the slots the recorder saw the current contract write', async function () {
        this.timeout(60_000);
        let writes = 0;
        await eachCase(ref, (name, trace, index) => {
          writes += index.accounts.reduce((n, a) => n + index.accessesOf(a).filter((x) => x.kind === 'write').length, 0);
          for (let s = 0; s < trace.length; s++) assert.deepEqual(writtenAt(trace, s), recorded(trace, s), `${name} step ${s}`);
        });
        assert.ok(writes > 10, 'the cases write storage');
      });
      return;
    }

    it("reads and writes, at every step of every one-account case, exactly the newest mirror's transaction-wide map", async function () {
      this.timeout(60_000);
      let checked = 0;
      await eachCase(ref, (name, trace, index) => {
        const touched = index.accounts.filter((a) => index.accessesOf(a).length > 0);
        if (touched.length > 1) return;
        checked++;
        for (let s = 0; s < trace.length; s++) {
          // A native call's one entry carries no storage (as the mirror's precompile entries).
          if (trace.frame(trace.row(s).frame).native) continue;
          const proved = touched.length ? index.storageAt(s, touched[0]) : {};
          assert.deepEqual(proved, recorded(trace, s), `${name} step ${s}`);
        }
      });
      assert.ok(checked > 10);
    });

    it('keeps two contracts that use the same slot numbers apart, and marks slots only read as read', async () => {
      const trace = await ref.fetch('shared-slots', { stack: true, memory: false, storage: false });
      const index = storageAccessesOf(trace);
      const router = trace.frame(0);
      const ledger = trace.frame(1);
      assert.equal(ledger.parent, 0);
      const last = trace.length - 1;
      const routerState = index.stateAt(last, index.accountOf(router.index));
      const ledgerState = index.stateAt(last, index.accountOf(ledger.index));
      assert.deepEqual(routerState.get(word(0)), { value: word(1), written: true });
      assert.deepEqual(routerState.get(word(1)), { value: word(BigInt(ledger.callee!)), written: false });
      assert.deepEqual(ledgerState.get(word(0)), { value: word(250), written: true });
      assert.deepEqual(ledgerState.get(word(1)), { value: word(1_000_000), written: false });
      const balanceSlots = [...ledgerState.keys()].filter((k) => k !== word(0) && k !== word(1));
      assert.equal(balanceSlots.length, 1, 'one mapping entry');
      assert.deepEqual(ledgerState.get(balanceSlots[0]), { value: word(250), written: true });
      assert.equal(routerState.size, 2);
      // Before Router's frame called Ledger, Ledger's storage is empty in the trace.
      assert.equal(index.stateAt(ledger.entryStep - 1, index.accountOf(ledger.index)).size, 0);
    });

    it('finds the mapping slot the contract hashed (keccak256(key . 2))', async () => {
      const trace = await ref.fetch('shared-slots', { stack: true, memory: false, storage: false });
      const index = storageAccessesOf(trace);
      const ledger = index.accountOf(1);
      const slot = [...index.stateAt(trace.length - 1, ledger).keys()].find((k) => k !== word(0) && k !== word(1))!;
      const senders = [...new Set(index.accessesOf(ledger).map((a) => a.slot))];
      assert.ok(senders.includes(slot));
      // The key is the transaction's sender; whatever it is, the slot is keccak256(sender . 2) for some 20-byte key.
      const callerWords = Array.from({ length: trace.length }, (_, s) => trace.stackItem(s, 0)).filter(
        (w): w is string => w !== null && w.length <= 42 && w.length > 30,
      );
      const matches = callerWords.some(
        (w) => keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [BigInt(w), 2n])) === (slot as Hex),
      );
      assert.ok(matches, 'the slot is a balances entry');
    });

    it("notes once that a mirror's map disagrees with the trace, and shows the trace's value", async () => {
      const body = JSON.parse(await ref.body('storage')) as { opcodes: { storage: Record<string, string> | null }[] };
      const last = body.opcodes.at(-1)!;
      const count = word(0);
      assert.equal(last.storage?.[count], word(1));
      last.storage = { ...last.storage, [count]: word(7) };
      const dir = mkdtempSync(join(tmpdir(), 'ledger-storage-'));
      try {
        writeFileSync(join(dir, 'trace.json'), JSON.stringify(body));
        const trace = await decodeTraceFile(join(dir, 'trace.json'));
        assert.match(storageMismatch(trace) ?? '', /disagrees with the trace at slot 0x0{64} \(0x0{63}7\)/);
        const index = storageAccessesOf(trace);
        assert.equal(index.storageAt(trace.length - 1, index.accountOf(0))[count], word(1), "the trace's own value");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('has no storage without the stack, and says nothing about a mirror map it agrees with', async () => {
      const bare = await ref.fetch('storage', { stack: false, memory: false, storage: true });
      assert.equal(storageAccessesOf(bare).available, false);
      assert.equal(storageAccessesOf(bare).count, 0);
      const full = await ref.fetch('storage', { stack: true, memory: false, storage: true });
      assert.equal(storageMismatch(full), null);
    });
  });
}
