// The code a trace frame ran, from the mirror: `GET {rest}/api/v1/contracts/{address}` gives the runtime code and,
// for contracts deployed by a transaction, the init code.
import { z } from 'zod';
import { ApiError } from '../errors';
import type { HttpClient } from '../http';
import { codeBytes } from './bytecode';

export interface ChainCode {
  runtime: Uint8Array | undefined;
  /** Init code, when the mirror kept it (contracts created by another contract have none). */
  creation: Uint8Array | undefined;
}

const hexOrNull = z
  .string()
  .regex(/^(0x)?([0-9a-fA-F]{2})*$/)
  .nullish();
const contractBody = z.looseObject({ runtime_bytecode: hexOrNull, bytecode: hexOrNull });

const present = (hex: string | null | undefined): Uint8Array | undefined => {
  const bytes = hex ? codeBytes(hex) : undefined;
  return bytes && bytes.length > 0 ? bytes : undefined;
};

/** The contract's code; undefined when the mirror knows no contract there (an account, a system contract). */
export async function fetchContractCode(
  http: HttpClient,
  restUrl: string,
  address: string,
  signal?: AbortSignal,
): Promise<ChainCode | undefined> {
  const url = `${restUrl.replace(/\/+$/, '')}/api/v1/contracts/${address}`;
  let body: unknown;
  try {
    body = await http.getJson(url, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'not-found') return undefined;
    throw err;
  }
  const parsed = contractBody.safeParse(body);
  if (!parsed.success) throw new ApiError('bad-response', `The mirror's contract ${address} has no readable bytecode (${url})`, { url });
  return { runtime: present(parsed.data.runtime_bytecode), creation: present(parsed.data.bytecode) };
}
