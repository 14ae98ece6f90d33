// Sourcify knows contracts by EVM address only; a Hedera `0.0.x` id is turned into one through the mirror's
// `GET /api/v1/contracts/{id}` (`evm_address`), as HashScan does.
import { z } from 'zod';
import { ApiError } from '../errors';
import type { HttpClient } from '../http';
import { checksumAddress, isEvmAddress } from '../verify/address';

const HEDERA_ID = /^\d+\.\d+\.\d+$/;
const contractBody = z.looseObject({ evm_address: z.string().regex(/^0x[0-9a-fA-F]{40}$/) });

export const isHederaId = (s: string) => HEDERA_ID.test(s);

/** The checksummed form of a `0x…` address; ApiError('invalid-input') for anything else. */
export function checkedEvmAddress(address: string): string {
  const value = address.trim();
  if (isEvmAddress(value)) return checksumAddress(value);
  throw new ApiError('invalid-input', `"${address}" is neither a 0x… EVM address (with a valid checksum) nor a Hedera id like 0.0.1234`);
}

/** A checksummed EVM address for `address` (`0x…` or `0.0.x`); asks the mirror at `restUrl` only for `0.0.x`. */
export async function resolveEvmAddress(http: HttpClient, restUrl: string, address: string, signal?: AbortSignal): Promise<string> {
  const value = address.trim();
  if (!isHederaId(value)) return checkedEvmAddress(value);
  const url = `${restUrl.replace(/\/+$/, '')}/api/v1/contracts/${value}`;
  const parsed = contractBody.safeParse(await http.getJson(url, { signal }));
  if (!parsed.success) throw new ApiError('bad-response', `The mirror's contract ${value} has no EVM address (${url})`, { url });
  return checksumAddress(parsed.data.evm_address);
}
