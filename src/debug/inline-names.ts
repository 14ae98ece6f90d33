// Where inline values go: the identifiers of the stopped function's lines, up to the stopped line, that may name a
// variable (keywords, types, and member names after a dot are left out). The debugger decides which it knows: a
// name no scope holds shows nothing.

/** Most names one stop offers (a long function is cut, not scanned whole). */
const MAX_NAMES = 500;
const MAX_LINES = 400;
const IDENT = /[A-Za-z_$][\w$]*/g;
const NOT_VARIABLES = new Set(
  (
    'abstract address anonymous as assembly assert bool break bytes calldata catch constant constructor continue contract delete do else emit enum ' +
    'error event external fallback false for function if immutable import indexed interface internal is library mapping memory modifier new ' +
    'override payable pragma private public pure receive require return returns revert storage string struct this true try type unchecked ' +
    'using view virtual while wei gwei ether seconds minutes hours days weeks msg tx block abi keccak256 sha256 gasleft'
  ).split(' '),
);
const TYPE = /^(u?int\d*|bytes\d+|fixed\S*|ufixed\S*)$/;

/** A name on a line: 0-based line and columns (UTF-16), end exclusive. */
export interface NameAt {
  name: string;
  line: number;
  start: number;
  end: number;
}

/** Identifiers on `lines[from..to]` (inclusive), outside comments and strings. */
export function inlineNames(lines: readonly string[], from: number, to: number): NameAt[] {
  const out: NameAt[] = [];
  let inComment = false;
  for (let line = Math.max(0, from, to - MAX_LINES + 1); line <= Math.min(to, lines.length - 1) && out.length < MAX_NAMES; line++) {
    let text = lines[line];
    // Blank out what is not code, keeping columns: block comments (across lines), line comments, strings.
    text = text.replace(/\/\*.*?\*\/|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (m) => ' '.repeat(m.length));
    if (inComment) {
      const close = text.indexOf('*/');
      if (close < 0) continue;
      text = ' '.repeat(close + 2) + text.slice(close + 2);
      inComment = false;
    }
    const open = text.indexOf('/*');
    if (open >= 0) {
      text = text.slice(0, open);
      inComment = true;
    }
    const comment = text.indexOf('//');
    if (comment >= 0) text = text.slice(0, comment);
    for (const m of text.matchAll(IDENT)) {
      const start = m.index;
      if (NOT_VARIABLES.has(m[0]) || TYPE.test(m[0]) || text[start - 1] === '.' || /^\s*\(/.test(text.slice(start + m[0].length))) continue;
      out.push({ line, start, end: start + m[0].length, name: m[0] });
      if (out.length === MAX_NAMES) break;
    }
  }
  return out;
}
