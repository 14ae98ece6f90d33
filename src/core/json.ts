// Mirror JSON carries int64 values (e.g. token `expiry_timestamp` in nanoseconds) beyond 2^53 that JSON.parse would
// silently round; lossless-json keeps them as bigint so they can be shown and re-serialised digit for digit.
// Every body parsed here is untrusted, so nesting is bounded first: lossless-json recurses (a stack overflow), and
// JSON.parse builds one array per level (8 million `[` exhaust a 256 MB heap and abort the process).
import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';

/** Far deeper than any mirror or Sourcify answer (under 20 levels), far shallower than what hurts a parser. */
export const MAX_JSON_DEPTH = 512;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Throws SyntaxError when `text` nests objects/arrays deeper than `max` (brackets inside strings do not count). */
export function assertJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) throw new SyntaxError(`JSON nested deeper than ${max} levels at character ${i}`);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
}

function parseNumber(text: string): number | bigint {
  return isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);
}

/** Like JSON.parse, except integers beyond Number.MAX_SAFE_INTEGER become `bigint`. Throws SyntaxError. */
export function parseJson(text: string): unknown {
  assertJsonDepth(text);
  return parse(text, null, parseNumber);
}

/** JSON.parse with the nesting bound, for untrusted bodies that need no exact big integers. Throws SyntaxError. */
export function parseUntrustedJson(text: string): unknown {
  assertJsonDepth(text);
  return JSON.parse(text);
}

/** Like JSON.stringify, writing bigints as plain digits. */
export function stringifyJson(value: unknown, indent?: number | string): string {
  return stringify(value, null, indent) ?? 'null';
}
