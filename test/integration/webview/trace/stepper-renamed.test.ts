// The stepper webview when the host names the trace again after it opened (#17 §5): the views it holds name frames
// the old way, so it asks for the current step's view again and paints it, unless a move came first. Over a real
// reference trace; the host's answer is held until the test releases it (an order of events, not a duration).
import { strict as assert } from 'node:assert';
import { rowPage } from '../../../../src/core/session/answers';
import { TraceSession } from '../../../../src/core/session/session';
import { PanelRequests } from '../../../../src/extension/trace/panel-requests';
import type { StepView } from '../../../../src/shared/trace-protocol';
import { RowCache } from '../../../../src/webview/trace/row-cache';
import { Stepper } from '../../../../src/webview/trace/stepper';
import { startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

const settle = () => new Promise((resolve) => setImmediate(resolve));
const now = (fn: () => void) => fn();

describe('stepper webview: the trace named again (real reference trace)', () => {
  let ref: ReferenceMirror;
  before(async function () {
    this.timeout(120_000);
    ref = await startReference('post-op');
  });
  after(() => ref?.close());

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
    const rows = new RowCache(
      t.length,
      (start, count) => Promise.resolve(rowPage(t, start, count)),
      () => {},
      () => {},
      64,
    );
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
