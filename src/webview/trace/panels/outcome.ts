// Revert/Return: how the current frame ended and how the transaction ended, decoded.
import type { TraceSummary } from '../../../shared/trace-model';
import { describeRevert } from '../../../shared/revert-text';
import type { StepView, TraceNamesInit } from '../../../shared/trace-protocol';
import { h, replaceChildren } from '../dom';
import type { PanelContent } from './section';

export class OutcomePanel implements PanelContent {
  readonly body = h('div', { class: 'panel-body' });
  private shown = -1;

  constructor(
    private readonly summary: TraceSummary,
    private names: TraceNamesInit,
  ) {}

  /** The trace was named again: the transaction's revert by its new name on the next view. */
  rename(names: TraceNamesInit): void {
    this.names = names;
    this.forget();
  }

  forget(): void {
    this.shown = -1;
  }

  render(view: StepView): void {
    const frame = view.frames[view.frames.length - 1];
    const frameError = view.frameNames[view.frames.length - 1]?.error ?? null;
    if (frame.index === this.shown) return;
    this.shown = frame.index;
    const s = this.summary;
    const tx = s.failed
      ? ['Transaction reverted', this.names.revert ?? (s.revert ? describeRevert(s.revert) : 'without data')]
      : ['Transaction returned', s.returnValue ? describeRevert(s.returnValue) : s.rawReturnValue || '(no data)'];
    const fr = frame.reverted
      ? ['This frame reverted', frameError ?? (frame.revert ? describeRevert(frame.revert) : 'without data')]
      : ['This frame', 'did not revert'];
    replaceChildren(
      this.body,
      h(
        'dl',
        { class: 'outcome' },
        h('dt', {}, fr[0]),
        h('dd', {}, h('code', {}, fr[1])),
        h('dt', {}, tx[0]),
        h('dd', {}, h('code', {}, tx[1])),
      ),
    );
  }
}
