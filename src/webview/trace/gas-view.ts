// The Gas view: an icicle chart of the host's gas profile (call frames, and Solidity functions when the build output is
// known; box widths proportional to inclusive gas) and the hottest source lines. It replaces the step table while open;
// choosing a box goes to its first step, choosing a line opens it in the editor. Only the bounded profile is drawn.
import type { GasNode, GasProfileView } from '../../shared/gas-profile';
import { formatGas, gasText, percent } from '../../shared/gas-text';
import { h, icon, replaceChildren, setText } from './dom';

export interface GasViewEvents {
  select(step: number): void;
  openLine(index: number): void;
  /** Asks the host for the profile (once, after the panel's first paint). */
  ask(): void;
  /** The view was shown or hidden (saved with the panel's state). */
  toggled(shown: boolean): void;
}

/** Chart colours, picked by name so a function keeps its colour across traces. */
const COLOURS = 6;

function colourOf(label: string): number {
  let hash = 0;
  for (let i = 0; i < label.length; i++) hash = (hash * 31 + label.charCodeAt(i)) | 0;
  return Math.abs(hash) % COLOURS;
}

interface Box {
  node: GasNode;
  el: HTMLElement;
  depth: number;
  /** Left edge, as a fraction of the total. */
  x: number;
}

export class GasView {
  /** The view; it lives inside the layout next to the step table, which it hides while shown. */
  readonly element: HTMLElement;
  /** The toolbar button that shows and hides it. */
  readonly toggle: HTMLButtonElement;
  private readonly chart: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly lines: HTMLElement;
  private boxes: Box[] = [];
  private focused = 0;

  constructor(private readonly events: GasViewEvents) {
    this.toggle = h(
      'button',
      {
        type: 'button',
        class: 'tb-button gas-toggle',
        'aria-pressed': 'false',
        title: 'Gas profile: where the gas went, by call frame, function and line',
        'data-action': 'gas',
      },
      icon('flame'),
      h('span', {}, 'Gas'),
    );
    this.toggle.addEventListener('click', () => this.setShown(!this.shown));
    this.summary = h('p', { class: 'gas-summary', role: 'status' }, 'Computing the gas profile…');
    this.chart = h('div', {
      class: 'gas-chart',
      role: 'group',
      'aria-label': 'Gas by call frame and function (arrow keys move, Enter goes to the first step)',
    });
    this.chart.addEventListener('keydown', (e) => this.onKey(e));
    this.lines = h('ol', { class: 'gas-lines' });
    this.element = h(
      'section',
      { class: 'gas-view', 'aria-label': 'Gas profile' },
      this.summary,
      this.chart,
      h('h2', { class: 'gas-heading' }, 'Hottest lines'),
      this.lines,
    );
    // After the first rows are on screen: the host computes the profile then, off the path of opening the trace.
    requestAnimationFrame(() => setTimeout(() => events.ask(), 0));
  }

  get shown(): boolean {
    return this.toggle.getAttribute('aria-pressed') === 'true';
  }

  setShown(shown: boolean): void {
    this.toggle.setAttribute('aria-pressed', String(shown));
    this.element.parentElement?.classList.toggle('show-gas', shown);
    if (shown) this.boxes[this.focused]?.el.focus();
    this.events.toggled(shown);
  }

  update(profile: GasProfileView | null, note: string | null): void {
    if (!profile) {
      setText(this.summary, 'Computing the gas profile…');
      return;
    }
    const merged = profile.merged > 0 ? ` ${formatGas(profile.merged)} small calls are folded into "other" boxes.` : '';
    // No boxes at all: the host refused the profile, and its note says why (a total of 0 would mislead).
    if (profile.nodes.length === 0 && note) setText(this.summary, note);
    else
      setText(
        this.summary,
        `${formatGas(profile.total)} gas in this trace (execution gas: the intrinsic charge is not in the trace).${merged}${note ? ` ${note}` : ''}`,
      );
    this.drawChart(profile);
    this.drawLines(profile);
  }

  private drawChart(profile: GasProfileView): void {
    const total = profile.total > 0 ? profile.total : 1;
    const next = new Float64Array(profile.nodes.length);
    this.boxes = [];
    let maxDepth = 0;
    let rootX = 0;
    profile.nodes.forEach((node, i) => {
      const parent = node.parent >= 0 ? this.boxes[node.parent] : undefined;
      const depth = parent ? parent.depth + 1 : 0;
      const width = Math.max(0, node.inclusive) / total;
      const x = parent ? parent.x + next[node.parent] : rootX;
      if (parent) next[node.parent] += width;
      else rootX += width;
      maxDepth = Math.max(maxDepth, depth);
      const share = percent(node.inclusive, total);
      const el = h(
        'div',
        {
          class: `gas-box gas-${node.kind} gas-c${colourOf(node.label)}`,
          role: 'button',
          tabindex: -1,
          'data-node': i,
          'aria-label': `${node.label}: ${gasText(node.inclusive, total)}, own ${formatGas(node.exclusive)} gas${node.calls > 1 ? `, ${node.calls} calls` : ''}`,
        },
        `${node.label} · ${formatGas(node.inclusive)} (${share})`,
      );
      // Through the CSSOM: the webview's CSP refuses style attributes.
      el.style.left = `${(100 * x).toFixed(4)}%`;
      el.style.width = `${(100 * width).toFixed(4)}%`;
      el.style.top = `calc(${depth} * var(--gas-row))`;
      el.title = [
        node.label,
        `Inclusive: ${gasText(node.inclusive, total)}`,
        `Exclusive: ${gasText(node.exclusive, total)}`,
        ...(node.calls > 1 ? [`Calls: ${node.calls}`] : []),
        `First step: ${node.firstStep}`,
      ].join('\n');
      el.addEventListener('click', () => this.choose(i));
      this.boxes.push({ node, el, depth, x });
    });
    this.focused = Math.min(this.focused, Math.max(0, this.boxes.length - 1));
    this.boxes[this.focused]?.el.setAttribute('tabindex', '0');
    this.chart.style.height = `calc(${maxDepth + 1} * var(--gas-row))`;
    replaceChildren(this.chart, ...this.boxes.map((b) => b.el));
  }

  private drawLines(profile: GasProfileView): void {
    if (profile.lines.length === 0) {
      replaceChildren(
        this.lines,
        h(
          'li',
          { class: 'gas-none' },
          profile.withSources ? 'No Solidity line of this trace is known.' : 'Gas per line needs the workspace’s build output.',
        ),
      );
      return;
    }
    replaceChildren(
      this.lines,
      ...profile.lines.map((line, i) => {
        const where = `${line.sourceName.split('/').pop() ?? line.sourceName}:${line.line + 1}`;
        const gas = h('span', { class: 'gas-line-gas' }, gasText(line.gas, profile.total));
        if (!line.openable) return h('li', { title: line.sourceName }, h('span', { class: 'gas-line-where' }, where), gas);
        const button = h(
          'button',
          { type: 'button', class: 'gas-line-open', title: `Open ${line.sourceName} at line ${line.line + 1}` },
          where,
        );
        button.addEventListener('click', () => this.events.openLine(i));
        return h('li', {}, button, gas);
      }),
    );
  }

  private choose(i: number): void {
    this.focus(i);
    const step = this.boxes[i]?.node.firstStep;
    if (step !== undefined && step >= 0) this.events.select(step);
  }

  private focus(i: number): void {
    const box = this.boxes[i];
    if (!box) return;
    this.boxes[this.focused]?.el.setAttribute('tabindex', '-1');
    this.focused = i;
    box.el.setAttribute('tabindex', '0');
    box.el.focus();
  }

  /** Arrows move between boxes (Left/Right along the row, Up to the caller, Down to the first callee); Enter goes. */
  private onKey(e: KeyboardEvent): void {
    const here = this.boxes[this.focused];
    if (!here) return;
    const row = (depth: number) =>
      this.boxes
        .map((b, i) => ({ b, i }))
        .filter(({ b }) => b.depth === depth)
        .sort((a, b) => a.b.x - b.b.x);
    let target: number | undefined;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.choose(this.focused);
      return;
    } else if (e.key === 'ArrowUp') target = here.node.parent >= 0 ? here.node.parent : undefined;
    else if (e.key === 'ArrowDown') target = this.boxes.findIndex((b) => b.node.parent === this.focused);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const same = row(here.depth);
      const at = same.findIndex(({ i }) => i === this.focused);
      target = same[at + (e.key === 'ArrowLeft' ? -1 : 1)]?.i;
    } else return;
    e.preventDefault();
    if (target !== undefined && target >= 0) this.focus(target);
  }
}
