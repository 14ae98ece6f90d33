// Revert and return data decoded as Solidity encodes it: Error(string), Panic(uint256) with its meaning, or raw.
import type { DecodedRevert } from '../../shared/trace-model';

// Solidity's two built-in error encodings, plus custom errors by selector (names need workspace ABIs, later).
const ERROR_SELECTOR = '08c379a0';
const PANIC_SELECTOR = '4e487b71';

/** Meanings from the Solidity docs ("Panic via assert and Error via require"). */
const PANIC_MEANINGS: ReadonlyMap<number, string> = new Map([
  [0x00, 'generic compiler-inserted panic'],
  [0x01, 'assert(false) or assertion failure'],
  [0x11, 'arithmetic overflow or underflow'],
  [0x12, 'division or modulo by zero'],
  [0x21, 'conversion of an out-of-range value to an enum'],
  [0x22, 'access to an incorrectly encoded storage byte array'],
  [0x31, 'pop() on an empty array'],
  [0x32, 'array index out of bounds'],
  [0x41, 'too much memory allocated or array too large'],
  [0x51, 'call to a zero-initialized internal function variable'],
]);

export function panicMeaning(code: number): string {
  return PANIC_MEANINGS.get(code) ?? `unknown panic code 0x${code.toString(16)}`;
}

/**
 * Decodes revert (or return) data given as `0x`-hex. Null for empty data; `Raw` for anything that is not hex or not
 * a well-formed encoding, so a malformed payload is still shown rather than guessed at.
 */
export function decodeRevert(data: string | null | undefined): DecodedRevert | null {
  if (data === null || data === undefined) return null;
  const hex = data.startsWith('0x') || data.startsWith('0X') ? data.slice(2) : data;
  if (hex.length === 0) return null;
  const normalized = '0x' + hex.toLowerCase();
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return { kind: 'Raw', data };
  if (hex.length < 8) return { kind: 'Raw', data: normalized };
  const selector = hex.slice(0, 8).toLowerCase();
  const args = Buffer.from(hex.slice(8), 'hex');
  if (selector === ERROR_SELECTOR) {
    const message = abiString(args);
    return message === null ? { kind: 'Raw', data: normalized } : { kind: 'Error', message, data: normalized };
  }
  if (selector === PANIC_SELECTOR) {
    if (args.length !== 32 || !isZero(args.subarray(0, 26))) return { kind: 'Raw', data: normalized };
    const code = args.readUIntBE(26, 6);
    return { kind: 'Panic', code, message: panicMeaning(code), data: normalized };
  }
  return { kind: 'CustomError', selector: '0x' + selector, data: normalized };
}

/** The ABI encoding of a single `string` argument, or null when the bytes do not hold one. */
function abiString(args: Buffer): string | null {
  if (args.length < 64 || !isZero(args.subarray(0, 26))) return null;
  const offset = args.readUIntBE(26, 6);
  if (offset + 32 > args.length) return null;
  const lengthWord = args.subarray(offset, offset + 32);
  if (!isZero(lengthWord.subarray(0, 26))) return null;
  const length = lengthWord.readUIntBE(26, 6);
  const start = offset + 32;
  if (start + length > args.length) return null;
  return args.toString('utf8', start, start + length);
}

function isZero(bytes: Uint8Array): boolean {
  return bytes.every((b) => b === 0);
}
