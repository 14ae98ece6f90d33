// Storage slots the server reported for the current contract: value, a marker when this step changed it, and the
// value the frame started with when it differs. Markers are text, not colour alone.
import type { StepView } from '../../../shared/trace-protocol';
import { h, replaceChildren } from '../dom';
import { shortWord } from '../format';
import type { PanelContent } from './section';

export class StoragePanel implements PanelContent {
  readonly body = h('div', { class: 'panel-body' });
  /** What is on screen, to skip the rebuild on the many steps that change no slot. */
  private shown: string | undefined;

  render(view: StepView): void {
    const entries = view.storage;
    const key = JSON.stringify(entries);
    if (key === this.shown) return;
    this.shown = key;
    if (entries === null) {
      replaceChildren(
        this.body,
        h('p', { class: 'empty' }, 'Storage was not fetched for this trace. Reopen it with storage selected to see slots.'),
      );
      return;
    }
    if (entries.length === 0) {
      replaceChildren(this.body, h('p', { class: 'empty' }, 'No storage slot read or written yet.'));
      return;
    }
    const rows = entries.map((e) =>
      h(
        'tr',
        { class: e.changed ? 'changed' : undefined },
        h(
          'td',
          { class: 'mark' },
          e.changed
            ? h('span', { class: 'tag', title: 'Changed by this step' }, 'changed')
            : e.newInFrame
              ? h('span', { class: 'tag subtle', title: 'Not known when the frame started' }, 'new')
              : null,
        ),
        h('td', { title: e.slot }, h('code', {}, shortWord(e.slot))),
        h('td', { title: e.value }, h('code', {}, shortWord(e.value))),
        h('td', { title: e.atFrameStart ?? '' }, e.atFrameStart === null ? '' : h('code', {}, shortWord(e.atFrameStart))),
      ),
    );
    replaceChildren(
      this.body,
      h(
        'table',
        { class: 'storage' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', {}, h('span', { class: 'visually-hidden' }, 'Status')),
            h('th', {}, 'Slot'),
            h('th', {}, 'Value'),
            h('th', {}, 'At frame start'),
          ),
        ),
        h('tbody', {}, ...rows),
      ),
    );
  }
}
