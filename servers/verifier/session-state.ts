// How one session evolves (session-data.ts holds its shape): files stored, contracts checked and verified; plus the
// JSON the session endpoints return.
import { createHash } from 'node:crypto';
import { stdJsonFromMetadata } from '../../src/core/verify/std-json';
import { checkFiles, type CheckedContract, type InputFile } from './checked-contracts';
import { compileStdJson, CompilerError, type CompiledContract } from './compiler';
import type { VerifierContext } from './context';
import { HttpError, errorBody } from './http';
import type { ContractWrapper, SessionData } from './session-data';
import { verifyDeployed } from './verification';

export const newSession = (): SessionData => ({ files: new Map(), wrappers: new Map(), unused: [] });

const base64Size = (content: string) => Math.ceil(Buffer.byteLength(content) / 3) * 4;

/** Stores files not already present (by content hash); returns how many were new. 413 beyond the session cap. */
export function saveFiles(ctx: VerifierContext, session: SessionData, files: readonly InputFile[]): number {
  const fresh = new Map<string, InputFile>();
  for (const f of files) {
    const hash = createHash('sha1').update(f.content).digest('hex');
    if (!session.files.has(hash)) fresh.set(hash, f);
  }
  const size = [...session.files.values(), ...fresh.values()].reduce((n, f) => n + base64Size(f.content), 0);
  if (size > ctx.limits.maxSessionSize) {
    throw new HttpError(413, errorBody('Too much session memory used. Delete some files or clear the session.'));
  }
  for (const [hash, f] of fresh) session.files.set(hash, f);
  return fresh.size;
}

/** Rebuilds checked contracts from all session files, keeping the address and status of ones already known. */
export function checkSession(session: SessionData): void {
  const { contracts, unused } = checkFiles([...session.files.values()]);
  session.unused = unused;
  for (const contract of contracts) {
    const existing = session.wrappers.get(contract.verificationId);
    if (existing) existing.contract = contract;
    else session.wrappers.set(contract.verificationId, { contract });
  }
}

function compileChecked(c: CheckedContract): CompiledContract {
  const input = stdJsonFromMetadata(c.metadata, c.solidity);
  const compiled = compileStdJson(input, c.metadata.compiler.version)[c.compiledPath]?.[c.name];
  if (!compiled) throw new CompilerError(`Contract ${c.name} not found in ${c.compiledPath} after compilation.`);
  return compiled;
}

const isEmpty = (o: object) => Object.keys(o).length === 0;

function isVerifiable(w: ContractWrapper): boolean {
  return Boolean(w.address && w.chainId) && isEmpty(w.contract.missing) && isEmpty(w.contract.invalid);
}

/**
 * `verifyContractsInSession` with HashScan's patch: every listed wrapper is tried (a dry run does not stop after the
 * first). Already perfectly stored contracts short-circuit with their storage timestamp. A non-dry partial over a
 * stored partial throws the 500 out of the whole request, as 9c0dd549 does.
 */
export async function verifyWrappers(ctx: VerifierContext, wrappers: Iterable<ContractWrapper>, dryRun: boolean): Promise<void> {
  for (const w of wrappers) {
    if (w.address && w.chainId) {
      const stored = ctx.repository.get(w.chainId, w.address);
      if (stored?.status === 'perfect') {
        Object.assign(w, { status: 'perfect', statusMessage: undefined, storageTimestamp: stored.verifiedAt });
        continue;
      }
    }
    if (!isVerifiable(w)) continue;
    const chainId = w.chainId as string;
    const address = w.address as string;
    const outcome = await verifyDeployed(ctx.chains, chainId, address, () => compileChecked(w.contract));
    if (outcome.status === 'error') {
      Object.assign(w, { status: 'error', statusMessage: outcome.message, storageTimestamp: undefined });
      continue;
    }
    Object.assign(w, { status: outcome.status, statusMessage: undefined, storageTimestamp: undefined });
    if (!dryRun)
      ctx.repository.store(chainId, address, {
        status: outcome.status,
        name: w.contract.name,
        compiledPath: w.contract.compiledPath,
        compiled: outcome.compiled,
        onchain: outcome.onchain,
      });
  }
}

function constructorInputs(c: CheckedContract): unknown[] | undefined {
  const ctor = c.metadata.output?.abi?.find((e) => (e as { type?: string }).type === 'constructor') as { inputs?: unknown[] } | undefined;
  return ctor?.inputs;
}

/** `getSessionJSON`: missing/invalid as objects keyed by path, no compilerVersion, undefined fields dropped. */
export function sessionJson(session: SessionData): unknown {
  return {
    contracts: [...session.wrappers.entries()].map(([verificationId, w]) => ({
      verificationId,
      constructorArgumentsArray: constructorInputs(w.contract),
      compiledPath: w.contract.compiledPath,
      name: w.contract.name,
      address: w.address,
      chainId: w.chainId,
      files: { found: Object.keys(w.contract.solidity), missing: w.contract.missing, invalid: w.contract.invalid },
      status: w.status ?? 'error',
      statusMessage: w.statusMessage,
      storageTimestamp: w.storageTimestamp?.toISOString(),
    })),
    unused: session.unused,
    files: [...session.files.values()].map((f) => f.name),
  };
}
