// The panel's header: what was traced, where, and how it ended. Built once; every value is text.
import type { DecodedRevert, TraceSummary } from '../../shared/trace-model';
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

/** A whole number as text grouped like every other number of the panel (`15000000` → `15,000,000`); other text as is. */
function grouped(text: string): string {
  return /^\d{1,30}$/.test(text) ? grouping.format(BigInt(text)) : text;
}
const grouping = new Intl.NumberFormat('en-US');

const GAS_USED_TIP = 'What the transaction was charged for, intrinsic gas included. The frames and the Gas view count execution only.';

/** What the mirror's contract result adds: who called what, value, gas limit, block. */
function resultFields(r: TraceHeader): Array<HTMLElement | null> {
  return [
    r.from ? field('From', account(r.from, r.fromId), { title: r.from, 'data-testid': 'header-from' }) : null,
    r.to ? field('To', account(r.to, r.toId), { title: r.to, 'data-testid': 'header-to' }) : null,
    // One unit name everywhere (the debugger's Globals say tinybars too).
    field('Value', `${grouped(r.value)} tinybars`),
    field('Gas limit', grouped(r.gasLimit)),
    r.block !== null ? field('Block', r.block) : null,
    field('Result', r.result),
  ];
}

/**
 * One "Gas used": the trace's, which is the mirror's when both are known and agree; the mirror's beside it only when
 * the two differ (then neither is silently preferred).
 */
function gasFields(summary: TraceSummary, r: TraceHeader | undefined): HTMLElement[] {
  const traced = field('Gas used', formatCount(summary.gasUsed), { title: GAS_USED_TIP, 'data-testid': 'header-gas-used' });
  if (!r?.gasUsed || r.gasUsed === String(summary.gasUsed)) return [traced];
  return [traced, field('Gas used (mirror)', grouped(r.gasUsed), { title: GAS_USED_TIP })];
}

/** The mirror's error message says what the trace's revert does, in one of the wordings the two use. */
function sameReason(text: string, revert: DecodedRevert | null | undefined, shown: string | null | undefined): boolean {
  if (text === shown) return true;
  if (!revert) return false;
  if (revert.kind === 'Error')
    return [revert.message, JSON.stringify(revert.message)].some(
      (m) => text === m || text === `Error(${m})` || text === `Error(message: ${m})`,
    );
  return text.toLowerCase() === revert.data.toLowerCase();
}

/** The call without the reason the "Reverted with" line gives (exactly the suffix the names added, nothing guessed). */
function callText(call: string, error: string | null): string {
  const suffix = error === null ? undefined : ` reverted: ${error}`;
  return suffix && call.endsWith(suffix) ? call.slice(0, -suffix.length) : call;
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
          h('code', {}, summary.failed && revert ? callText(r.call, r.error) : r.call),
          tokenLinks(r.tokens, showToken),
        )
      : null,
    h(
      'div',
      { class: 'hd-fields' },
      field('Address', summary.address, { title: summary.address }),
      summary.contractId ? field('Contract', summary.contractId) : null,
      ...gasFields(summary, r ?? undefined),
      // Steps are numbered from 0: the count, and the numbers the status line counts through.
      field('Steps', summary.steps > 0 ? `${formatCount(summary.steps)} (0–${formatCount(summary.steps - 1)})` : '0'),
      field('Frames', formatCount(summary.frames)),
      field('Max depth', String(summary.maxDepth)),
      missing.length ? field('Not fetched', missing.join(', ')) : null,
      ...(r ? resultFields(r) : []),
    ),
    result,
    r?.error && !sameReason(r.error, summary.revert, revert)
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
