/** Just enough ABI encoding for the cases: a selector followed by static 32-byte arguments. */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** `0x` + the 4-byte selector of a signature such as `add(uint256,uint256)`. */
export function selector(signature: string): string {
  return `0x${bytesToHex(keccak_256(utf8ToBytes(signature))).slice(0, 8)}`;
}

/** Calldata for `signature` with every argument a uint256/bytes32/address word. */
export function encodeCall(signature: string, args: readonly bigint[]): string {
  return selector(signature) + args.map(word).join('');
}

export function word(value: bigint): string {
  if (value < 0n || value >= 1n << 256n) throw new RangeError(`not a 256-bit word: ${value}`);
  return value.toString(16).padStart(64, '0');
}
