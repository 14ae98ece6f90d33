// Event: on a LOG0–LOG4 step, the log it emits by event name and decoded arguments, else its raw topics. Main hides
// the section on other steps.
import type { StepView } from '../../../shared/trace-protocol';
import { h, replaceChildren } from '../dom';
import type { PanelContent } from './section';

export class EventPanel implements PanelContent {
  readonly body = h('div', { class: 'panel-body event', 'data-testid': 'step-event' });
  private shown = -1;

  forget(): void {
    this.shown = -1;
  }

  render(view: StepView): void {
    if (view.row.step === this.shown) return;
    this.shown = view.row.step;
    const event = view.event;
    if (!event) return replaceChildren(this.body);
    const name = event.name
      ? h('code', { class: 'event-name' }, event.name)
      : h(
          'p',
          { class: 'empty' },
          `${view.row.op}: no ABI in the workspace declares ${event.topics.length ? 'this topic' : 'this anonymous log'}, or its data was not fetched.`,
        );
    const topics = event.topics.map((t, i) => h('li', {}, h('span', { class: 'idx' }, `topic ${i}`), h('code', { class: 'word' }, t)));
    replaceChildren(
      this.body,
      name,
      event.contract ? h('div', { class: 'hd-label' }, `declared by ${event.contract}`) : null,
      topics.length ? h('ol', { class: 'stack event-topics' }, ...topics) : null,
    );
  }
}
