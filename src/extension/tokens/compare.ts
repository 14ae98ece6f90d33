// "Compare with Timestamp…": the token's state at another timestamp beside the state the node shows, as two
// read-only text documents in the editor's diff view, which marks the fields that changed.
import * as vscode from 'vscode';
import { parseTimestampFilter } from '../../core/ids';
import { safeLine } from '../../core/safe-text';
import type { Token } from '../../core/token';
import { changedFields, renderTokenText } from '../../core/token-text';
import type { Services } from '../services';
import { askTimestampFilter } from './prompts';
import type { TokenRoot } from './tree';

const SCHEME = 'ledger-mirror-token';
/** Documents kept for the diff editors; a few comparisons' worth, oldest dropped first. */
const MAX_DOCUMENTS = 20;

export interface Comparison {
  left: vscode.Uri;
  right: vscode.Uri;
  /** `Section / Field` of every line that differs. */
  changed: string[];
}

/** Serves the rendered token texts by URI; VS Code shows content-provider documents read-only. */
class TokenTexts implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private next = 0;

  add(label: string, text: string): vscode.Uri {
    // A counter keeps each comparison's documents apart; the label is what the editor tab shows.
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${label.replace(/[^A-Za-z0-9.:@_-]/g, '_')}.txt`, query: String(this.next++) });
    this.texts.set(uri.toString(), text);
    while (this.texts.size > MAX_DOCUMENTS) this.texts.delete(this.texts.keys().next().value as string);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? 'This comparison is no longer available; run Compare with Timestamp… again.';
  }
}

export type CompareTokens = (root: TokenRoot, given?: unknown) => Promise<Comparison | undefined>;

export function registerTokenCompare(context: vscode.ExtensionContext, services: Services): CompareTokens {
  const texts = new TokenTexts();
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(SCHEME, texts));

  return async (root, given) => {
    if (root.state.status !== 'loaded') throw new Error('Compare with Timestamp works on a loaded token; wait for it to load or retry it.');
    const shown: Token = root.state.token;
    const input = typeof given === 'string' ? given : await askTimestampFilter(`Compare ${root.title}`);
    if (input === undefined) return undefined;
    const filter = parseTimestampFilter(input);
    if (!filter.ok) throw new Error(filter.message);
    const when = `${filter.value.op}:${filter.value.timestamp}`;
    const { token: other } = await services.mirror().token(shown.token_id, { timestamp: filter.value.query });
    const here = root.pin.timestamp ?? 'current';
    const left = texts.add(`${shown.token_id}@${when}`, renderTokenText(other, when));
    const right = texts.add(`${shown.token_id}@${here}`, renderTokenText(shown, root.pin.timestamp));
    const changed = changedFields(other, shown);
    const summary = changed.length === 0 ? 'no changes' : `${changed.length} field${changed.length === 1 ? '' : 's'} changed`;
    await vscode.commands.executeCommand(
      'vscode.diff',
      left,
      right,
      `${safeLine(shown.symbol)} ${shown.token_id}: @ ${when} ↔ ${here} (${summary})`,
      { preview: true },
    );
    return { left, right, changed };
  };
}
