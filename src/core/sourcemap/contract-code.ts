// The code a trace frame ran, from the mirror: `GET {rest}/api/v1/contracts/{address}` gives the runtime code and,
// for contracts deployed by a transaction, the init code. The answer is bounded before it is parsed: a mirror
// sending megabytes of "bytecode" gets a clear error (that frame has no code to match), and the trace is still shown.
import { z } from 'zod';
import { ApiError } from '../errors';
import type { HttpClient } from '../http';
import { codeBytes } from './bytecode';

/**
 * The most code read for one contract: 1 MiB. Real code is far smaller: EIP-170 caps runtime code at 24 KiB and
 * EIP-3860 init code at 48 KiB, Hedera enforces both, and even init code uploaded through Hedera's file service is
 * bounded by a file's 1 MiB.
 */
export const MAX_CONTRACT_CODE_BYTES = 1024 * 1024;
/** The contract's answer: its two codes in hex (2 characters a byte) and a few short fields. */
export const MAX_CONTRACT_BODY_BYTES = 4 * MAX_CONTRACT_CODE_BYTES + 64 * 1024;

export interface ChainCode {
  runtime: Uint8Array | undefined;
  /** Init code, when the mirror kept it (contracts created by another contract have none). */
  creation: Uint8Array | undefined;
}

const hexOrNull = z
  .string()
  .max(2 + 2 * MAX_CONTRACT_CODE_BYTES)
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
    body = await http.getJson(url, { signal, maxBodyBytes: MAX_CONTRACT_BODY_BYTES });
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'not-found') return undefined;
    throw err;
  }
  const parsed = contractBody.safeParse(body);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((i) => i.code === 'too_big');
    throw new ApiError(
      tooLong ? 'too-large' : 'bad-response',
      tooLong
        ? `The mirror's contract ${address} has more than ${MAX_CONTRACT_CODE_BYTES / 1024} KiB of bytecode, more than any contract can have; not read (${url})`
        : `The mirror's contract ${address} has no readable bytecode (${url})`,
      { url },
    );
  }
  return { runtime: present(parsed.data.runtime_bytecode), creation: present(parsed.data.bytecode) };
}
