// Storage slots of the account the current frame runs on, as the trace's own SLOAD and SSTORE prove them (not the
// mirror's storage map, which newer mirrors merge across contracts): value, a marker when this step changed it or
// when the value was only read, and the value the frame started with when it differs. Markers are text, not colour
// alone; a disagreement of the mirror's map with the trace is one line above the table.
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
    const key = JSON.stringify([entries, view.storageNote]);
    if (key === this.shown) return;
    this.shown = key;
    if (entries === null) {
      replaceChildren(
        this.body,
        h(
          'p',
          { class: 'empty' },
          'The trace was fetched without the stack, so its SLOAD and SSTORE cannot be read. Reopen it with the stack.',
        ),
      );
      return;
    }
    if (entries.length === 0) {
      replaceChildren(this.body, h('p', { class: 'empty' }, 'No storage slot of this account read or written yet.'));
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
              : !e.written
                ? h('span', { class: 'tag subtle', title: 'Read by an SLOAD, not written in this transaction' }, 'read')
                : null,
        ),
        h('td', { title: e.slot }, h('code', {}, shortWord(e.slot))),
        h('td', { title: e.value }, h('code', {}, shortWord(e.value))),
        h('td', { title: e.atFrameStart ?? '' }, e.atFrameStart === null ? '' : h('code', {}, shortWord(e.atFrameStart))),
      ),
    );
    replaceChildren(
      this.body,
      view.storageNote === null ? null : h('p', { class: 'note' }, view.storageNote),
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
