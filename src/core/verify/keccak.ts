// keccak256 as solc writes it into metadata (`sources[*].keccak256`), through viem like every other hash here.
import { keccak256, stringToBytes } from 'viem';

/** `0x`-prefixed keccak256 of UTF-8 text or bytes: the hash solc writes into metadata `sources[*].keccak256`. */
export function keccak256Hex(content: string | Uint8Array): string {
  return keccak256(typeof content === 'string' ? stringToBytes(content) : content);
}
