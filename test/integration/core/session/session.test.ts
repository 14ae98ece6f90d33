// A TraceSession moves exactly as the core's Trace.navigate says; the panel's PanelRequests answers the webview's
// typed requests from it.
import { strict as assert } from 'node:assert';
import type { NavCommand } from '../../../../src/shared/trace-model';
import { TraceSession } from '../../../../src/core/session/session';
import { PanelRequests } from '../../../../src/extension/trace/panel-requests';
import { startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

describe('stepper session (real reference traces)', () => {
  let ref: ReferenceMirror;
  before(async function () {
    this.timeout(120_000);
    ref = await startReference('post-op');
  });
  after(() => ref?.close());

  it('navigates as Trace.navigate does, from wherever it is', async () => {
    const t = await ref.fetch('nested-call');
    const session = new TraceSession(t, { key: 'k', title: 'tx', network: 'custom' });
    const commands: NavCommand[] = [
      { kind: 'into' },
      { kind: 'class', opClass: 'call' },
      { kind: 'into' },
      { kind: 'over' },
      { kind: 'out' },
      { kind: 'out', backward: true },
      { kind: 'step', delta: 7 },
      { kind: 'op', name: 'SSTORE' },
      { kind: 'last' },
      { kind: 'over', backward: true },
      { kind: 'first' },
      { kind: 'step', delta: -3 },
      { kind: 'goto', step: 200 },
    ];
    let at = 0;
    for (const cmd of commands) {
      const expected = t.navigate(at, cmd);
      assert.equal(session.navigate(cmd), expected, JSON.stringify(cmd));
      assert.equal(session.step, expected);
      at = expected;
    }
  });

  it('starts at a restored step, clamped into the trace', async () => {
    const t = await ref.fetch('success');
    assert.equal(new TraceSession(t, { key: 'k', title: 'tx', network: 'n' }, 12).step, 12);
    assert.equal(new TraceSession(t, { key: 'k', title: 'tx', network: 'n' }, 10 ** 9).step, t.length - 1);
    assert.equal(new TraceSession(t, { key: 'k', title: 'tx', network: 'n' }, -4).step, 0);
  });

  it('answers init with the outline and the current step, and keeps the memory window the panel asked for', async () => {
    const t = await ref.fetch('nested-call');
    const session = new TraceSession(t, { key: 'key-1', title: 'the tx', network: 'custom' }, 40);
    const requests = new PanelRequests(session);
    const init = requests.answer('init', { memoryStart: 0, memoryCount: 2 });
    assert.equal(init.key, 'key-1');
    assert.equal(init.title, 'the tx');
    assert.equal(init.length, t.length);
    assert.deepEqual(init.summary, t.summary);
    assert.equal(init.view.row.step, 40);
    const words = t.detail(41).memory ?? [];
    assert.ok(words.length >= 3, 'the case has memory to window');
    const w = requests.answer('memory', { step: 41, start: 1, count: 2 });
    assert.deepEqual(w, { step: 41, start: 1, words: words.slice(1, 3) });
    session.navigate({ kind: 'step', delta: 1 });
    assert.deepEqual(requests.view().memory, { step: 41, start: 1, words: words.slice(1, 3) });
  });

  it('memoises the overview for the panel height and rejects unknown requests', async () => {
    const requests = new PanelRequests(new TraceSession(await ref.fetch('logs'), { key: 'k', title: 'tx', network: 'n' }));
    assert.equal(requests.answer('overview', { buckets: 50 }), requests.answer('overview', { buckets: 50 }));
    assert.throws(() => requests.answer('nope' as 'rows', { start: 0, count: 1 }), /Unknown request/);
  });

  it('tells every front-end where it moved and who moved it, until it stops listening', async () => {
    const t = await ref.fetch('nested-call');
    const session = new TraceSession(t, { key: 'k', title: 'tx', network: 'n' });
    const panel: Array<[number, string]> = [];
    const debuggerSeen: Array<[number, string]> = [];
    session.onDidMove((step, origin) => panel.push([step, origin]));
    const stop = session.onDidMove((step, origin) => debuggerSeen.push([step, origin]));
    session.navigate({ kind: 'step', delta: 3 }, 'panel');
    session.moveTo(t.length + 10, 'debugger');
    stop();
    session.moveTo(-5);
    assert.deepEqual(panel, [
      [3, 'panel'],
      [t.length - 1, 'debugger'],
      [0, 'other'],
    ]);
    assert.deepEqual(debuggerSeen, [
      [3, 'panel'],
      [t.length - 1, 'debugger'],
    ]);
  });
});
