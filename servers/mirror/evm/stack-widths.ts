/**
 * Byte widths of stack items as the Besu-based mirror prints them. Besu keeps each item as a byte string
 * and prints it unpadded: PUSHn pushes the raw n-byte code slice (PUSH1 0x80 → "0x80", PUSH0 → "0x"),
 * the address opcodes push 20-byte addresses, DUP/SWAP move items unchanged, and every other result is
 * a 32-byte word. ethereumjs gives plain bigints, so the widths are replayed here op by op.
 */

/** Legacy EVM ops that push nothing; every other op (apart from DUP/SWAP) pushes exactly one item. */
const NO_OUTPUT = new Set([
  'STOP',
  'CALLDATACOPY',
  'CODECOPY',
  'EXTCODECOPY',
  'RETURNDATACOPY',
  'MCOPY',
  'POP',
  'MSTORE',
  'MSTORE8',
  'SSTORE',
  'TSTORE',
  'JUMP',
  'JUMPI',
  'JUMPDEST',
  'LOG0',
  'LOG1',
  'LOG2',
  'LOG3',
  'LOG4',
  'RETURN',
  'REVERT',
  'INVALID',
  'SELFDESTRUCT',
]);
const ADDRESS_OUTPUT = new Set(['ADDRESS', 'ORIGIN', 'CALLER', 'COINBASE']);

function widthOfResult(op: string): number {
  if (op.startsWith('PUSH')) return Number(op.slice(4));
  return ADDRESS_OUTPUT.has(op) ? 20 : 32;
}

/**
 * Widths of the stack after `op` ran on a stack whose widths were `before`, given the new stack length.
 * Falls back to 32-byte words when the lengths do not fit the op (e.g. after an exceptional halt).
 */
export function widthsAfter(before: readonly number[], op: string | undefined, length: number): number[] {
  if (op === undefined) return new Array<number>(length).fill(32);
  const dup = /^DUP(\d+)$/.exec(op);
  if (dup && length === before.length + 1) return [...before, before[before.length - Number(dup[1])] ?? 32];
  const swap = /^SWAP(\d+)$/.exec(op);
  if (swap && length === before.length) {
    const next = [...before];
    const top = next.length - 1;
    const other = top - Number(swap[1]);
    [next[top], next[other]] = [next[other]!, next[top]!];
    return next;
  }
  const pushes = NO_OUTPUT.has(op) ? 0 : 1;
  const kept = length - pushes;
  if (dup || swap || kept < 0 || kept > before.length) return new Array<number>(length).fill(32);
  const next = before.slice(0, kept);
  if (pushes === 1) next.push(widthOfResult(op));
  return next;
}

/** `0x`-hex of a stack item at its Besu width (unpadded beyond that width; zero width gives "0x"). */
export function stackItemHex(value: bigint, width: number): string {
  if (width === 0) return '0x';
  return `0x${value.toString(16).padStart(width * 2, '0')}`;
}
