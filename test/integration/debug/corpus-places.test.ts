// Frames, breakpoints and revert places a user can trust (issue #25 §3, §3b), in every build: the reference
// mirror's contracts and its corpus of unmodified registry libraries (OpenZeppelin, solady, solmate, Uniswap v2 on
// solc 0.5.16), compiled legacy and via-IR, each with the optimizer off and on, run on its EVM and fetched over
// loopback. At every stop no frame is misnamed (its name is the function whose AST range holds its line), none is
// named for the bare contract, no modifier shows twice; every verified breakpoint stops at its line, on a line the
// unoptimized build runs; every revert is placed inside the function the unoptimized build places it in.
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvmTraceProvider } from '../../../servers/mirror/evm/index';
import type { CompilerVariant } from '../../../servers/mirror/evm/compile';
import { CORPUS_CASES } from '../../../servers/mirror/evm/corpus/cases';
import { startMirror, type RunningMirror } from '../../../servers/mirror/server';
import { HttpClient } from '../../../src/core/http';
import { MirrorClient } from '../../../src/core/mirror/client';
import { resolveNetwork } from '../../../src/core/networks';
import { discoverArtifacts } from '../../../src/core/sourcemap/discover';
import { ArtifactIndex } from '../../../src/core/sourcemap/match';
import { SourceFiles } from '../../../src/core/sourcemap/source-files';
import { TraceSources } from '../../../src/core/sourcemap/trace-sources';
import { Program } from '../../../src/core/sourcemap/program';
import { locateStep } from '../../../src/core/sourcemap/step-place';
import { pairActions } from '../../../src/debug/actions';
import type { CallInputs } from '../../../src/debug/call-name';
import { fetchWithOwnClient } from '../helpers/reference-mirror';
import { breakpointProblems, frameProblems, placesTruth, revertProblems, type PlacesTruth } from './places-oracle';

/** The reference mirror's cases with modifiers, internal calls, reverts in modifiers and functions, and loops. */
const CASES = [
  'locals-loops',
  'locals-shadowing',
  'locals-storage',
  'locals-unchecked',
  'locals-modifiers',
  'modifier-revert',
  'internal-call',
  'custom-error',
  'revert-error',
  'panic',
  'nested-call',
  'dynamic-args',
];

const VARIANTS: CompilerVariant[] = ['default', 'optimized', 'via-ir-unoptimized', 'via-ir'];

describe('frames, breakpoints and revert places in every build (#25 §3, §3b)', function () {
  this.timeout(600_000);
  /** Per case: what the legacy unoptimized build shows, the truth the others are held to. */
  const truths = new Map<string, PlacesTruth>();

  for (const variant of VARIANTS) {
    describe(variant, () => {
      let dir: string;
      let mirror: RunningMirror;
      let http: HttpClient;
      let index: ArtifactIndex;
      let ids: Map<string, string>;
      /** Breakpoints verified over the variant's cases: via-IR optimized code maps whole functions to the contract. */
      const tally = { verified: 0, cases: 0 };

      before(async () => {
        dir = await mkdtemp(join(tmpdir(), `ledger-places-${variant}-`));
        const provider = await createEvmTraceProvider({ compiler: variant, corpus: true, buildInfoDir: dir });
        ids = new Map(provider.cases.map((c) => [c.name, c.transactionId]));
        mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity });
        http = new HttpClient();
        index = new ArtifactIndex((await discoverArtifacts(dir)).artifacts);
      });
      after(async () => {
        await http?.close();
        await mirror?.close();
        await rm(dir, { recursive: true, force: true });
      });

      /** The case's Program, and each call's input as the mirror's actions hold it. */
      async function programOf(name: string): Promise<{ p: Program; inputs: CallInputs; sources: TraceSources; files: SourceFiles }> {
        const endpoints = resolveNetwork('custom', { mirrorUrl: mirror.url });
        const id = ids.get(name)!;
        const trace = await fetchWithOwnClient(endpoints, id, { stack: true, memory: true, storage: true });
        const sources = new TraceSources(trace, index, new SourceFiles(), (address) =>
          new MirrorClient(endpoints, http).contractCode(address),
        );
        const paired = pairActions(trace, (await new MirrorClient(endpoints, http).contractActions(id)).actions);
        const files = new SourceFiles();
        return { p: await Program.cached(trace, sources, files), inputs: (f) => paired[f]?.input ?? undefined, sources, files };
      }

      // Uniswap v2-core's solc 0.5.16 has no via-IR: its cases run in the legacy builds only.
      const corpus = CORPUS_CASES.filter((c) => c.build !== 'uniswap' || !variant.startsWith('via-ir')).map((c) => c.name);
      for (const name of [...CASES, ...corpus]) {
        it(`${name}: no misnamed or repeated frame, every verified breakpoint stops on a line that runs, every revert in its function`, async () => {
          const { p, inputs, sources, files } = await programOf(name);
          if (variant === 'default') truths.set(name, placesTruth(p, inputs));
          const truth = truths.get(name);
          assert.ok(truth, 'the legacy unoptimized build runs first');
          const label = `${variant} ${name}`;
          const bps = breakpointProblems(p, label, truth);
          const reverts = revertProblems(p, label, truth, inputs);
          const problems = [...frameProblems(p, label, inputs), ...bps.problems, ...reverts.problems];
          // The stepper's editor places a revert where the debugger does.
          for (const step of p.reverts) {
            const shown = await locateStep(p.trace, sources, files, step);
            const place = p.placeOf(step);
            const line = shown.kind === 'source' ? shown.location.startLine : shown.caller?.startLine;
            if (place && line !== place.line)
              problems.push(`${label} revert step ${step}: the stepper shows line ${line}, the debugger ${place.line}`);
          }
          assert.deepEqual(problems, []);
          tally.verified += bps.verified;
          tally.cases++;
        });
      }

      it('verifies breakpoints on most cases', () => {
        assert.ok(tally.verified >= tally.cases, `${tally.verified} breakpoints verified over ${tally.cases} cases`);
      });
    });
  }
});
