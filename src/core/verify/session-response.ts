// Reads a session endpoint's answer. The interface spec documents `files.missing` as an array of paths and leaves
// `files.invalid` out; the real server sends both as objects keyed by path. Both forms are accepted.
import { z } from 'zod';
import { ApiError } from '../errors';
import type { ContractResult, InvalidSource, MissingSource } from './result';

const missingField = z.union([
  z.array(z.string()),
  z.record(z.string(), z.looseObject({ keccak256: z.string().optional(), urls: z.array(z.string()).optional() })),
]);
const invalidField = z.union([
  z.array(z.string()),
  z.record(
    z.string(),
    z.looseObject({ expectedHash: z.string().optional(), calculatedHash: z.string().optional(), msg: z.string().optional() }),
  ),
]);

const sessionContract = z.looseObject({
  verificationId: z.string(),
  compiledPath: z.string(),
  name: z.string(),
  address: z.string().nullish(),
  chainId: z.union([z.string(), z.number()]).nullish(),
  files: z
    .looseObject({
      found: z.array(z.string()).optional(),
      missing: missingField.optional(),
      invalid: invalidField.optional(),
    })
    .optional(),
  status: z.string(),
  statusMessage: z.string().nullish(),
  storageTimestamp: z.string().nullish(),
});

const sessionResponse = z.looseObject({ contracts: z.array(sessionContract), unused: z.array(z.string()).optional() });

export type SessionContract = z.infer<typeof sessionContract>;
export type SessionResponse = z.infer<typeof sessionResponse>;

export function parseSessionResponse(body: unknown, url: string): SessionResponse {
  const parsed = sessionResponse.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError('bad-response', `Unexpected session response at ${issue.path.join('.') || 'top level'}: ${issue.message} (${url})`, {
      url,
    });
  }
  return parsed.data;
}

function missingList(m: z.infer<typeof missingField> | undefined): MissingSource[] {
  if (!m) return [];
  if (Array.isArray(m)) return m.map((path) => ({ path }));
  return Object.entries(m).map(([path, v]) => ({
    path,
    ...(v.keccak256 ? { keccak256: v.keccak256 } : {}),
    ...(v.urls ? { urls: v.urls } : {}),
  }));
}

function invalidList(i: z.infer<typeof invalidField> | undefined): InvalidSource[] {
  if (!i) return [];
  if (Array.isArray(i)) return i.map((path) => ({ path }));
  return Object.entries(i).map(([path, v]) => ({
    path,
    ...(v.expectedHash ? { expectedHash: v.expectedHash } : {}),
    ...(v.calculatedHash ? { calculatedHash: v.calculatedHash } : {}),
    ...(v.msg ? { message: v.msg } : {}),
  }));
}

function statusOf(s: string): ContractResult['status'] {
  return s === 'perfect' || s === 'partial' ? s : 'error';
}

/** Explains an `error` the server left without a message: its placeholder for "not attempted". */
function defaultMessage(c: SessionContract, missing: MissingSource[], invalid: InvalidSource[]): string | undefined {
  if (c.statusMessage) return c.statusMessage;
  if (statusOf(c.status) !== 'error') return undefined;
  if (missing.length) return `${missing.length} source file${missing.length > 1 ? 's are' : ' is'} missing`;
  if (invalid.length) return `${invalid.length} source file${invalid.length > 1 ? 's differ' : ' differs'} from the metadata`;
  if (c.status !== 'error') return `The server reported status "${c.status}"`;
  return 'Not verified: the server did not attempt this contract';
}

/** lib-sourcify's words when no code is deployed at the address: "Chain #296 does not have a contract deployed at 0x…". */
const NOT_DEPLOYED = /does not have a contract deployed/;

export function normaliseSessionContract(c: SessionContract): ContractResult {
  const missing = missingList(c.files?.missing);
  const invalid = invalidList(c.files?.invalid);
  const message = defaultMessage(c, missing, invalid);
  const notFound = statusOf(c.status) === 'error' && NOT_DEPLOYED.test(c.statusMessage ?? '');
  return {
    name: c.name,
    sourcePath: c.compiledPath,
    ...(c.address ? { address: c.address } : {}),
    ...(c.chainId !== undefined && c.chainId !== null ? { chainId: String(c.chainId) } : {}),
    status: statusOf(c.status),
    ...(message ? { message } : {}),
    ...(notFound ? { failure: 'not-found' as const } : {}),
    alreadyVerified: Boolean(c.storageTimestamp),
    ...(c.storageTimestamp ? { storageTimestamp: c.storageTimestamp } : {}),
    files: { found: c.files?.found ?? [], missing, invalid },
  };
}
