// JSON from a workspace (build output, deployment records, metadata kept as text) is parsed only after one linear
// pass has checked its shape against fixed bounds: JSON.parse itself has no nesting or size limit, and 20 MB of `[`
// parses into 650 MB of heap. The pass counts what costs memory (nesting, containers, values) without building
// anything.

export interface JsonBounds {
  /** Deepest nesting of arrays and objects. solc ASTs nest a few hundred levels for the deepest expressions. */
  maxDepth: number;
  /** Arrays and objects in the document: each costs tens of bytes of heap even when empty. */
  maxContainers: number;
  /** Array elements and object members in the document. */
  maxValues: number;
}

/**
 * Large enough for the build info of a big project (about 60 MB with every AST: under a million containers), small
 * enough that a hostile document stays within a few hundred MB of heap.
 */
export const WORKSPACE_JSON_BOUNDS: JsonBounds = { maxDepth: 2048, maxContainers: 2_000_000, maxValues: 8_000_000 };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/** Index of the quote that closes the string opened at `open`, or -1 when it is never closed. */
function stringEnd(text: string, open: number): number {
  let close = open;
  for (;;) {
    close = text.indexOf('"', close + 1);
    if (close < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return close;
  }
}

/** Why `text` exceeds `bounds`, or undefined when it is within them (it may still be malformed JSON). */
export function jsonBoundsProblem(text: string, bounds: JsonBounds = WORKSPACE_JSON_BOUNDS): string | undefined {
  let depth = 0;
  let containers = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Strings are most of a build output's bytes: jump over them rather than looking at each character.
      i = stringEnd(text, i);
      if (i < 0) return undefined;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > bounds.maxDepth) return `nested more than ${bounds.maxDepth} levels deep`;
      if (++containers > bounds.maxContainers) return `more than ${bounds.maxContainers} arrays and objects`;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA && ++values > bounds.maxValues) return `more than ${bounds.maxValues} values`;
  }
  return undefined;
}

/** JSON.parse after the bounds check; throws an Error whose message says which bound or syntax rule was broken. */
export function parseBoundedJson(text: string, bounds: JsonBounds = WORKSPACE_JSON_BOUNDS): unknown {
  const problem = jsonBoundsProblem(text, bounds);
  if (problem) throw new Error(`too large to parse: ${problem}`);
  return JSON.parse(text);
}
