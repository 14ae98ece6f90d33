// EIP-55 addresses. Sourcify validates with ethers.isAddress (a mixed-case address must carry a valid checksum) and
// echoes checksummed addresses, so the client normalises the same way before comparing or displaying.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const HEX40 = /^0x[0-9a-fA-F]{40}$/;

export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}

/** True for `0x` + 40 hex digits that are all-lower, all-upper, or correctly checksummed. */
export function isEvmAddress(s: string): boolean {
  if (!HEX40.test(s)) return false;
  const body = s.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return checksumAddress(s) === s;
}
