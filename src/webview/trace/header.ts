// The panel's header: what was traced, where, and how it ended. Built once; every value is text.
import type { TraceSummary } from '../../shared/trace-model';
import { describeRevert } from '../../shared/revert-text';
import { truncatedNotice } from '../../shared/truncation-text';
import type { TraceHeader, TraceNamesInit } from '../../shared/trace-protocol';
import { h } from './dom';
import { formatCount } from './format';
import { tokenLinks, type ShowToken } from './token-link';

function field(label: string, value: string, attrs: Record<string, string> = {}): HTMLElement {
  return h('div', { class: 'hd-field' }, h('span', { class: 'hd-label' }, label), h('span', { class: 'hd-value', ...attrs }, value));
}

/** `0x…` with its `0.0.N` beside it when known. */
const account = (address: string, id: string | null) => (id ? `${id} (${address})` : address);

/** What the mirror's contract result adds: who called what, value, gas, block and the mirror's own message. */
function resultFields(r: TraceHeader): Array<HTMLElement | null> {
  return [
    r.from ? field('From', account(r.from, r.fromId), { title: r.from, 'data-testid': 'header-from' }) : null,
    r.to ? field('To', account(r.to, r.toId), { title: r.to, 'data-testid': 'header-to' }) : null,
    field('Value', `${r.value} tinybar`),
    field('Gas limit', r.gasLimit),
    r.gasUsed !== null ? field('Gas used (mirror)', r.gasUsed) : null,
    r.block !== null ? field('Block', r.block) : null,
    field('Result', r.result),
  ];
}

export function buildHeader(
  title: string,
  summary: TraceSummary,
  network: string,
  names: TraceNamesInit,
  showToken: ShowToken,
): HTMLElement {
  const r = names.header;
  const revert = names.revert ?? (summary.revert && describeRevert(summary.revert));
  const outcome = summary.failed
    ? h('span', { class: 'badge failed', role: 'status' }, 'Failed')
    : h('span', { class: 'badge succeeded', role: 'status' }, 'Succeeded');
  const result = summary.failed
    ? revert &&
      h(
        'div',
        { class: 'hd-outcome failed', 'data-testid': 'revert-reason' },
        h('span', { class: 'hd-label' }, 'Reverted with'),
        h('code', {}, revert),
      )
    : summary.returnValue &&
      summary.rawReturnValue !== '0x' &&
      h('div', { class: 'hd-outcome' }, h('span', { class: 'hd-label' }, 'Returned'), h('code', {}, describeRevert(summary.returnValue)));
  // Storage is read from the trace's own SLOAD and SSTORE: the mirror's map is only a cross-check, never missing.
  const missing = (['stack', 'memory'] as const).filter((p) => !summary.parts[p]);
  return h(
    'header',
    { class: 'trace-header' },
    h('div', { class: 'hd-title' }, h('h1', {}, title), outcome, h('span', { class: 'badge network' }, network)),
    r?.call
      ? h(
          'div',
          { class: 'hd-outcome', 'data-testid': 'header-call' },
          h('span', { class: 'hd-label' }, 'Called'),
          h('code', {}, r.call),
          tokenLinks(r.tokens, showToken),
        )
      : null,
    h(
      'div',
      { class: 'hd-fields' },
      field('Address', summary.address, { title: summary.address }),
      summary.contractId ? field('Contract', summary.contractId) : null,
      field('Gas used', formatCount(summary.gasUsed)),
      field('Steps', formatCount(summary.steps)),
      field('Frames', formatCount(summary.frames)),
      field('Max depth', String(summary.maxDepth)),
      missing.length ? field('Not fetched', missing.join(', ')) : null,
      ...(r ? resultFields(r) : []),
    ),
    result,
    r?.error && r.error !== revert
      ? h(
          'div',
          { class: 'hd-outcome failed', 'data-testid': 'mirror-error' },
          h('span', { class: 'hd-label' }, 'Mirror says'),
          h('code', {}, r.error),
        )
      : null,
    names.note ? h('div', { class: 'hd-outcome', 'data-testid': 'names-note' }, names.note) : null,
    summary.truncated
      ? h('div', { class: 'banner', role: 'alert', 'data-testid': 'truncated-banner' }, truncatedNotice(summary.steps))
      : null,
  );
}
