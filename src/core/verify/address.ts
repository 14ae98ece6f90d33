// EIP-55 addresses. Sourcify validates with ethers.isAddress (a mixed-case address must carry a valid checksum) and
// echoes checksummed addresses, so the client normalises the same way before comparing or displaying.
import { checksumAddress as eip55 } from 'viem';

const HEX40 = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 form of a `0x` + 40 hex digits address (any case in, mixed case out). */
export function checksumAddress(address: string): string {
  return eip55(address as `0x${string}`);
}

/**
 * True for `0x` + 40 hex digits that are all-lower, all-upper, or correctly checksummed. (viem's `isAddress` refuses
 * all-upper, which ethers and Sourcify accept.)
 */
export function isEvmAddress(s: string): boolean {
  if (!HEX40.test(s)) return false;
  const body = s.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return checksumAddress(s) === s;
}
