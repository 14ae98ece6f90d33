// The Locals oracle: Locals.sol and Guarded.sol emit, right after a local changes, an event carrying its name and value. For each
// locals case, compiled with the optimizer off, on, and with viaIR (with and without the optimizer), run on the
// reference mirror's EVM and fetched over loopback, every LOG step is checked: the debugger's value of the named local
// in the top frame of the call stack (a modifier's own frame while its code runs, a constructor's in a creation), from
// the stack, memory, calldata or storage the trace holds, must equal the event's data. Nothing shown may be
// wrong, in any variant. Legacy code must show every local. IR code may say a local is unavailable, and the share it
// shows is held to SHOWN below: at least 80% without the optimizer (the target). With the optimizer, IR code's
// source map names no identifier (nearly every instruction maps to the whole contract) and the value an expression's
// code leaves on top is no longer its value, so the trace proves little more than the operands of comparisons (a loop
// counter); that share is held to a floor, not to the target (docs/debugger.md, "Locals under viaIR").
import { strict as assert } from 'node:assert';
import type { Abi } from 'viem';
import type { CompilerVariant } from '../../../servers/mirror/evm/compile';
import { LOCALS_CASES } from '../../../servers/mirror/evm/cases';
import { openTransaction, startBuiltMirror, VARIANT_TITLES, type BuiltMirror } from '../helpers/debug-program';
import { checkLocalsAtLogs, oracleEvents, type Tally } from '../helpers/locals-oracle';

/**
 * The share of checks each variant must show (right, since every shown value must be). Under viaIR with the
 * optimizer, the floor is what the loop counter's comparisons give, not the target (see above).
 */
const SHOWN: Record<CompilerVariant, number> = { default: 1, optimized: 1, 'via-ir-unoptimized': 0.8, 'via-ir': 0.05 };

describe('Locals scope against the events of Locals.sol (the oracle)', function () {
  this.timeout(600_000);
  const variants: CompilerVariant[] = ['default', 'optimized', 'via-ir', 'via-ir-unoptimized'];
  const tallies = new Map<CompilerVariant, Tally>();

  after(() => {
    for (const [variant, t] of tallies) {
      const unavailable = t.checks - t.shown;
      console.log(
        `      locals oracle (${variant}): ${t.checks} checks, ${t.shown} shown, ${unavailable} unavailable, ${t.wrong.length} wrong`,
      );
    }
  });

  for (const variant of variants) {
    describe(VARIANT_TITLES[variant], () => {
      let built: BuiltMirror;
      let abi: Abi;
      const tally: Tally = { checks: 0, shown: 0, wrong: [] };

      before(async () => {
        tallies.set(variant, tally);
        built = await startBuiltMirror(variant);
        abi = await oracleEvents(built.dir);
      });
      after(async () => {
        await built?.close();
      });

      for (const spec of LOCALS_CASES) {
        it(`${spec.name}: at every LOG step the named local has the event's value`, async () => {
          const opened = await openTransaction(built, spec.name);
          const logs = checkLocalsAtLogs({ name: spec.name, opened, abi, mayBeUnavailable: variant.startsWith('via-ir') }, tally);
          assert.ok(logs > 0, 'the case emitted no event the trace can read');
          assert.deepEqual(
            tally.wrong.filter((w) => w.startsWith(`${spec.name} `)),
            [],
          );
        });
      }

      it(`shows at least ${SHOWN[variant] * 100}% of the checks, none wrong`, () => {
        assert.ok(tally.checks >= LOCALS_CASES.length, `only ${tally.checks} checks ran`);
        assert.deepEqual(tally.wrong, []);
        assert.ok(tally.shown >= SHOWN[variant] * tally.checks, `${tally.shown} of ${tally.checks} shown`);
      });
    });
  }
});
