import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** `0x`-prefixed keccak256 of UTF-8 text or bytes: the hash solc writes into metadata `sources[*].keccak256`. */
export function keccak256Hex(content: string | Uint8Array): string {
  return '0x' + bytesToHex(keccak_256(typeof content === 'string' ? utf8ToBytes(content) : content));
}
