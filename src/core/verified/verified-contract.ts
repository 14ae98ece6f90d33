// A verification server's answer for one contract (Sourcify API v2 `GET /v2/contract/{chainId}/{address}`), read as
// hostile input: every size is bounded, source names stay names (never joined to a path on disk), and an answer for
// another chain or address is refused. What comes out is what the debugger needs to map the code that ran.
import { z } from 'zod';
import { ApiError } from '../errors';

/** Bounds on one answer, set well above real contracts (a verified DEX router has ~60 files, ~1.5 MB of source). */
export const VERIFIED_LIMITS = {
  files: 2_000,
  sourceChars: 24 * 1024 * 1024,
  nameChars: 1_024,
  /** Runtime code: EIP-170's 24 KiB, doubled for chains that raised it. */
  codeBytes: 48 * 1024,
};

/** What a source name may not hold: control characters (a newline forges lines, a NUL cuts paths) and bidi overrides. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/);
const match = z.enum(['exact_match', 'match']).nullable();

const answer = z.looseObject({
  match,
  runtimeMatch: match.optional(),
  chainId: z.union([z.string(), z.number()]).transform(String),
  address: z.string(),
  sources: z.record(z.string(), z.looseObject({ content: z.string() })),
  sourceIds: z.record(z.string(), z.looseObject({ id: z.number().int().min(0).max(1_000_000) })).optional(),
  compilation: z.looseObject({ name: z.string(), fullyQualifiedName: z.string(), compilerVersion: z.string().optional() }),
  abi: z.array(z.unknown()).nullish(),
  storageLayout: z.unknown().optional(),
  runtimeBytecode: z.looseObject({
    recompiledBytecode: hex,
    sourceMap: z.string().nullish(),
    linkReferences: z.unknown().optional(),
    immutableReferences: z.unknown().optional(),
  }),
});

export interface VerifiedContract {
  chainId: string;
  /** Lower-case 0x address, as asked. */
  address: string;
  /** `exact_match` (the metadata agrees) or `match` (the code does, the metadata not). */
  match: 'exact_match' | 'match';
  name: string;
  fullyQualifiedName: string;
  compilerVersion: string | undefined;
  /** Source name → text, in source-map index order when the server gave the ids. */
  sources: ReadonlyMap<string, string>;
  /** Source-map index → source name. */
  sourceIds: ReadonlyMap<number, string>;
  abi: unknown[];
  storageLayout: unknown;
  runtime: { hex: string; sourceMap: string; linkReferences: unknown; immutableReferences: unknown };
}

/** The fields the lookup asks for: the least that maps the code that ran to its sources and names its values. */
export const VERIFIED_FIELDS = 'sources,sourceIds,compilation,abi,storageLayout,runtimeBytecode';

const malformed = (what: string, why: string, url?: string) =>
  new ApiError('bad-response', `The verification server's answer for ${what} is malformed: ${why}`, { url });

/** Reads an answer for `address` on `chainId`; throws ApiError('bad-response') naming the contract when it is not one. */
export function parseVerifiedContract(body: unknown, chainId: string, address: string, url?: string): VerifiedContract {
  const what = `${address} on chain ${chainId}`;
  const parsed = answer.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw malformed(what, `${issue.path.join('.') || 'the body'}: ${issue.message}`, url);
  }
  const a = parsed.data;
  if (a.chainId !== chainId || a.address.toLowerCase() !== address.toLowerCase()) {
    throw malformed(what, `it describes ${safeName(a.address)} on chain ${safeName(a.chainId)}`, url);
  }
  if (a.match === null && (a.runtimeMatch ?? null) === null) throw malformed(what, 'it holds no match', url);
  const names = Object.keys(a.sources);
  if (names.length > VERIFIED_LIMITS.files) throw malformed(what, `${names.length} source files (at most ${VERIFIED_LIMITS.files})`, url);
  let chars = 0;
  for (const name of names) {
    if (name.length === 0 || name.length > VERIFIED_LIMITS.nameChars || UNSAFE_NAME.test(name))
      throw malformed(what, `a source name is not a plain name (${safeName(name)})`, url);
    chars += a.sources[name].content.length;
  }
  if (chars > VERIFIED_LIMITS.sourceChars)
    throw malformed(what, `${chars} characters of source (at most ${VERIFIED_LIMITS.sourceChars})`, url);
  const { name, fullyQualifiedName } = a.compilation;
  if (UNSAFE_NAME.test(name) || UNSAFE_NAME.test(fullyQualifiedName) || fullyQualifiedName.length > VERIFIED_LIMITS.nameChars)
    throw malformed(what, 'the contract name is not a plain name', url);
  const code = a.runtimeBytecode.recompiledBytecode;
  if ((code.length - 2) / 2 > VERIFIED_LIMITS.codeBytes)
    throw malformed(what, `runtime code of ${(code.length - 2) / 2} bytes (at most ${VERIFIED_LIMITS.codeBytes})`, url);
  return {
    chainId,
    address: address.toLowerCase(),
    match: (a.match ?? a.runtimeMatch) as 'exact_match' | 'match',
    name,
    fullyQualifiedName,
    compilerVersion: a.compilation.compilerVersion,
    sources: new Map(names.map((n) => [n, a.sources[n].content])),
    sourceIds: sourceIndex(names, a.sourceIds),
    abi: a.abi ?? [],
    storageLayout: a.storageLayout,
    runtime: {
      hex: code,
      sourceMap: a.runtimeBytecode.sourceMap ?? '',
      linkReferences: a.runtimeBytecode.linkReferences,
      immutableReferences: a.runtimeBytecode.immutableReferences,
    },
  };
}

/** Ids as the server gave them; without them, solc's own numbering (source units in name order). */
function sourceIndex(names: readonly string[], ids: Record<string, { id: number }> | undefined): Map<number, string> {
  const index = new Map<number, string>();
  if (ids) {
    for (const name of names) if (ids[name] && !index.has(ids[name].id)) index.set(ids[name].id, name);
    return index;
  }
  [...names].sort().forEach((name, i) => index.set(i, name));
  return index;
}

/** A name from the answer as it may appear in a message: bounded, control characters shown as escapes. */
function safeName(text: string): string {
  const cut = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return JSON.stringify(cut);
}
