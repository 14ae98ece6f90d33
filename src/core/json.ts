// Mirror JSON carries int64 values (e.g. token `expiry_timestamp` in nanoseconds) beyond 2^53 that JSON.parse would
// silently round; lossless-json keeps them as bigint so they can be shown and re-serialised digit for digit.
// Every body parsed here is untrusted, so its shape is bounded first: lossless-json recurses (a stack overflow), and
// JSON.parse builds one array per level (8 million `[` exhaust a 256 MB heap and abort the process).
import { isInteger, isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';
import { jsonBoundsProblem, type JsonBounds } from './workspace/bounded-json';

/**
 * Bounds for JSON from a server, checked in one pass before parsing (the same check as workspace JSON). Mirror and
 * Sourcify answers nest under 20 levels and hold a few thousand values; the bounds keep a hostile 16 MB body
 * (the JSON budget) within a few hundred MB of heap.
 */
export const SERVER_JSON_BOUNDS: JsonBounds = { maxDepth: 512, maxContainers: 1_000_000, maxValues: 4_000_000 };

function checkBounds(text: string): void {
  const problem = jsonBoundsProblem(text, SERVER_JSON_BOUNDS);
  if (problem) throw new SyntaxError(`too large to parse: ${problem}`);
}

/**
 * Integers as numbers, or bigints beyond 2^53; any other number a double holds exactly as a number; the rest
 * (`1.706825707000718e18`, an int64 a double cannot hold) as a LosslessNumber, its text as sent, so a schema can
 * show it as approximate rather than as a rounded value that looks exact.
 */
function parseNumber(text: string): number | bigint | LosslessNumber {
  if (isInteger(text)) return isSafeNumber(text) ? Number(text) : BigInt(text);
  return isSafeNumber(text) ? Number(text) : new LosslessNumber(text);
}

/**
 * Like JSON.parse, except integers beyond Number.MAX_SAFE_INTEGER become `bigint` and other numbers a double cannot
 * hold exactly a LosslessNumber. Throws SyntaxError.
 */
export function parseJson(text: string): unknown {
  checkBounds(text);
  return parse(text, null, parseNumber);
}

/** JSON.parse within SERVER_JSON_BOUNDS, for untrusted bodies that need no exact big integers. Throws SyntaxError. */
export function parseUntrustedJson(text: string): unknown {
  checkBounds(text);
  return JSON.parse(text);
}

/** Like JSON.stringify, writing bigints as plain digits. */
export function stringifyJson(value: unknown, indent?: number | string): string {
  return stringify(value, null, indent) ?? 'null';
}
