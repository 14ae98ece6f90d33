// The one transaction prompt: Open Opcode Trace…, Debug Transaction… and F5 without a launch.json ask the same way
// and accept the same text (an id, a hash or a HashScan transaction URL), checked as it is typed by the parser the
// trace command and trace links use.
import * as vscode from 'vscode';
import { parseTraceInput, TRACE_INPUT_FORMS } from '../../core/links/hashscan-url';
import { warmDecoder } from '../../core/trace/decode-stream';

/** The trimmed text typed, or undefined when the prompt was dismissed or left empty. */
export async function askTraceInput(title: string): Promise<string | undefined> {
  // A trace is about to open: the decoder's thread starts and warms its JIT while the id is typed, not before (no
  // memory spent for those who never trace) and not after (the first trace would pay for it).
  warmDecoder();
  const text = await vscode.window.showInputBox({
    title,
    prompt: `Paste ${TRACE_INPUT_FORMS}`,
    placeHolder: '0.0.1234-1700000000-000000001',
    ignoreFocusOut: true,
    validateInput: (typed) => {
      if (!typed.trim()) return undefined;
      const parsed = parseTraceInput(typed);
      return parsed.ok ? undefined : parsed.message;
    },
  });
  return text?.trim() || undefined;
}
