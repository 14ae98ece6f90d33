// `npm run bench:corpus`: the right-or-silent oracle over the library corpus (test/integration/debug/
// corpus-oracle.test.ts runs the same in `npm test`), printed as the table docs/debugger.md gives and written to
// bench/CORPUS.md with every out-of-step and wrong value listed.
import type { CompilerVariant } from '../servers/mirror/evm/compile';
import { VARIANT_TITLES } from '../test/integration/helpers/debug-program';
import { FIGURES_HEADER, figuresRow, runCorpusOracle, Truth, type Tally } from '../test/integration/helpers/values-oracle';
import { report } from './long-loop';

const VARIANTS: CompilerVariant[] = ['default', 'optimized', 'via-ir-unoptimized', 'via-ir'];

async function main(): Promise<void> {
  const truth = new Truth();
  const results: Array<[CompilerVariant, Tally, number]> = [];
  for (const variant of VARIANTS) {
    const { tally, ran } = await runCorpusOracle(variant, truth);
    results.push([variant, tally, ran.length]);
  }
  const table = [...FIGURES_HEADER, ...results.map(([v, t]) => figuresRow(VARIANT_TITLES[v], t))];
  const listed = results.flatMap(([v, t]) => [
    ...t.outOfStep.map((line) => `- out of step: ${line}`),
    ...t.wrong.map((line) => `- WRONG: ${line}`),
    ...t.entryMissing.map((line) => `- ARGUMENT NOT SHOWN: ${line}`),
    ...(t.outOfStep.length + t.wrong.length + t.entryMissing.length === 0 ? [`- ${VARIANT_TITLES[v]}: none`] : []),
  ]);
  const text = [
    '# The library corpus oracle',
    '',
    'Written by `npm run bench:corpus` (bench/corpus.ts): every argument and local the debugger shows at every stop of',
    'every frame of the corpus transactions (servers/mirror/evm/corpus), per build, against the legacy unoptimized',
    "build's values at the same place or the call's input. Cases run per build: " +
      results.map(([v, , n]) => `${VARIANT_TITLES[v]} ${n}`).join(', ') +
      '.',
    '',
    ...table,
    '',
    '## Values listed',
    '',
    ...listed,
    '',
  ].join('\n');
  report('CORPUS.md', [text]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
