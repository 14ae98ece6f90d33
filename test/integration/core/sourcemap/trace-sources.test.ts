// Mapping real reference-mirror traces (solc + @ethereumjs/vm, fetched through the opcodes client over loopback)
// onto the sample workspace's Solidity, the way the extension does: code from the mirror's /contracts endpoint.
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { discoverArtifacts } from '../../../../src/core/sourcemap/discover';
import { ArtifactIndex } from '../../../../src/core/sourcemap/match';
import { SourceFiles } from '../../../../src/core/sourcemap/source-files';
import { TraceSources, type CodeLookup, type StepSource } from '../../../../src/core/sourcemap/trace-sources';
import type { Trace } from '../../../../src/shared/trace-model';
import { startReference, type CaseName, type ReferenceMirror } from '../../helpers/reference-mirror';
import { copySources, sampleBuildInfo, writeFoundry } from '../../helpers/layouts';
import { sampleWorkspace } from '../../helpers/sample-workspace';
import { loadSample, type Sample } from '../../helpers/sample';

/** 0-based line and UTF-16 column of `needle` in a sample source file. */
async function where(file: string, needle: string): Promise<{ line: number; col: number }> {
  const text = await readFile(join(await sampleWorkspace(), 'contracts', file), 'utf8');
  const index = text.indexOf(needle);
  assert.ok(index >= 0, `${needle} not in ${file}`);
  const before = text.slice(0, index).split('\n');
  return { line: before.length - 1, col: before[before.length - 1].length };
}

/** Steps (in order) whose op is `op`, optionally at `depth`. */
function stepsOf(trace: Trace, op: string, depth?: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < trace.length; i++) {
    const r = trace.row(i);
    if (r.op === op && (depth === undefined || r.depth === depth)) out.push(i);
  }
  return out;
}

function mapped(s: StepSource): Extract<StepSource, { kind: 'source' }>['location'] {
  assert.equal(s.kind, 'source', s.kind === 'none' ? `step ${s.step}: ${s.reason}: ${s.message}` : '');
  return s.location;
}

describe('trace steps → Solidity (reference mirror traces)', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let sample: Sample;
  let http: HttpClient;
  let lookups: string[];
  const lookup: CodeLookup = (address) => {
    lookups.push(address);
    return new MirrorClient(ref.endpoints, http).contractCode(address);
  };
  const sources = (trace: Trace, index = sample.index, code: CodeLookup | undefined = lookup) =>
    new TraceSources(trace, index, new SourceFiles(), code);

  before(async () => {
    [ref, sample] = await Promise.all([startReference('post-op'), loadSample()]);
    http = new HttpClient();
  });
  beforeEach(() => {
    lookups = [];
  });
  after(async () => {
    await http.close();
    await ref.close();
  });

  it('the REVERT inside the callee lands on its require line, in the workspace file as compiled', async () => {
    const trace = await ref.fetch('revert-error');
    const [revert] = stepsOf(trace, 'REVERT', 1);
    const at = mapped(await sources(trace).locate(revert));
    const want = await where('Callee.sol', 'require(amount == 0');
    assert.equal(at.contract, 'Callee');
    assert.equal(at.sourceName, 'contracts/Callee.sol');
    assert.equal(at.sourcePath, join(await sampleWorkspace(), 'contracts/Callee.sol'));
    assert.equal(at.compiled, true);
    assert.equal(at.metadataDiffers, false);
    assert.deepEqual([at.startLine, at.startCol], [want.line, want.col]);
    assert.deepEqual([at.endLine, at.endCol], [want.line, want.col + 'require(amount == 0, "Callee: amount must be zero")'.length]);
  });

  it("the caller's bubbling REVERT lands on the call in the caller", async () => {
    const trace = await ref.fetch('revert-error');
    const last = stepsOf(trace, 'REVERT', 0).at(-1)!;
    const at = mapped(await sources(trace).locate(last));
    assert.equal(at.contract, 'Caller');
    assert.equal(at.startLine, (await where('Caller.sol', 'callee.check(amount)')).line);
  });

  it('asks the mirror once per code address', async () => {
    const trace = await ref.fetch('nested-call');
    const s = sources(trace);
    for (let i = 0; i < trace.length; i++) await s.locate(i);
    assert.deepEqual([...lookups].sort(), [trace.frame(0).callee, trace.frame(1).callee].sort());
  });

  /** `generated`: the step runs a compiler routine; the line is the Solidity that called it. */
  const landings: Array<{ name: CaseName; op: string; depth: number; contract: string; file: string; needle: string; generated?: true }> = [
    { name: 'nested-call', op: 'CALL', depth: 0, contract: 'Caller', file: 'Caller.sol', needle: 'callee.double(x)' },
    { name: 'nested-call', op: 'SSTORE', depth: 1, contract: 'Callee', file: 'Callee.sol', needle: 'calls += 1' },
    {
      name: 'custom-error',
      op: 'REVERT',
      depth: 0,
      contract: 'Vault',
      file: 'Vault.sol',
      needle: 'revert InsufficientBalance(available, amount)',
    },
    // The division check and the Panic revert are solc's generated routines, reached from the division.
    { name: 'panic', op: 'REVERT', depth: 0, contract: 'Calculator', file: 'Calculator.sol', needle: 'a / b', generated: true },
    // DELEGATECALL runs the library's code (on the caller's storage): the library's source.
    { name: 'delegatecall', op: 'MUL', depth: 1, contract: 'MathLib', file: 'MathLib.sol', needle: 'a * b', generated: true },
    { name: 'delegatecall', op: 'RETURN', depth: 1, contract: 'MathLib', file: 'MathLib.sol', needle: 'function mulAdd' },
    { name: 'delegatecall', op: 'SSTORE', depth: 0, contract: 'LibUser', file: 'LibUser.sol', needle: 'result = MathLib.mulAdd(a, b, c)' },
    // CREATE and CREATE2 frames run Child's init code: its constructor.
    { name: 'create', op: 'SSTORE', depth: 1, contract: 'Child', file: 'Child.sol', needle: 'value = initial' },
    { name: 'create', op: 'CREATE2', depth: 0, contract: 'Factory', file: 'Factory.sol', needle: 'new Child{salt: salt}(value + 1)' },
    { name: 'logs', op: 'LOG3', depth: 0, contract: 'Events', file: 'Events.sol', needle: 'emit Transfer' },
    { name: 'logs', op: 'LOG0', depth: 0, contract: 'Events', file: 'Events.sol', needle: 'log0(0, 0)' },
  ];
  for (const { name, op, depth, contract, file, needle, generated } of landings) {
    it(`${name}: ${op} at depth ${depth} lands in ${contract} on "${needle}"${generated ? ' (called from there)' : ''}`, async () => {
      const trace = await ref.fetch(name);
      const steps = stepsOf(trace, op, depth);
      assert.ok(steps.length > 0, `no ${op} at depth ${depth}`);
      const want = await where(file, needle);
      const s = sources(trace);
      for (const step of steps) {
        const found = await s.locate(step);
        assert.equal(found.kind === 'none' && found.reason === 'generated', generated === true, `step ${step}: ${found.kind}`);
        const at = found.kind === 'none' ? found.caller : found.location;
        assert.ok(at, `step ${step} has no location`);
        assert.equal(at.contract, contract);
        assert.ok(
          at.startLine <= want.line && want.line <= at.endLine,
          `step ${step} (${op}) is on lines ${at.startLine}-${at.endLine}, not ${want.line}`,
        );
      }
    });
  }

  it('both created children map to Child, though the mirror has no address for a creation', async () => {
    const trace = await ref.fetch('create');
    const s = sources(trace);
    const children = [1, 2].map((i) => trace.frame(i));
    assert.deepEqual(
      children.map((f) => f.callType),
      ['CREATE', 'CREATE2'],
    );
    for (const f of children) assert.equal(mapped(await s.locate(f.entryStep + 5)).contract, 'Child');
  });

  it('compiler-generated code (ABI decoding) has no line, and says so', async () => {
    const trace = await ref.fetch('revert-error');
    const s = sources(trace);
    let generated: StepSource | undefined;
    for (let i = 0; i < trace.length && !generated; i++) {
      const r = await s.locate(i);
      if (r.kind === 'none') generated = r;
    }
    assert.ok(generated?.kind === 'none');
    assert.equal(generated.reason, 'generated');
    assert.equal(generated.contract, 'Caller');
    assert.match(generated.message, /generated for Caller/);
    // The ABI decoder runs on entry to callCheck: that is where it was called from.
    assert.equal(generated.caller?.startLine, (await where('Caller.sol', 'function callCheck')).line);
  });

  it('a trace fetched without stacks (no call targets) is mapped by the ops each frame ran', async () => {
    const trace = await ref.fetch('revert-error', { stack: false, memory: false, storage: false });
    assert.equal(trace.frame(1).callee, null);
    const [revert] = stepsOf(trace, 'REVERT', 1);
    const at = mapped(await sources(trace).locate(revert));
    assert.equal(at.contract, 'Callee');
    assert.equal(at.startLine, (await where('Callee.sol', 'require(amount == 0')).line);
  });

  it('geth-style (pre-op) traces map the same steps to the same lines', async () => {
    const pre = await startReference('pre-op');
    try {
      const trace = await pre.fetch('revert-error');
      const [revert] = stepsOf(trace, 'REVERT', 1);
      const at = mapped(
        await new TraceSources(trace, sample.index, new SourceFiles(), (a) => new MirrorClient(pre.endpoints, http).contractCode(a)).locate(
          revert,
        ),
      );
      assert.equal(at.startLine, (await where('Callee.sol', 'require(amount == 0')).line);
    } finally {
      await pre.close();
    }
  });

  it('without the mirror (a trace file offline), frames are still recognised by their ops', async () => {
    const trace = await ref.fetch('delegatecall');
    const [ret] = stepsOf(trace, 'RETURN', 1);
    assert.equal(mapped(await sources(trace, sample.index, undefined).locate(ret)).contract, 'MathLib');
    const failing: CodeLookup = () => Promise.reject(new Error('connection refused'));
    assert.equal(mapped(await sources(trace, sample.index, failing).locate(ret)).contract, 'MathLib');
  });

  it('no matching artifact: says which address, or why the mirror could not tell', async () => {
    const trace = await ref.fetch('revert-error');
    const empty = new ArtifactIndex([]);
    const none = await sources(trace, empty).locate(0);
    assert.equal(none.kind, 'none');
    assert.equal(none.reason, 'no-match');
    assert.equal(none.address, trace.summary.address.toLowerCase());
    assert.equal(none.message, `No build artifacts match ${trace.summary.address.toLowerCase()}.`);

    const gone = await sources(trace, empty, () => Promise.resolve(undefined)).locate(0);
    assert.equal(gone.kind === 'none' && gone.message, `The mirror has no contract at ${trace.summary.address.toLowerCase()}.`);

    const failing = await sources(trace, empty, () => Promise.reject(new Error('connection refused'))).locate(0);
    assert.equal(failing.kind === 'none' && failing.reason, 'lookup-failed');
    assert.match((failing as { message: string }).message, /Could not get the code at 0x[0-9a-f]{40} from the mirror: connection refused/);
  });

  for (const [name, file, line] of [
    ['permit', 'Permit.sol', 'address signer = ecrecover('],
    ['hts-transfer', 'TokenSender.sol', '(bool ok, bytes memory result) = HTS.call('],
  ] as const) {
    it(`${name}: a native call has no code to match (no "No build artifacts" warning) and stays on the line that made it`, async () => {
      const trace = await ref.fetch(name);
      const [entry] = stepsOf(trace, '');
      assert.ok(entry !== undefined);
      const found = await sources(trace).locate(entry);
      assert.equal(found.kind === 'none' && found.reason, 'native', found.kind === 'none' ? found.message : '');
      assert.ok(found.kind === 'none' && !found.message.includes('No build artifacts'), found.kind === 'none' ? found.message : '');
      assert.ok(!lookups.includes(trace.frame(trace.row(entry).frame).callee!), 'the mirror is not asked for code that does not exist');
      assert.equal(found.kind === 'none' && found.caller?.startLine, (await where(file, line)).line);
    });
  }

  it('Foundry layout: the same steps, with the text read from the workspace file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sourcemap-foundry-'));
    try {
      await writeFoundry(dir, await sampleBuildInfo());
      await copySources(dir);
      const trace = await ref.fetch('revert-error');
      const [revert] = stepsOf(trace, 'REVERT', 1);
      const at = mapped(await sources(trace, new ArtifactIndex((await discoverArtifacts(dir)).artifacts)).locate(revert));
      assert.equal(at.compiled, false);
      assert.equal(at.sourcePath, join(dir, 'contracts/Callee.sol'));
      assert.equal(at.startLine, (await where('Callee.sol', 'require(amount == 0')).line);
      // Without the file, and without a copy in the build, there is nothing to show.
      await rm(join(dir, 'contracts'), { recursive: true });
      const missing = await sources(trace, new ArtifactIndex((await discoverArtifacts(dir)).artifacts)).locate(revert);
      assert.equal(missing.kind === 'none' && missing.reason, 'no-source-file');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
