// Navigation as property tests over real traces (both pc conventions, a truncated one and a 20k-step loop): each
// command against a brute-force scan of the trace, plus the invariants a stepper relies on.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Frame, NavCommand, OpClass } from '../../../../src/shared/trace-model';
import { TraceDecoder } from '../../../../src/core/trace/decoder';
import type { ColumnarTrace } from '../../../../src/core/trace/trace';
import { CASE_NAMES, startReference, type ReferenceMirror, type Variant } from '../../helpers/reference-mirror';

/** Fixed, so a run is reproducible and a failure is the code's, not the dice's; change it to explore. */
const FUZZ_SEED = 20261125;

const CLASS_OPS: Record<OpClass, (op: string) => boolean> = {
  call: (op) => ['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL'].includes(op),
  create: (op) => op === 'CREATE' || op === 'CREATE2',
  storage: (op) => op === 'SSTORE' || op === 'SLOAD',
  sstore: (op) => op === 'SSTORE',
  log: (op) => /^LOG[0-4]$/.test(op),
  revert: (op) => op === 'REVERT' || op === 'INVALID',
};

/** Straightforward O(n) answers to each command, the oracle for the indexed navigator. */
class BruteForce {
  constructor(private readonly t: ColumnarTrace) {}

  private frameOf(s: number): Frame {
    return this.t.frame(this.t.row(s).frame);
  }

  private find(from: number, step: -1 | 1, test: (i: number) => boolean): number {
    for (let i = from + step; i >= 0 && i < this.t.length; i += step) if (test(i)) return i;
    return -1;
  }

  navigate(s: number, cmd: NavCommand): number {
    const n = this.t.length;
    const clamp = (i: number) => Math.min(Math.max(i, 0), n - 1);
    const dir = 'backward' in cmd && cmd.backward ? -1 : 1;
    const orStay = (i: number) => (i < 0 ? s : i);
    const f = this.frameOf(s);
    switch (cmd.kind) {
      case 'step':
        return clamp(s + cmd.delta);
      case 'first':
        return 0;
      case 'last':
        return n - 1;
      case 'goto':
        return clamp(cmd.step);
      case 'into':
        return clamp(s + dir);
      case 'over': {
        const same = this.find(s, dir, (i) => this.t.row(i).frame === f.index);
        const inside = dir > 0 ? same >= 0 && same <= f.exitStep : same >= f.entryStep;
        if (inside) return same;
        const beyond = dir > 0 ? f.exitStep + 1 : f.entryStep - 1;
        return beyond >= 0 && beyond < n ? beyond : s;
      }
      case 'out':
        if (dir < 0) return f.parent < 0 ? 0 : f.entryStep - 1;
        return f.parent < 0 || f.exitStep + 1 >= n ? n - 1 : f.exitStep + 1;
      case 'class': {
        const failedExits = new Set(
          Array.from({ length: this.t.frameCount() }, (_, i) => this.t.frame(i))
            .filter((x) => x.reverted)
            .map((x) => x.exitStep),
        );
        return orStay(
          this.find(s, dir, (i) => CLASS_OPS[cmd.opClass](this.t.row(i).op) || (cmd.opClass === 'revert' && failedExits.has(i))),
        );
      }
      case 'frame':
        return orStay(this.find(s, dir, (i) => this.frameOf(i).entryStep === i));
      case 'op':
        return orStay(this.find(s, dir, (i) => this.t.row(i).op === cmd.name.toUpperCase()));
      case 'pc': {
        const code = (x: Frame) => x.callee ?? `frame:${x.index}`;
        return orStay(this.find(s, 1, (i) => this.t.row(i).instructionPc === cmd.pc && code(this.frameOf(i)) === code(f)));
      }
    }
  }
}

const command = (trace: ColumnarTrace): fc.Arbitrary<NavCommand> => {
  const backward = fc.boolean();
  const ops = [...new Set(Array.from({ length: Math.min(trace.length, 2000) }, (_, i) => trace.row(i).op))];
  return fc.oneof(
    fc.integer({ min: -40, max: 40 }).map((delta): NavCommand => ({ kind: 'step', delta })),
    fc.constantFrom<NavCommand>({ kind: 'first' }, { kind: 'last' }),
    fc.integer({ min: -5, max: trace.length + 5 }).map((step): NavCommand => ({ kind: 'goto', step })),
    backward.map((b): NavCommand => ({ kind: 'over', backward: b })),
    backward.map((b): NavCommand => ({ kind: 'into', backward: b })),
    backward.map((b): NavCommand => ({ kind: 'out', backward: b })),
    backward.map((b): NavCommand => ({ kind: 'frame', backward: b })),
    fc
      .tuple(fc.constantFrom<OpClass>('call', 'create', 'storage', 'sstore', 'log', 'revert'), backward)
      .map(([opClass, b]): NavCommand => ({ kind: 'class', opClass, backward: b })),
    fc
      .tuple(fc.constantFrom(...ops, 'NOSUCHOP'), backward)
      .map(([name, b]): NavCommand => ({ kind: 'op', name: name.toLowerCase(), backward: b })),
    fc.nat({ max: 400 }).map((pc): NavCommand => ({ kind: 'pc', pc })),
  );
};

describe('trace navigation', function () {
  this.timeout(120_000);
  const mirrors: ReferenceMirror[] = [];
  const traces: { name: string; trace: ColumnarTrace }[] = [];

  before(async () => {
    for (const variant of ['post-op', 'pre-op', 'truncated'] as Variant[]) {
      const m = await startReference(variant);
      mirrors.push(m);
      for (const name of CASE_NAMES)
        traces.push({ name: `${variant} ${name}`, trace: await m.fetch(name, { stack: true, memory: false, storage: false }) });
    }
    const long = await startReference('long');
    mirrors.push(long);
    traces.push({ name: 'long-loop', trace: await long.fetch('long-loop', { stack: true, memory: false, storage: false }) });
  });
  after(async () => {
    for (const m of mirrors) await m.close();
  });

  const anyStep = () =>
    fc
      .nat({ max: traces.length - 1 })
      .chain((k) => fc.tuple(fc.constant(traces[k]), fc.nat({ max: traces[k].trace.length - 1 }), command(traces[k].trace)));

  it('answers every command like a brute-force scan', () => {
    fc.assert(
      fc.property(anyStep(), ([{ name, trace }, s, cmd]) => {
        assert.equal(trace.navigate(s, cmd), new BruteForce(trace).navigate(s, cmd), `${name} step ${s} ${JSON.stringify(cmd)}`);
      }),
      { numRuns: 3000, seed: FUZZ_SEED },
    );
  });

  it('step over never lands deeper; step out lands shallower or at the end', () => {
    fc.assert(
      fc.property(anyStep(), fc.boolean(), ([{ trace }, s], backward) => {
        const depth = (i: number) => trace.row(i).depth;
        const over = trace.navigate(s, { kind: 'over', backward });
        assert.ok(depth(over) <= depth(s), `over from ${s} to ${over}`);
        const out = trace.navigate(s, { kind: 'out', backward });
        const edge = backward ? 0 : trace.length - 1;
        assert.ok(depth(out) < depth(s) || out === edge, `out from ${s} to ${out}`);
      }),
      { numRuns: 2000, seed: FUZZ_SEED },
    );
  });

  it('back after forward returns to the start', () => {
    fc.assert(
      fc.property(anyStep(), fc.integer({ min: 1, max: 50 }), ([{ trace }, s], k) => {
        if (s + k < trace.length)
          assert.equal(trace.navigate(trace.navigate(s, { kind: 'step', delta: k }), { kind: 'step', delta: -k }), s);
        const into = trace.navigate(s, { kind: 'into' });
        if (into !== s) assert.equal(trace.navigate(into, { kind: 'into', backward: true }), s);
        const over = trace.navigate(s, { kind: 'over' });
        // Within the frame, over is reversible; past the frame's end it behaves like step out.
        if (over !== s && trace.row(over).frame === trace.row(s).frame)
          assert.equal(trace.navigate(over, { kind: 'over', backward: true }), s);
        const out = trace.navigate(s, { kind: 'out', backward: true });
        const returns = trace.frame(trace.row(s).frame).exitStep + 1 < trace.length;
        if (out !== s && trace.row(s).depth > 0 && returns) assert.ok(trace.navigate(out, { kind: 'over' }) > s);
      }),
      { numRuns: 2000, seed: FUZZ_SEED },
    );
  });

  it('frames nest and the breadcrumb encloses the step', () => {
    for (const { name, trace } of traces) {
      for (let i = 0; i < trace.frameCount(); i++) {
        const f = trace.frame(i);
        assert.equal(f.index, i);
        assert.ok(f.entryStep <= f.exitStep, `${name} frame ${i}`);
        if (i > 0) assert.ok(trace.frame(i - 1).entryStep < f.entryStep, `${name}: frames in entry order`);
        if (f.parent < 0) {
          assert.equal(i, 0);
          continue;
        }
        const p = trace.frame(f.parent);
        assert.equal(f.depth, p.depth + 1, `${name} frame ${i}`);
        assert.ok(p.entryStep < f.entryStep && f.exitStep <= p.exitStep, `${name} frame ${i} inside its parent`);
      }
    }
    fc.assert(
      fc.property(anyStep(), ([{ trace }, s]) => {
        const stack = trace.frameStack(s);
        assert.equal(stack[0].parent, -1);
        assert.equal(stack.at(-1)?.index, trace.row(s).frame);
        assert.equal(stack.at(-1)?.depth, trace.row(s).depth);
        stack.forEach((f, k) => {
          assert.ok(f.entryStep <= s && s <= f.exitStep);
          if (k > 0) assert.equal(f.parent, stack[k - 1].index);
        });
      }),
      { numRuns: 1000, seed: FUZZ_SEED },
    );
  });

  it('finds pcs in a key space too large to count densely (an absurd pc in the trace)', async () => {
    const m = mirrors[1];
    const body = JSON.parse(await m.body('nested-call', { stack: true, memory: false, storage: false })) as { opcodes: { pc: number }[] };
    body.opcodes[400].pc = 50_000_000;
    const decoder = new TraceDecoder();
    decoder.write(Buffer.from(JSON.stringify(body)));
    const trace = decoder.finish();
    const brute = new BruteForce(trace);
    for (const pc of [50_000_000, body.opcodes[10].pc, body.opcodes[500].pc, 7]) {
      for (const s of [0, 100, 399, 400, 401, 600])
        assert.equal(trace.navigate(s, { kind: 'pc', pc }), brute.navigate(s, { kind: 'pc', pc }), `pc ${pc} from ${s}`);
    }
    // Step 400 runs in the called contract (steps 188–516), so the search starts there.
    assert.equal(trace.navigate(200, { kind: 'pc', pc: 50_000_000 }), 400);
  });
});
