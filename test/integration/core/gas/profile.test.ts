// The gas profile of real reference-mirror traces (solc + @ethereumjs/vm, fetched over loopback): frames' inclusive gas
// against the mirror's own per-frame gas used, inclusive = exclusive + children everywhere, both pc/gas conventions,
// and with the sample workspace's build output the Solidity functions (internal calls from the jump markers) and lines.
import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { profileGas, type GasProfile } from '../../../../src/core/gas/profile';
import { profileView } from '../../../../src/core/gas/view';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { SourceFiles } from '../../../../src/core/sourcemap/source-files';
import { TraceSources } from '../../../../src/core/sourcemap/trace-sources';
import type { ColumnarTrace } from '../../../../src/core/trace/trace';
import { Program } from '../../../../src/core/sourcemap/program';
import type { GasNode } from '../../../../src/shared/gas-profile';
import { startReference, type CaseName, type ReferenceMirror } from '../../helpers/reference-mirror';
import { loadSample, type Sample } from '../../helpers/sample';
import { sampleWorkspace } from '../../helpers/sample-workspace';

const STACK = { stack: true, memory: false, storage: false };

/** Every node's inclusive gas is its exclusive gas plus its children's inclusive gas, exactly. */
function assertAddsUp(nodes: readonly GasNode[]): void {
  nodes.forEach((node, i) => {
    const children = nodes.filter((n) => n.parent === i).reduce((sum, n) => sum + n.inclusive, 0);
    assert.equal(node.inclusive, node.exclusive + children, `node ${i} (${node.label})`);
  });
}

const named = (p: GasProfile, label: string): GasNode => {
  const node = p.nodes.find((n) => n.label === label);
  assert.ok(node, `no node ${label} in ${p.nodes.map((n) => n.label).join(', ')}`);
  return node;
};

describe('gas profile (reference mirror traces)', function () {
  this.timeout(120_000);
  let post: ReferenceMirror;
  let pre: ReferenceMirror;
  let truncated: ReferenceMirror;
  let sample: Sample;
  let http: HttpClient;

  before(async () => {
    // One after the other: the variants share the compiler's output cache.
    post = await startReference('post-op');
    pre = await startReference('pre-op');
    truncated = await startReference('truncated');
    sample = await loadSample();
    http = new HttpClient();
  });
  after(async () => {
    await http.close();
    await Promise.all([post?.close(), pre?.close(), truncated?.close()]);
  });

  const program = (ref: ReferenceMirror, trace: ColumnarTrace) =>
    Program.build(
      trace,
      new TraceSources(trace, sample.index, new SourceFiles(), (address) => new MirrorClient(ref.endpoints, http).contractCode(address)),
      new SourceFiles(),
    );

  for (const name of [
    'nested-call',
    'create',
    'delegatecall',
    'revert-error',
    'internal-call',
    'permit',
    'hts-facade',
    'hts-try-catch',
    'hts-value',
  ] as CaseName[]) {
    it(`${name}: each frame's inclusive gas is the gas the mirror says it used, and the tree adds up`, async () => {
      const trace = await post.fetch(name, STACK);
      const profile = profileGas(trace);
      const { actions } = await new MirrorClient(post.endpoints, http).contractActions(post.info(name).transactionId);
      assert.equal(profile.nodes.length, trace.frameCount());
      // Without names, frames are distinct unless the same callee is called twice from one frame.
      profile.nodes.forEach((node, i) => {
        // A creation's code deposit is paid after its init code returns: by the CREATE step, in the creating frame.
        const creates = trace.frame(i).callType === 'CREATE' || trace.frame(i).callType === 'CREATE2';
        if (!creates) assert.equal(node.inclusive, Number(actions[i].gas_used), `frame ${i}`);
        assert.equal(node.inclusive, trace.frame(i).gasUsed);
        assert.equal(node.firstStep, trace.frame(i).entryStep);
        assert.equal(node.parent, trace.frame(i).parent);
      });
      assert.equal(profile.total, Number(actions[0].gas_used));
      assertAddsUp(profile.nodes);
    });
  }

  it('nested-call: the CALL step is charged its own cost, not the gas it handed to the callee', async () => {
    const trace = await post.fetch('nested-call', STACK);
    const [root, callee] = profileGas(trace).nodes;
    assert.equal(callee.parent, 0);
    assert.ok(callee.inclusive > 0 && root.exclusive > 0);
    // The callee was handed ~63/64 of the caller's gas; had it been charged to the CALL, the root's own gas would dwarf the callee's.
    assert.ok(root.exclusive < 10 * callee.inclusive, `root own ${root.exclusive}, callee ${callee.inclusive}`);
    assert.equal(root.inclusive, root.exclusive + callee.inclusive);
  });

  it('gives the same profile whether the server recorded gas before or after each op', async () => {
    for (const name of ['nested-call', 'create', 'internal-call'] as CaseName[]) {
      const a = profileGas(await post.fetch(name, STACK)).nodes.map(({ inclusive, exclusive }) => ({ inclusive, exclusive }));
      const b = profileGas(await pre.fetch(name, STACK)).nodes.map(({ inclusive, exclusive }) => ({ inclusive, exclusive }));
      assert.deepEqual(b, a, name);
    }
  });

  it('still adds up on a trace the server cut inside a call', async () => {
    const trace = await truncated.fetch('nested-call', STACK);
    assert.ok(trace.summary.truncated);
    const profile = profileGas(trace);
    assertAddsUp(profile.nodes);
    assert.equal(profile.total, trace.frame(0).gasUsed);
  });

  it('internal-call: with the build output, the internal function is a child of the public one, called twice', async () => {
    const trace = await post.fetch('internal-call', STACK);
    const p = profileGas(trace, { functions: await program(post, trace) });
    assert.ok(p.withSources);
    const outer = named(p, 'Calculator.sumOfSquares');
    const square = named(p, 'Calculator.square');
    assert.equal(outer.kind, 'frame');
    assert.equal(outer.parent, -1);
    assert.equal(square.kind, 'function');
    assert.equal(p.nodes[square.parent], outer);
    assert.equal(square.calls, 2);
    // Its first step is where the first call jumped in.
    assert.equal(trace.row(square.firstStep - 1).op, 'JUMP');
    assert.equal(trace.row(square.firstStep).op, 'JUMPDEST');
    assert.ok(square.exclusive > 0);
    assert.equal(p.total, trace.frame(0).gasUsed);
    assertAddsUp(p.nodes);
  });

  it('nested-call: with the build output, frames are named by their public functions and lines add up to the total', async () => {
    const trace = await post.fetch('nested-call', STACK);
    const p = profileGas(trace, { functions: await program(post, trace) });
    const caller = named(p, 'Caller.callDouble');
    const callee = named(p, 'Callee.double');
    assert.equal(p.nodes[callee.parent], caller);
    assert.equal(callee.inclusive, trace.frame(1).gasUsed);
    assert.equal(callee.firstStep, trace.frame(1).entryStep);
    assertAddsUp(p.nodes);

    const lineSum = p.lines.reduce((sum, l) => sum + l.gas, 0);
    assert.ok(lineSum <= p.total && lineSum > 0.9 * p.total, `lines ${lineSum} of ${p.total}`);
    // `calls += 1` writes storage: the hottest line of the trace.
    const text = await readFile(join(await sampleWorkspace(), 'contracts', 'Callee.sol'), 'utf8');
    const hottest = p.lines[0];
    assert.match(hottest.sourceName, /Callee\.sol$/);
    assert.match(text.split('\n')[hottest.line], /calls \+= 1/);
    assert.ok(hottest.openable && hottest.path?.endsWith('Callee.sol'));
  });

  it('sends a bounded tree: small siblings fold into one "other" box and the sums still hold', async () => {
    const trace = await post.fetch('internal-call', STACK);
    const full = profileGas(trace, { functions: await program(post, trace) });
    assert.ok(full.nodes.length >= 2, `${full.nodes.length} nodes`);
    const view = profileView(full, 1, 3);
    assert.equal(view.nodes[0].parent, -1);
    const other = view.nodes.find((n) => n.kind === 'other');
    assert.ok(other);
    assert.equal(other.parent, 0);
    assert.match(other.label, /^other \(\d+\)$/);
    assert.equal(view.merged, full.nodes.length - 1);
    assertAddsUp(view.nodes);
    assert.equal(view.total, full.total);
    assert.ok(view.lines.length <= 3);
    assert.deepEqual(Object.keys(view.lines[0]).sort(), ['gas', 'line', 'openable', 'sourceName']);
  });
});
