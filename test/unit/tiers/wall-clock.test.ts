// No test outside bench/ asserts how long something took: the integration, in-VS-Code and e2e tiers wait on
// conditions and move fake clocks instead (CONTRIBUTING: "No wall-clock timing").
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { timedAssertions } from './wall-clock';

const TIERS = ['test/integration', 'test/vscode', 'test/e2e'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|mjs|js)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('test tiers: no wall-clock assertions', () => {
  it('finds an assertion on a Date.now() or performance.now() delta, directly or through a name set from one', () => {
    const cases: [source: string, lines: number[]][] = [
      [`const t0 = performance.now();\nawait go();\nassert.ok(performance.now() - t0 < 100);`, [3]],
      [`requests.push({ url, at: Date.now() });\n…\nassert.ok(\n  requests[1].at - requests[0].at >= 950,\n  'gap');`, [3]],
      [`const started = Date.now();\nexpect(Date.now() - started).toBeLessThan(10_000);`, [2]],
      [`const at = reqs.map(() => performance.now());\nconst gap = at[1] - at[0];\nassert.ok(gap >= 950);`, [3]],
    ];
    for (const [source, lines] of cases)
      assert.deepEqual(
        timedAssertions(source).map((f) => f.line),
        lines,
        source,
      );
  });

  it('leaves alone clocks that are not asserted on, and assertions that read no clock', () => {
    const source = `const until = Date.now() + 5000;\nwhile (Date.now() < until) await tick();\nassert.equal(count, 3);\nassert.ok(clock.now() >= 1000);`;
    assert.deepEqual(timedAssertions(source), []);
  });

  for (const tier of TIERS) {
    it(`${tier}: no test asserts a wall-clock duration`, () => {
      const found = sources(tier).flatMap((file) => timedAssertions(readFileSync(file, 'utf8')).map((f) => `${file}:${f.line}: ${f.text}`));
      assert.deepEqual(found, [], 'wait on a condition or move a FakeClock (test/helpers/fake-clock.ts) instead; measure speed in bench/');
    });
  }
});
