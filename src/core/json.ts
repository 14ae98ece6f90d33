// Mirror JSON carries int64 values (e.g. token `expiry_timestamp` in nanoseconds) beyond 2^53 that JSON.parse would
// silently round; lossless-json keeps them as bigint so they can be shown and re-serialised digit for digit.
import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';

function parseNumber(text: string): number | bigint {
  return isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);
}

/** Like JSON.parse, except integers beyond Number.MAX_SAFE_INTEGER become `bigint`. Throws SyntaxError. */
export function parseJson(text: string): unknown {
  return parse(text, null, parseNumber);
}

/** Like JSON.stringify, writing bigints as plain digits. */
export function stringifyJson(value: unknown, indent?: number | string): string {
  return stringify(value, null, indent) ?? 'null';
}
