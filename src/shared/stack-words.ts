// Stack items as the mirror's tracer holds them: `0x` and 0–64 hex digits, because Besu keeps each item as the bytes
// it was pushed as (`0x80` after PUSH1, `0x` for PUSH0's empty word; results are 32 bytes). Every reader (the stack
// panel, argument decoding, mapping-key recovery, the debugger's expressions) takes them as the 256-bit words they
// stand for, through these two functions.

/** The item's value: `0x` is 0, `0x80` is 128. */
export function stackWordValue(item: string): bigint {
  const digits = item.replace(/^0x/i, '');
  return digits === '' ? 0n : BigInt(`0x${digits}`);
}

/** The item as a full word: `0x` and 64 hex digits. */
export function stackWord(item: string): string {
  return `0x${item.replace(/^0x/i, '').padStart(64, '0')}`;
}
