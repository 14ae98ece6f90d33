// The Locals index scans the trace only as far as a question needs (and the rest in the background): a step's locals
// must not depend on how far the pass had run when it was asked. Checked on the reference mirror's long loop (Looper:
// a return variable and a local in a loop of hundreds of iterations) against the sample workspace's build output.
import { strict as assert } from 'node:assert';
import { discoverArtifacts } from '../../../src/core/sourcemap/discover';
import { ArtifactIndex } from '../../../src/core/sourcemap/match';
import { Program } from '../../../src/core/sourcemap/program';
import { SourceFiles } from '../../../src/core/sourcemap/source-files';
import { TraceSources } from '../../../src/core/sourcemap/trace-sources';
import { LocalSlots, type LocalsAt } from '../../../src/debug/locals/slots';
import type { ColumnarTrace } from '../../../src/core/trace/trace';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';
import { sampleWorkspace } from '../helpers/sample-workspace';

/** What a step's answer says: the activation and each variable's name, role and slot. */
const said = (at: LocalsAt) =>
  'unavailable' in at ? at.unavailable : `${at.fn}: ${at.variables.map((v) => `${v.decl.name}/${v.role}@${v.slot}`).join(' ')}`;

describe('Locals index: the answer at a step does not depend on how far the pass has run', function () {
  this.timeout(180_000);
  let ref: ReferenceMirror;
  let trace: ColumnarTrace;
  let program: () => Promise<Program>;

  before(async () => {
    const [reference, ws] = await Promise.all([startReference('long'), sampleWorkspace()]);
    ref = reference;
    trace = await ref.fetch('long-loop', { stack: true, memory: false, storage: false });
    const index = new ArtifactIndex((await discoverArtifacts(ws)).artifacts);
    // A fresh Program each time: the index is kept per Program.
    program = () => Program.build(trace, new TraceSources(trace, index, new SourceFiles(), undefined), new SourceFiles());
  });
  after(() => ref?.close());

  it('asked in order, asked from the last step back, and asked after a jump ahead give the same locals', async () => {
    const inOrder = LocalSlots.of(await program());
    const forward = Array.from({ length: trace.length }, (_, s) => said(inOrder.at(s)));

    const fromEnd = LocalSlots.of(await program());
    const backward: string[] = [];
    for (let s = trace.length - 1; s >= 0; s--) backward[s] = said(fromEnd.at(s));
    assert.deepEqual(backward, forward);

    const jumping = LocalSlots.of(await program());
    const middle = Math.floor(trace.length / 2);
    assert.equal(said(jumping.at(middle)), forward[middle]);
    for (let s = 0; s < trace.length; s += 97) assert.equal(said(jumping.at(s)), forward[s], `step ${s}`);

    // The loop's body shows the return variable and the loop's locals.
    const body = forward.filter((x) => / acc\/return@\d+ i\/local@\d+/.test(x));
    assert.ok(body.length > trace.length / 10, `the loop's locals show at ${body.length} of ${trace.length} steps`);
  });
});
