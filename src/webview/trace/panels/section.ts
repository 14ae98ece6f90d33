// A collapsible detail panel. Closed panels skip their work on every step and catch up when opened, which keeps
// stepping cheap however many panels exist (the lesson of Remix's "stop updating heavy panels on every step").
import type { StepView } from '../../../shared/trace-protocol';
import { h } from '../dom';

export interface PanelContent {
  readonly body: HTMLElement;
  render(view: StepView): void;
  /** Forgets what it drew, so the next view is drawn even at the same step or frames (the trace was named again). */
  forget?(): void;
}

export class Section {
  readonly element: HTMLDetailsElement;
  private view: StepView | undefined;
  private stale = true;

  constructor(
    readonly id: string,
    title: string,
    private readonly content: PanelContent,
    open: boolean,
    onToggle: () => void,
  ) {
    this.element = h('details', { class: `panel panel-${id}`, open }, h('summary', {}, title), content.body);
    this.element.addEventListener('toggle', () => {
      if (this.element.open && this.stale && this.view) this.draw(this.view);
      onToggle();
    });
  }

  get open(): boolean {
    return this.element.open;
  }

  update(view: StepView): void {
    this.view = view;
    this.stale = true;
    if (this.element.open) this.draw(view);
  }

  /** The next view redraws the content from scratch. */
  forget(): void {
    this.content.forget?.();
  }

  private draw(view: StepView): void {
    this.stale = false;
    this.content.render(view);
  }
}
