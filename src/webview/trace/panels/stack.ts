// Stack, top first: index label, the word without leading zeros (full word on hover) and a copy button.
import type { StepView } from '../../../shared/trace-protocol';
import { h, icon, setText } from '../dom';
import { shortWord } from '../format';
import type { PanelContent } from './section';
import { stackWord } from '../../../shared/stack-words';

export class StackPanel implements PanelContent {
  readonly body: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly empty: HTMLElement;

  constructor(private readonly copy: (text: string) => void) {
    this.list = h('ol', { class: 'stack', 'aria-label': 'Stack, top first' });
    this.empty = h('p', { class: 'empty' });
    this.body = h('div', { class: 'panel-body' }, this.empty, this.list);
  }

  render(view: StepView): void {
    const stack = view.stack;
    this.empty.hidden = stack !== null && stack.length > 0;
    setText(this.empty, stack === null ? 'The stack was not fetched for this trace.' : 'Empty stack.');
    const items = stack ?? [];
    while (this.list.children.length > items.length) this.list.lastElementChild?.remove();
    while (this.list.children.length < items.length) this.list.appendChild(this.createItem());
    items.forEach((word, i) => {
      const li = this.list.children[i] as HTMLElement;
      const full = stackWord(word);
      const [label, value] = li.children;
      setText(label, String(i));
      setText(value, shortWord(word));
      li.title = full;
      li.dataset.word = full;
    });
  }

  private createItem(): HTMLElement {
    const button = h('button', { type: 'button', class: 'icon-button', title: 'Copy the full word', 'aria-label': 'Copy' }, icon('copy'));
    const li = h('li', {}, h('span', { class: 'idx' }), h('code', { class: 'word' }), button);
    button.addEventListener('click', () => this.copy(li.dataset.word ?? ''));
    return li;
  }
}
