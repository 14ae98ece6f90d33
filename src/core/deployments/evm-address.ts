// Sourcify knows contracts by EVM address only; a Hedera `0.0.x` id is turned into one through the mirror's
// `GET /contracts/{id}` (`evm_address`, core/mirror/client.ts), as HashScan does.
import { ApiError } from '../errors';
import type { MirrorClient } from '../mirror/client';
import { checksumAddress, isEvmAddress } from '../verify/address';

const HEDERA_ID = /^\d+\.\d+\.\d+$/;

export const isHederaId = (s: string) => HEDERA_ID.test(s);

/** The checksummed form of a `0x…` address; ApiError('invalid-input') for anything else. */
export function checkedEvmAddress(address: string): string {
  const value = address.trim();
  if (isEvmAddress(value)) return checksumAddress(value);
  throw new ApiError('invalid-input', `"${address}" is neither a 0x… EVM address (with a valid checksum) nor a Hedera id like 0.0.1234`);
}

/** A checksummed EVM address for `address` (`0x…` or `0.0.x`); asks the mirror only for `0.0.x`. */
export async function resolveEvmAddress(mirror: MirrorClient, address: string, signal?: AbortSignal): Promise<string> {
  const value = address.trim();
  if (!isHederaId(value)) return checkedEvmAddress(value);
  return checksumAddress(await mirror.evmAddress(value, signal));
}
