// The right-or-silent oracle over code nobody here wrote (#25): the library corpus (servers/mirror/evm/corpus:
// unmodified OpenZeppelin Contracts, solady, solmate and Uniswap v2-core from the npm registry) compiled four ways,
// its transactions run on the reference mirror's EVM and opened over loopback as the debugger opens them. At every
// stop of every frame, every argument and local a build shows must equal the truth (values-oracle.ts: what the
// legacy unoptimized build holds at the same source position and occurrence, or what the call's input proves), and
// every argument of a function entered by the call must be shown. 0 wrong in every build is the only passing figure;
// the share shown and right is held to floors a little under the figures of docs/debugger.md, not to a target.
import { strict as assert } from 'node:assert';
import type { CompilerVariant } from '../../../servers/mirror/evm/compile';
import { CORPUS_CASES } from '../../../servers/mirror/evm/corpus/cases';
import { VARIANT_TITLES } from '../helpers/debug-program';
import { newTally, runCorpusOracle, Truth, type Tally } from '../helpers/values-oracle';

/** Floors of right / all per build (the figures are in docs/debugger.md and bench/CORPUS.md). */
const RIGHT: Record<CompilerVariant, number> = { default: 0.98, optimized: 0.8, 'via-ir-unoptimized': 0.6, 'via-ir': 0.01 };
/** Out-of-step values (held, at another moment of the same activation) listed per build at most. */
const OUT_OF_STEP: Record<CompilerVariant, number> = { default: 0, optimized: 0, 'via-ir-unoptimized': 10, 'via-ir': 0 };

const figure = (variant: CompilerVariant, t: Tally) =>
  `      corpus oracle (${variant}): ${t.all} values at stops, ${t.shown} shown, ${t.right} right, ${t.unproven} unproven, ` +
  `${t.outOfStep.length} out of step, ${t.wrong.length} wrong (${((100 * t.right) / Math.max(1, t.all)).toFixed(1)}% shown and right)`;

describe('Right or silent on the library corpus (the differential oracle)', function () {
  this.timeout(900_000);
  const truth = new Truth();
  const tallies = new Map<CompilerVariant, Tally>();
  after(() => {
    for (const [variant, t] of tallies) console.log(figure(variant, t));
  });

  for (const variant of ['default', 'optimized', 'via-ir-unoptimized', 'via-ir'] as const) {
    describe(VARIANT_TITLES[variant], () => {
      let tally = newTally();
      let ran: string[] = [];
      before(async () => {
        ({ tally, ran } = await runCorpusOracle(variant, truth));
        tallies.set(variant, tally);
      });

      it('runs the corpus (Uniswap v2-core only in the legacy builds)', () => {
        const uniswap = CORPUS_CASES.filter((c) => c.build === 'uniswap').length;
        assert.equal(ran.length, CORPUS_CASES.length - (variant.startsWith('via-ir') ? uniswap : 0));
        assert.ok(tally.all > 1000, `only ${tally.all} values at stops`);
      });

      it('shows no wrong value, and every argument of a function the call entered', () => {
        assert.deepEqual(tally.wrong, []);
        assert.deepEqual(tally.entryMissing, []);
        assert.ok(tally.outOfStep.length <= OUT_OF_STEP[variant], tally.outOfStep.join('\n'));
      });

      it(`shows at least ${RIGHT[variant] * 100}% of the values, right`, () => {
        assert.ok(tally.right >= RIGHT[variant] * tally.all, figure(variant, tally));
      });
    });
  }
});
