// Call frames as a breadcrumb, root first: call type, the call by name (`Vault.withdraw(amount: 100)`, or the callee
// when nothing names it), the proxy a DELEGATECALL frame runs for, and gas used. A crumb jumps to the frame's first
// step; a token-service call's tokens are buttons beside it that show the token in the Tokens view.
import type { StepView } from '../../../shared/trace-protocol';
import { h, replaceChildren } from '../dom';
import { formatCount, middleCut } from '../format';
import { tokenLinks, type ShowToken } from '../token-link';
import type { PanelContent } from './section';

export class FramesPanel implements PanelContent {
  readonly body = h('nav', { class: 'panel-body crumbs', 'aria-label': 'Call frames' });
  private shown = '';

  constructor(
    private readonly select: (step: number) => void,
    private readonly showToken: ShowToken,
  ) {}

  forget(): void {
    this.shown = '';
  }

  render(view: StepView): void {
    const key = view.frames.map((f) => f.index).join(',');
    if (key === this.shown) return;
    this.shown = key;
    const last = view.frames.length - 1;
    const crumbs = view.frames.map((f, i) => {
      const name = view.frameNames[i] ?? null;
      const address = `${f.callee ?? ''}${name?.contractId ? ` (${name.contractId})` : ''}`;
      const callee = name?.call ?? (f.callee ? middleCut(f.callee, 8) : (name?.contractId ?? 'unknown callee'));
      // A DELEGATECALL frame runs the implementation's code on the proxy's account: the crumb names both.
      const proxy = name?.proxy ?? null;
      const proxyId = proxy?.contractId ? ` (${proxy.contractId})` : '';
      const forProxy = proxy ? ` for proxy ${proxy.address ? middleCut(proxy.address, 8) : 'unknown'}${proxyId}` : '';
      const proxyTitle = proxy ? ` for proxy ${proxy.address ?? 'unknown'}${proxyId}` : '';
      const button = h(
        'button',
        {
          type: 'button',
          class: `crumb${f.reverted ? ' reverted' : ''}`,
          title: `${f.callType} ${address}${proxyTitle} — steps ${f.entryStep}–${f.exitStep}, execution gas ${formatCount(f.gasUsed)} (the intrinsic charge is not in the trace; the header's Gas used includes it)${f.reverted ? ', reverted' : ''}`,
          'aria-current': i === last ? 'step' : undefined,
          'data-frame': f.index,
        },
        h('span', { class: 'ct' }, f.callType),
        ' ',
        h('code', { class: 'frame-name' }, callee),
        forProxy ? h('span', { class: 'proxy' }, forProxy) : null,
        h('span', { class: 'gas' }, ` ${formatCount(f.gasUsed)} gas`),
        f.reverted ? h('span', { class: 'tag' }, 'reverted') : null,
      );
      button.addEventListener('click', () => this.select(f.entryStep));
      return h('li', {}, button, tokenLinks(name?.tokens ?? [], this.showToken));
    });
    replaceChildren(this.body, h('ol', {}, ...crumbs));
  }
}
