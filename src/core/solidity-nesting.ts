// How deep Solidity text nests parentheses, measured before @solidity-parser/parser sees it: the parser is
// super-linear in that depth (seconds at 50, minutes at a few hundred), and the text is the workspace's.

/** Parentheses inside parentheses: a real expression nests a few dozen at most; the parser takes seconds at 50. */
export const MAX_PAREN_NESTING = 32;

/** The deepest parenthesis nesting of Solidity text, outside comments and string literals; one linear pass. */
export function parenNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') deepest = Math.max(deepest, ++depth);
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '/' && text[i + 1] === '/') i = end(text.indexOf('\n', i), text);
    else if (c === '/' && text[i + 1] === '*') i = end(text.indexOf('*/', i + 2), text) + 1;
    else if (c === '"' || c === "'") i = closingQuote(text, i);
  }
  return deepest;
}

const end = (at: number, text: string): number => (at === -1 ? text.length : at);

/** Index of the quote closing the literal opened at `open` (escapes skipped; an unclosed one ends at its line). */
function closingQuote(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === text[open] || text[i] === '\n') return i;
  }
  return text.length;
}
