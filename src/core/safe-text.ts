// Text from servers, traces and workspaces (token names and memos, error messages, revert strings, file names) is
// shown to people: in a terminal, where ESC/OSC/CSI sequences can rewrite the screen, set the window title or write
// hyperlinks, and in VS Code messages, logs and trees, where bidi overrides and invisible characters make text read
// differently from what it is. Such characters are replaced by visible escapes (`\x1b`, `\u202e`); everything else,
// including any script and emoji, is kept. Escaping is idempotent: escaped text contains no character it escapes.

/**
 * Beyond C0 controls: DEL, C1 controls (U+0080–U+009F: 0x9B is a one-character CSI on some terminals), and the
 * format characters that reorder or hide text: Arabic letter mark, Mongolian vowel separator, zero-width space,
 * directional marks (zero-width joiners are kept: scripts and emoji need them), line and paragraph separators, bidi embeddings, overrides and isolates, word joiner and
 * invisible operators, BOM, interlinear annotation controls.
 */
const BEYOND_C0 = '\\u007f-\\u009f\\u061c\\u180e\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u206f\\ufeff\\ufff9-\\ufffb';
const UNSAFE = new RegExp(`[\\u0000-\\u001f${BEYOND_C0}]`, 'g');
/** As UNSAFE, but newline and tab are kept. */
const UNSAFE_KEEPING_LINES = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f${BEYOND_C0}]`, 'g');
/** What JSON.stringify leaves raw: it escapes every C0 control inside strings already. */
const UNSAFE_IN_JSON = new RegExp(`[${BEYOND_C0}]`, 'g');

const escape = (c: string): string => {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** For one line (a tree label, a value in a summary): every control character escaped, newlines and tabs too. */
export function safeLine(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** For text that may span lines (a terminal line, a message, a log entry): newlines and tabs kept, the rest escaped. */
export function safeText(text: string): string {
  return text.replace(UNSAFE_KEEPING_LINES, escape);
}

/**
 * JSON text with the characters `JSON.stringify` leaves raw (C1 controls, bidi and invisible format characters)
 * written as `\uXXXX` too. They can only occur inside JSON strings, so the document parses to the same values.
 */
export function safeJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
