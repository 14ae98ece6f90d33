// The panel's header: what was traced, where, and how it ended. Built once; every value is text.
import type { TraceSummary } from '../../core/trace/model';
import { describeRevert } from '../../shared/revert-text';
import { h } from './dom';
import { formatCount } from './format';

function field(label: string, value: string, attrs: Record<string, string> = {}): HTMLElement {
  return h('div', { class: 'hd-field' }, h('span', { class: 'hd-label' }, label), h('span', { class: 'hd-value', ...attrs }, value));
}

export function buildHeader(title: string, summary: TraceSummary, network: string): HTMLElement {
  const outcome = summary.failed
    ? h('span', { class: 'badge failed', role: 'status' }, 'Failed')
    : h('span', { class: 'badge succeeded', role: 'status' }, 'Succeeded');
  const result = summary.failed
    ? summary.revert && h('div', { class: 'hd-outcome failed', 'data-testid': 'revert-reason' }, h('span', { class: 'hd-label' }, 'Reverted with'), h('code', {}, describeRevert(summary.revert)))
    : summary.returnValue && summary.rawReturnValue !== '0x' && h('div', { class: 'hd-outcome' }, h('span', { class: 'hd-label' }, 'Returned'), h('code', {}, describeRevert(summary.returnValue)));
  const missing = (['stack', 'memory', 'storage'] as const).filter((p) => !summary.parts[p]);
  return h(
    'header',
    { class: 'trace-header' },
    h('div', { class: 'hd-title' }, h('h1', {}, title), outcome, h('span', { class: 'badge network' }, network)),
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
    ),
    result,
    summary.truncated ? h('div', { class: 'banner', role: 'alert' }, 'Truncated by the server: the trace stops before the transaction ended, so later steps are missing.') : null,
  );
}
