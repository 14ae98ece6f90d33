// Input boxes for token ids and timestamp filters. Both validate as the user types with the same parsers the
// commands use, so what the box accepts is exactly what will be sent.
import * as vscode from 'vscode';
import { parseTimestampFilter, parseTokenId, type Parsed } from '../../core/ids';

/** An input-box validator: no complaint while the box is empty, else the parser's message. */
export function validateWith(parse: (text: string) => Parsed<unknown>): (text: string) => string | undefined {
  return (text) => {
    if (!text.trim()) return undefined;
    const parsed = parse(text);
    return parsed.ok ? undefined : parsed.message;
  };
}

async function ask(options: vscode.InputBoxOptions): Promise<string | undefined> {
  const text = await vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
  return text?.trim() || undefined;
}

export const askTokenId = () =>
  ask({
    title: 'Ledger Mirror: Show Token',
    prompt: 'Token id (shard.realm.num, realm.num or num) or long-zero EVM address',
    placeHolder: '0.0.1234',
    validateInput: validateWith(parseTokenId),
  });

export const askTimestampFilter = (tokenTitle: string) =>
  ask({
    title: `Ledger Mirror: ${tokenTitle} at Timestamp`,
    prompt: 'The token as it was at a consensus timestamp: [eq|lt|lte:]seconds[.nanoseconds]',
    placeHolder: 'lte:1700000000.000000000',
    validateInput: validateWith(parseTimestampFilter),
  });
