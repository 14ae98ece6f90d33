// A session's names as the stepper webview receives them: the init answer's header and revert, and every step
// view's frames by name, for the reference mirror's real executions named from the sample workspace's build output
// and the mirror's result and actions (read over loopback).
import { strict as assert } from 'node:assert';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { AbiRegistry } from '../../../../src/core/names/registry';
import { MAX_NAME_CHARS, TraceNames } from '../../../../src/core/session/names';
import { TraceSession } from '../../../../src/core/session/session';
import { PanelRequests } from '../../../../src/extension/trace/panel-requests';
import type { TraceInit } from '../../../../src/shared/trace-protocol';
import { type CaseName, type ReferenceMirror } from '../../helpers/reference-mirror';
import { namingFixture } from '../../helpers/naming-fixture';

const INIT = { memoryStart: 0, memoryCount: 8 };

describe('stepper session names (real reference traces, sample workspace ABIs)', function () {
  this.timeout(120_000);
  let ref: ReferenceMirror;
  let http: HttpClient;
  let abis: AbiRegistry;

  const session = async (name: CaseName, mirror = true) => {
    const id = ref.info(name).transactionId;
    const [trace, result, actions] = await Promise.all([
      ref.fetch(name),
      new MirrorClient(ref.endpoints, http).contractResult(id),
      new MirrorClient(ref.endpoints, http).contractActions(id),
    ]);
    const names = TraceNames.build(
      trace,
      mirror ? { abis, result: result.result, actions: actions.actions } : { abis, result: null, actions: null },
    );
    return new TraceSession(trace, { key: 'k', title: id, network: 'custom' }, 0, names);
  };
  /** The frame names of every step view, by frame index (a frame shows the same name at every step). */
  const frameNames = (s: TraceSession) => {
    const seen = new Map<number, string | null>();
    for (let step = 0; step < s.length; step++) {
      s.moveTo(step);
      const view = new PanelRequests(s).view();
      assert.equal(view.frameNames.length, view.frames.length);
      view.frames.forEach((f, i) => {
        const name = view.frameNames[i]?.call ?? null;
        if (seen.has(f.index)) assert.equal(name, seen.get(f.index), `frame ${f.index} at step ${step}`);
        seen.set(f.index, name);
      });
    }
    return [...seen.entries()].sort(([a], [b]) => a - b).map(([, name]) => name);
  };

  namingFixture((f) => ({ ref, http, abis } = f));

  it('custom error: the init answer names the revert and the header; the frame shows the call by name', async () => {
    const s = await session('custom-error');
    const init = new PanelRequests(s).answer('init', INIT) as TraceInit;
    assert.equal(init.names.revert, 'InsufficientBalance(available: 5, required: 100)');
    const header = init.names.header;
    assert.ok(header);
    assert.equal(header.call, 'Vault.withdraw(amount: 100) reverted: InsufficientBalance(available: 5, required: 100)');
    assert.equal(header.error, 'InsufficientBalance(available: 5, required: 100)');
    assert.equal(header.result, 'CONTRACT_REVERT_EXECUTED');
    assert.match(header.toId ?? '', /^0\.0\.\d+$/);
    assert.match(header.from ?? '', /^0x[0-9a-f]{40}$/);
    assert.ok(/^\d+$/.test(header.gasLimit) && header.block !== null && /^\d+$/.test(header.block), JSON.stringify(header));
    assert.deepEqual(frameNames(s), ['Vault.withdraw(amount: 100) reverted: InsufficientBalance(available: 5, required: 100)']);
    s.moveTo(s.length - 1);
    assert.equal(new PanelRequests(s).view().frameNames.at(-1)?.error, 'InsufficientBalance(available: 5, required: 100)');
  });

  it('DELEGATECALL: the implementation’s frame names the proxy it runs for (address and id); other frames name none', async () => {
    const s = await session('delegatecall');
    const inner = [...Array(s.trace.frameCount()).keys()].map((i) => s.trace.frame(i)).find((f) => f.callType === 'DELEGATECALL');
    assert.ok(inner, 'the case makes a DELEGATECALL');
    s.moveTo(inner.entryStep);
    const view = new PanelRequests(s).view();
    const names = view.frameNames;
    assert.equal(names.length, 2);
    assert.equal(names[0]?.proxy ?? null, null, 'the proxy’s own frame runs on its own account');
    assert.match(names[1]?.call ?? '', /^MathLib\.mulAdd\(/);
    assert.deepEqual(names[1]?.proxy, { address: view.frames[0].callee, contractId: '0.0.1009' });
    assert.match(view.frames[0].callee ?? '', /^0x0+3f1$/);
  });

  it('token service: the HTS frame by name and response code, below the caller', async () => {
    const names = frameNames(await session('hts-insufficient'));
    assert.equal(names.length, 2, names.join('\n'));
    assert.match(names[0] ?? '', /^TokenSender\.pay\(/);
    assert.match(
      names[1] ?? '',
      /^HTS\.transferToken\(token: 0\.0\.5001, sender: 0\.0\.1011, recipient: 0\.0\.1002, amount: 500\) → INSUFFICIENT_TOKEN_BALANCE/,
    );
  });

  it('token service: the HTS frame and the header name the token it moves, for a link to the Tokens view', async () => {
    const s = await session('hts-insufficient');
    s.moveTo(s.trace.frame(1).entryStep);
    assert.deepEqual(
      new PanelRequests(s).view().frameNames.map((n) => n?.tokens),
      [[], ['0.0.5001']],
    );
    assert.deepEqual(
      (new PanelRequests(s).answer('init', INIT) as TraceInit).names.header?.tokens,
      [],
      'TokenSender.pay is not a token-service call',
    );
  });

  it('LOG steps: each by event name and decoded arguments, from memory or (without it) from the mirror’s logs', async () => {
    const id = ref.info('logs').transactionId;
    const [full, lean, { result }] = await Promise.all([
      ref.fetch('logs'),
      ref.fetch('logs', { stack: false, memory: false, storage: false }),
      new MirrorClient(ref.endpoints, http).contractResult(id),
    ]);
    const events = (trace: typeof full) => {
      const names = TraceNames.build(trace, { abis, result, actions: null });
      const s = new TraceSession(trace, { key: 'k', title: id, network: 'custom' }, 0, names);
      const found: Array<[string, string | null, number]> = [];
      for (let step = 0; step < s.length; step++) {
        s.moveTo(step);
        const event = new PanelRequests(s).view().event;
        assert.equal(event !== null, /^LOG[0-4]$/.test(trace.row(step).op), `step ${step}`);
        if (event) found.push([trace.row(step).op, event.name, event.topics.length]);
      }
      return found;
    };
    const fromMemory = events(full);
    assert.equal(fromMemory.length, 3);
    assert.deepEqual(
      fromMemory.map(([op]) => op),
      ['LOG3', 'LOG1', 'LOG0'],
    );
    assert.match(fromMemory[0][1] ?? '', /^Transfer\(from: 0x[0-9a-f]{40}, to: 0x[0-9a-f]{40}, value: 1000\)$/);
    assert.equal(fromMemory[1][1], 'Note(text: "hello from Events")');
    assert.deepEqual([fromMemory[2][1], fromMemory[2][2]], [null, 0], 'an anonymous LOG0 has no name');
    assert.deepEqual(
      events(lean).map(([, name]) => name),
      fromMemory.map(([, name]) => name),
      'the mirror’s kept logs name the same events',
    );
  });

  it('without the mirror’s result and actions: no header, the revert still by name from the workspace ABIs', async () => {
    const s = await session('custom-error', false);
    const init = new PanelRequests(s).answer('init', INIT) as TraceInit;
    assert.deepEqual([init.names.header, init.names.revert], [null, 'InsufficientBalance(available: 5, required: 100)']);
    assert.equal(new PanelRequests(s).view().frameNames[0]?.call ?? null, null);
  });

  it('a hostile result: a megabyte error message and result name reach the panel cut to a bounded length', async () => {
    const id = ref.info('custom-error').transactionId;
    const [trace, { result }] = await Promise.all([ref.fetch('custom-error'), new MirrorClient(ref.endpoints, http).contractResult(id)]);
    const huge = 'x'.repeat(1 << 20);
    const { header } = TraceNames.build(trace, { abis, result: { ...result, error_message: huge, result: huge }, actions: null }).init;
    assert.ok(header);
    assert.equal(header.error?.length, MAX_NAME_CHARS);
    assert.equal(header.result.length, MAX_NAME_CHARS);
    assert.ok(header.error?.endsWith('…'));
  });

  it('a session opened without names answers with none, frame for frame', async () => {
    const trace = await ref.fetch('nested-call');
    const s = new TraceSession(trace, { key: 'k', title: 'tx', network: 'custom' });
    assert.deepEqual((new PanelRequests(s).answer('init', INIT) as TraceInit).names, { header: null, revert: null, note: null });
    s.moveTo(s.length - 1);
    assert.deepEqual(
      new PanelRequests(s).view().frameNames,
      new PanelRequests(s).view().frames.map(() => null),
    );
  });
});
