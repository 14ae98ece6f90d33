// The stepper webview answers step keys from the rows it holds (src/webview/trace/stepper.ts, row-cache.ts): each
// answer must be exactly where the core's Trace.navigate goes, and a move whose steps or frames are not held must
// go to the host instead. Checked over real reference-mirror traces, with small pages so window edges are met.
// When the host names the trace again after it opened (#17 §5), the views the webview holds name frames the old way:
// it asks for the current step's view again and paints it, unless a move came first (the host's answer is held until
// the test releases it: an order of events, not a duration).
import { strict as assert } from 'node:assert';
import { TraceSession } from '../../../../src/core/session/session';
import { PanelRequests } from '../../../../src/extension/trace/panel-requests';
import { rowPage } from '../../../../src/core/session/answers';
import type { NavCommand, Trace } from '../../../../src/shared/trace-model';
import { frameMove, isFrameMove, type FrameMoveCommand } from '../../../../src/shared/frame-moves';
import { traceAction, type TraceActionId } from '../../../../src/shared/trace-actions';
import type { StepView, WebviewMessage } from '../../../../src/shared/trace-protocol';
import { RowCache } from '../../../../src/webview/trace/row-cache';
import { Stepper } from '../../../../src/webview/trace/stepper';
import { CASE_NAMES, startReference, type CaseName, type ReferenceMirror } from '../../helpers/reference-mirror';

const PAGE = 16;
const MOVES: FrameMoveCommand[] = [
  { kind: 'step', delta: 1 },
  { kind: 'step', delta: -1 },
  { kind: 'step', delta: PAGE - 1 },
  { kind: 'step', delta: -(PAGE - 1) },
  { kind: 'first' },
  { kind: 'last' },
  { kind: 'into' },
  { kind: 'into', backward: true },
  { kind: 'over' },
  { kind: 'over', backward: true },
  { kind: 'out' },
  { kind: 'out', backward: true },
];
const CASES: CaseName[] = [...CASE_NAMES];

/** Lets the row cache's page promises settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A row cache over `t` holding the pinned first and last pages and the pages of `steps`. */
async function rowsHolding(t: Trace, steps: number[]): Promise<RowCache> {
  const rows = new RowCache(
    t.length,
    (start, count) => Promise.resolve(rowPage(t, start, count)),
    () => {},
    (err) => assert.fail(String(err)),
    PAGE,
  );
  for (const s of steps) rows.get(s);
  await settle();
  return rows;
}

/** A row cache over `t` that answers from it at once and ignores load errors. */
const quietRows = (t: Trace) =>
  new RowCache(
    t.length,
    (start, count) => Promise.resolve(rowPage(t, start, count)),
    () => {},
    () => {},
    PAGE,
  );

const label = (cmd: NavCommand) => JSON.stringify(cmd);
/** Tells the host at once instead of after the paint (there is no frame here). */
const now = (fn: () => void) => fn();

describe('stepper webview: moves answered from the rows it holds (real reference traces)', () => {
  let ref: ReferenceMirror;
  before(async function () {
    this.timeout(120_000);
    ref = await startReference('post-op');
  });
  after(() => ref?.close());

  it('answers every frame move at every step exactly as Trace.navigate when it holds every row', async function () {
    this.timeout(60_000);
    for (const name of CASES) {
      const t = await ref.fetch(name);
      const rows = await rowsHolding(
        t,
        Array.from({ length: Math.ceil(t.length / PAGE) }, (_, i) => i * PAGE),
      );
      for (let s = 0; s < t.length; s++)
        for (const cmd of MOVES) assert.equal(frameMove(rows, s, cmd), t.navigate(s, cmd), `${name} step ${s} ${label(cmd)}`);
    }
  });

  it('holding only the page around the step, answers exactly or leaves the move to the host (window edges, calls that run past it)', async function () {
    this.timeout(60_000);
    const deferred = new Set<string>();
    let answered = 0;
    for (const name of CASES) {
      const t = await ref.fetch(name);
      for (let s = 0; s < t.length; s++) {
        const rows = await rowsHolding(t, [s]);
        for (const cmd of MOVES) {
          const local = frameMove(rows, s, cmd);
          if (local === undefined) deferred.add(cmd.kind + (cmd.kind === 'over' && cmd.backward ? ' back' : ''));
          else {
            answered++;
            assert.equal(local, t.navigate(s, cmd), `${name} step ${s} ${label(cmd)}`);
          }
        }
      }
    }
    assert.ok(answered > 0);
    // Stepping over a call whose callee runs past the held page, either way, needs the host.
    assert.deepEqual([...deferred].sort(), ['over', 'over back']);
  });

  it('steps through a trace by keys: local answers are told to the host, the rest asked of it, and both land where the core says', async function () {
    this.timeout(60_000);
    for (const name of ['nested-call', 'create', 'delegatecall'] as const) {
      const t = await ref.fetch(name);
      const session = new TraceSession(t, { key: name, title: name, network: 'test' });
      const requests = new PanelRequests(session);
      const sent: WebviewMessage[] = [];
      const painted: Array<{ step: number; view: StepView | undefined }> = [];
      let hostSeq = 0;
      // The extension's panel, minus VS Code: the session answers, navigates and pushes (with the seq it handled).
      const host = {
        send(m: Exclude<WebviewMessage, { type: 'request' }>) {
          sent.push(m);
          if (m.type === 'moved') {
            hostSeq = m.seq;
            session.moveTo(m.step, 'panel');
            if (!m.haveView) queueMicrotask(() => stepper.pushed(requests.view(), hostSeq));
          } else if (m.type === 'action') {
            hostSeq = m.seq ?? hostSeq;
            const run = traceAction(m.action).run;
            assert.ok('nav' in run);
            session.navigate(run.nav.kind === 'step' ? { kind: 'step', delta: run.nav.delta * (m.count ?? 1) } : run.nav, 'panel');
            queueMicrotask(() => stepper.pushed(requests.view(), hostSeq));
          }
        },
        request: ((kind: 'rows' | 'views', params: never) => Promise.resolve(requests.answer(kind, params))) as never,
      };
      const rows = new RowCache(
        t.length,
        (start, count) => Promise.resolve(rowPage(t, start, count)),
        () => {},
        (err) => assert.fail(String(err)),
        PAGE,
      );
      const stepper = new Stepper(host, rows, (step, view) => painted.push({ step, view }), requests.view(), now);
      rows.get(0);
      await settle();
      const keys: Array<[TraceActionId, number]> = [
        ...Array.from({ length: 40 }, (_, i): [TraceActionId, number] => [(['stepForward', 'stepOver', 'stepInto'] as const)[i % 3], 1]),
        ['stepForward', PAGE - 1],
        ['stepOut', 1],
        ['stepOverBack', 1],
        ['last', 1],
        ['stepOverBack', 1],
        ['stepBack', PAGE - 1],
        ['stepIntoBack', 1],
        ['stepOutBack', 1],
        ['first', 1],
      ];
      let at = 0;
      let local = 0;
      for (const [action, count] of keys) {
        const run = traceAction(action).run;
        assert.ok('nav' in run && isFrameMove(run.nav));
        const expected = t.navigate(at, run.nav.kind === 'step' ? { kind: 'step', delta: run.nav.delta * count } : run.nav);
        const wasLocal = stepper.run(action, count);
        if (wasLocal) {
          local++;
          assert.deepEqual(
            sent.at(-1),
            { type: 'moved', step: expected, seq: hostSeq, haveView: painted.at(-1)?.view !== undefined },
            `${name} ${action} from ${at}`,
          );
        }
        await settle();
        assert.equal(stepper.step, expected, `${name} ${action} from ${at}`);
        assert.equal(session.step, expected, `${name}: the host follows ${action} from ${at}`);
        assert.equal(painted.at(-1)?.step, expected);
        at = expected;
      }
      assert.ok(local > keys.length / 2, `${name}: ${local} of ${keys.length} keys answered in the webview`);
      assert.ok(
        sent.some((m) => m.type === 'moved' && m.haveView),
        `${name}: prefetched views let some moves paint every panel at once`,
      );
    }
  });

  it('refills the views ahead in batches: single steps ask the host every few keys, and paint with their views', async () => {
    const t = await ref.fetch('nested-call');
    const session = new TraceSession(t, { key: 'n', title: 'n', network: 'test' });
    const requests = new PanelRequests(session);
    const sent: WebviewMessage[] = [];
    const asked: number[][] = [];
    const request = ((kind: 'rows' | 'views', params: never) => {
      if (kind === 'views') asked.push((params as { steps: number[] }).steps);
      return Promise.resolve(requests.answer(kind, params));
    }) as never;
    const rows = quietRows(t);
    const stepper = new Stepper({ send: (m) => sent.push(m), request }, rows, () => {}, requests.view(), now);
    rows.get(0);
    await settle();
    const keys = Math.min(40, t.length - 1);
    for (let i = 0; i < keys; i++) {
      assert.equal(stepper.run('stepForward'), true);
      await settle();
    }
    const moves = sent.filter((m) => m.type === 'moved');
    assert.equal(moves.length, keys);
    assert.ok(
      moves.slice(1).every((m) => m.haveView),
      'after the first key every step paints with its view',
    );
    assert.ok(asked.length <= keys / 4, `${asked.length} view requests for ${keys} single steps`);
    assert.ok(
      asked.every((steps) => steps.length <= 16),
      "within the host's MAX_VIEWS",
    );
  });

  it('drops a push the webview has overtaken and adopts a move made elsewhere', async () => {
    const t = await ref.fetch('nested-call');
    const session = new TraceSession(t, { key: 'n', title: 'n', network: 'test' });
    const requests = new PanelRequests(session);
    const sent: WebviewMessage[] = [];
    const painted: number[] = [];
    const rows = new RowCache(
      t.length,
      (start, count) => Promise.resolve(rowPage(t, start, count)),
      () => {},
      () => {},
      PAGE,
    );
    const stepper = new Stepper(
      {
        send: (m) => sent.push(m),
        request: ((kind: 'rows' | 'views', params: never) => Promise.resolve(requests.answer(kind, params))) as never,
      },
      rows,
      (step) => painted.push(step),
      requests.view(),
      now,
    );
    await settle();
    assert.equal(stepper.run('stepForward'), true);
    assert.equal(stepper.step, 1);
    // The debugger moved the session to 9 before the host had read the webview's move (seq 1).
    session.moveTo(9);
    stepper.pushed(requests.view(), 0);
    assert.equal(stepper.step, 1);
    // After it: the move elsewhere is news.
    session.moveTo(7);
    stepper.pushed(requests.view(), 1);
    assert.equal(stepper.step, 7);
    assert.deepEqual(painted, [1, 7]);
  });

  describe('the trace named again', () => {
    /** A stepper whose `views` requests wait for `release()`; `asked` lists the steps of each. */
    const stepperOver = async () => {
      const t = await ref.fetch('nested-call');
      const requests = new PanelRequests(new TraceSession(t, { key: 'k', title: 't', network: 'custom' }));
      const asked: number[][] = [];
      const held: Array<() => void> = [];
      const painted: Array<{ step: number; view: StepView | undefined }> = [];
      const request = ((kind: 'rows' | 'views', params: never) => {
        const answer = requests.answer(kind, params);
        if (kind !== 'views') return Promise.resolve(answer);
        asked.push((params as { steps: number[] }).steps);
        return new Promise((resolve) => held.push(() => resolve(answer)));
      }) as never;
      const rows = quietRows(t);
      const stepper = new Stepper({ send: () => {}, request }, rows, (step, view) => painted.push({ step, view }), requests.view(), now);
      rows.get(0);
      await settle();
      const release = async () => {
        for (const answer of held.splice(0)) answer();
        await settle();
      };
      return { stepper, asked, painted, release };
    };

    it('asks for the current step’s view again and paints it when it comes', async () => {
      const { stepper, asked, painted, release } = await stepperOver();
      assert.equal(stepper.run('stepForward'), true);
      await release();
      asked.length = 0;
      painted.length = 0;
      stepper.renamed();
      assert.deepEqual(asked, [[1]]);
      assert.equal(painted.length, 0, 'nothing painted before the host answered');
      await release();
      assert.equal(painted.length, 1);
      assert.equal(painted[0].step, 1);
      assert.equal(painted[0].view?.row.step, 1);
    });

    it('holds no view from before the rename, and drops the answer when a move came first', async () => {
      const { stepper, painted, release } = await stepperOver();
      assert.equal(stepper.run('stepForward'), true);
      await release(); // the views ahead of step 1 are now held
      stepper.renamed();
      painted.length = 0;
      assert.equal(stepper.run('stepForward'), true);
      assert.deepEqual(painted, [{ step: 2, view: undefined }], 'the view held for step 2 named frames the old way');
      await release();
      assert.equal(
        painted.find((p) => p.step === 1),
        undefined,
        'step 1’s view, asked for before the move, is not painted',
      );
      assert.equal(stepper.step, 2);
    });
  });
});
