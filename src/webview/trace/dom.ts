// The only way the stepper builds DOM: elements with attributes and text children. Text always goes through
// text nodes / textContent, so a revert string or memo carrying markup can never become an element.

type Child = Node | string | null | undefined | false;

export interface Attrs {
  class?: string;
  [attr: string]: string | number | boolean | undefined;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

/** Replaces every child of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** Sets text only when it changed: most cells keep their value from one step to the next. */
export function setText(el: Node, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

export function icon(name: string, mirrored = false): HTMLElement {
  return h('span', { class: `codicon codicon-${name}${mirrored ? ' mirrored' : ''}`, 'aria-hidden': 'true' });
}
