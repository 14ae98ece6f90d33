// The code a trace frame ran, from the mirror: `GET /contracts/{address}` (core/mirror/client.ts) gives the runtime code and,
// for contracts deployed by a transaction, the init code. The answer is bounded before it is parsed: a mirror
// sending megabytes of "bytecode" gets a clear error (that frame has no code to match), and the trace is still shown.
import { z } from 'zod';
import { ApiError } from '../errors';
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
/** `GET /contracts/{id}`: one schema for everything read from it (code for source maps, `evm_address` for Sourcify). */
export const mirrorContractSchema = z.looseObject({
  evm_address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .nullish(),
  runtime_bytecode: hexOrNull,
  bytecode: hexOrNull,
});
export type MirrorContract = z.infer<typeof mirrorContractSchema>;

const present = (hex: string | null | undefined): Uint8Array | undefined => {
  const bytes = hex ? codeBytes(hex) : undefined;
  return bytes && bytes.length > 0 ? bytes : undefined;
};

/** The contract's two codes, each undefined when the mirror has none. */
export const chainCode = (contract: MirrorContract): ChainCode => ({
  runtime: present(contract.runtime_bytecode),
  creation: present(contract.bytecode),
});

/** Why a contract's answer was not read: more code than any contract can have, or a field that is not what it says. */
export function contractBodyError(error: z.ZodError, contract: string, url: string): ApiError {
  const tooLong = error.issues.some((i) => i.code === 'too_big');
  if (tooLong)
    return new ApiError(
      'too-large',
      `The mirror's contract ${contract} has more than ${MAX_CONTRACT_CODE_BYTES / 1024} KiB of bytecode, more than any contract can have; not read (${url})`,
      { url },
    );
  const field = error.issues[0]?.path.join('.') || '(body)';
  return new ApiError('bad-response', `The mirror's contract ${contract} has no readable bytecode: field ${field} (${url})`, { url });
}
