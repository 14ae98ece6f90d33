// Native calls (precompiles, Hedera system contracts) in the reference mirror's traces, recorded as the node records
// them: one synthetic entry (op "") is a frame of its own that did not revert unless its outcome says so. The frames,
// "next revert" and the gas per frame agree on it; a call's own action settles what the entry's `reason` cannot.
import { strict as assert } from 'node:assert';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { nameFrames } from '../../../../src/core/names/trace-names';
import type { Frame } from '../../../../src/shared/trace-model';
import type { ColumnarTrace } from '../../../../src/core/trace/trace';
import { namingFixture, type NamingFixture } from '../../helpers/naming-fixture';
import type { CaseName } from '../../helpers/reference-mirror';

const NEXT_REVERT = { kind: 'class', opClass: 'revert' } as const;
/** A parts choice no other suite fetches, so the memoised trace here is not one another suite named. */
const OWN_PARTS = { stack: true, memory: false, storage: true };

describe('native calls: frames, next revert and gas agree on the node’s one-entry shape', function () {
  this.timeout(120_000);
  let f: NamingFixture;
  namingFixture((fixture) => (f = fixture));

  const trace = (name: CaseName): Promise<ColumnarTrace> => f.ref.fetch(name, OWN_PARTS);
  const settle = async (name: CaseName, t: ColumnarTrace): Promise<void> => {
    const { actions } = await new MirrorClient(f.ref.endpoints, f.http).contractActions(f.ref.info(name).transactionId);
    nameFrames(t, f.abis, actions);
  };
  const natives = (t: ColumnarTrace): Frame[] => Array.from({ length: t.frameCount() }, (_, i) => t.frame(i)).filter((fr) => fr.native);
  /** Every step "next revert" visits from the start. */
  const revertStops = (t: ColumnarTrace): number[] => {
    const stops: number[] = [];
    for (let s = 0, next = t.navigate(0, NEXT_REVERT); next !== s; s = next, next = t.navigate(s, NEXT_REVERT)) stops.push(next);
    return stops;
  };

  it('a precompile call is one native frame, not reverted, its gas the entry’s gas_cost; nothing to stop at', async () => {
    const t = await trace('permit');
    const [ecrecover] = natives(t);
    assert.ok(ecrecover);
    assert.deepEqual(
      [ecrecover.entryStep, ecrecover.exitStep, ecrecover.reverted, ecrecover.depth],
      [ecrecover.entryStep, ecrecover.entryStep, false, 1],
    );
    assert.equal(ecrecover.gasUsed, t.row(ecrecover.entryStep).gasCost);
    assert.deepEqual(revertStops(t), []);
  });

  it('without actions a system entry’s copied reason reads as a revert; its own action settles it, and next revert stops only at real reverts', async () => {
    const t = await trace('hts-try-catch');
    const [hts] = natives(t);
    assert.ok(hts);
    assert.equal(hts.reverted, true, 'the entry carries the caught Error(string) as reason');
    await settle('hts-try-catch', t);
    assert.equal(hts.reverted, false);
    assert.equal(hts.revert, null);
    const stops = revertStops(t);
    assert.deepEqual(
      stops.map((s) => t.row(s).op),
      ['REVERT'],
      'only the caught check reverted',
    );
    assert.equal(t.row(stops[0]!).depth, 1);
  });

  it('hts-insufficient: after settling, next revert goes past the token-service entry to the caller’s REVERT', async () => {
    const t = await trace('hts-insufficient');
    await settle('hts-insufficient', t);
    assert.deepEqual(
      natives(t).map((n) => n.reverted),
      [false],
    );
    assert.deepEqual(revertStops(t), [t.length - 1]);
  });

  it('a halted call (value sent to 0x167) is reverted, from its entry alone and from its ERROR action', async () => {
    const t = await trace('hts-value');
    const [hts] = natives(t);
    assert.ok(hts);
    assert.equal(hts.reverted, true, 'all the gas it was given is gone');
    await settle('hts-value', t);
    assert.equal(hts.reverted, true);
    assert.deepEqual(revertStops(t), [hts.exitStep]);
  });

  it('a token facade’s DELEGATECALL to 0x167 is a native frame inside the facade’s own frame', async () => {
    const t = await trace('hts-facade');
    const [hts] = natives(t);
    assert.ok(hts);
    const facade = t.frame(hts.parent);
    assert.deepEqual([facade.callType, facade.depth, facade.native, hts.callType, hts.depth], ['CALL', 1, false, 'DELEGATECALL', 2]);
    assert.equal(hts.callee, '0x0000000000000000000000000000000000000167');
    assert.ok(facade.exitStep > hts.exitStep, 'the facade returns after the call');
    assert.deepEqual(revertStops(t), []);
  });

  it('a transaction straight to 0x167 is a one-frame, one-step trace', async () => {
    const t = await trace('hts-direct');
    assert.deepEqual([t.length, t.frameCount(), t.frame(0).native, t.frame(0).reverted], [1, 1, true, false]);
  });
});
