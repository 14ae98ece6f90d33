// A token a call names (`HTS.transferToken(token: 0.0.5001, …)`) as a button that asks the host to show it in the
// Tokens view. The webview only says which id was activated; the host checks the id before using it.
import { h, icon } from './dom';

export type ShowToken = (token: string) => void;

export function tokenLinks(tokens: readonly string[], show: ShowToken): HTMLElement | null {
  if (tokens.length === 0) return null;
  return h(
    'span',
    { class: 'token-links' },
    ...tokens.map((token) => {
      const button = h(
        'button',
        { type: 'button', class: 'token-link', title: `Show token ${token} in the Tokens view`, 'data-token': token },
        icon('symbol-constant'),
        token,
      );
      button.addEventListener('click', () => show(token));
      return button;
    }),
  );
}
