// How numbers and words read in the stepper: hex words without their leading zeros (the full word on hover),
// grouped gas, memory offsets.

/** `0x0000…002a` → `0x2a`; a word of zeros is `0x0`. */
export function shortWord(word: string): string {
  const digits = word.replace(/^0x0*/i, '');
  return '0x' + (digits || '0');
}

const grouping = new Intl.NumberFormat('en-US');

export const formatCount = (n: number) => grouping.format(n);

/** Memory offset as `0x` + 4 or more hex digits. */
export const formatOffset = (byte: number) => '0x' + byte.toString(16).padStart(4, '0');

/** An address or a long hash with its middle cut. */
export function middleCut(s: string, keep = 10): string {
  return s.length <= keep * 2 + 1 ? s : `${s.slice(0, keep)}…${s.slice(-keep + 2)}`;
}

/** One byte as the ASCII column shows it: printable characters as themselves, the rest as a dot. */
export function asciiOf(byte: number): string {
  return byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.';
}
