// The one source lookup the CLI, the extension and the standalone adapter share: when it gives sources, when it asks
// the verification server (only with the mirror's code), and that a run shared by a trace's features is theirs to end.
import { strict as assert } from 'node:assert';
import { sourceLookup } from '../../../../src/core/sourcemap/source-lookup';
import { ArtifactIndex } from '../../../../src/core/sourcemap/match';
import { SourceFiles } from '../../../../src/core/sourcemap/source-files';
import { VerifiedRun } from '../../../../src/core/verified/verified-run';
import type { VerifiedSources } from '../../../../src/core/verified/verified-sources';
import type { Trace } from '../../../../src/shared/trace-model';

const ADDRESS = '0x00000000000000000000000000000000000004d2';
const trace = {} as Trace;
const empty = { index: new ArtifactIndex([]), files: new SourceFiles() };
const code = () => Promise.resolve(undefined);

/** A verification server that counts what it is asked and knows no contract. */
function server(): VerifiedSources & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    stats: { requests: 0, cached: 0 },
    artifact: (address: string) => {
      asked.push(address);
      return Promise.resolve(undefined);
    },
  } as unknown as VerifiedSources & { asked: string[] };
}

describe('source lookup', () => {
  it('gives no sources without build output or a verification server', () => {
    const lookup = sourceLookup(trace, empty, code, undefined);
    assert.equal(lookup.sources, undefined);
    assert.equal(lookup.run, undefined);
  });

  it('asks the verification server only with the code that ran (a trace file has none)', () => {
    assert.equal(sourceLookup(trace, empty, undefined, server()).sources, undefined);
    const lookup = sourceLookup(trace, empty, code, server());
    assert.ok(lookup.sources);
    assert.ok(lookup.run instanceof VerifiedRun);
    lookup.dispose();
  });

  it('asks each address once per run, and a run given is shared, not replaced', async () => {
    const verified = server();
    const run = new VerifiedRun(verified);
    const first = sourceLookup(trace, empty, code, run);
    const second = sourceLookup(trace, empty, code, run);
    assert.equal(first.run, run);
    assert.equal(second.run, run);
    await first.run?.lookup(ADDRESS);
    await second.run?.lookup(ADDRESS.toUpperCase().replace('0X', '0x'));
    assert.deepEqual(verified.asked, [ADDRESS]);
    run.dispose();
  });
});
