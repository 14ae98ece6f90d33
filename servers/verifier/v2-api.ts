// The subset of Sourcify API v2 the client uses: submit standard JSON, poll the job, look a contract up. Errors are
// `{customCode, message, errorId}` with Sourcify's statuses (400 invalid_parameter, 404 unsupported_chain /
// job_not_found / not_found, 409 already_verified).
import { checksumAddress, isEvmAddress } from '../../src/core/verify/address';
import type { StdJsonInput } from '../../src/core/verify/std-json';
import { VERIFY_OUTPUT_SELECTION } from '../../src/core/verify/std-json';
import { compileStdJson, CompilerError } from './compiler';
import type { Handler, VerifierContext } from './context';
import { HttpError, readJsonObject, sendJson } from './http';
import type { StoredMatch } from './repository';
import { v2Error, type Job } from './v2-jobs';
import { verifyDeployed } from './verification';

const v2Fail = (status: number, code: string, message: string) => new HttpError(status, v2Error(code, message));

const toV2Match = (s: StoredMatch['status']): 'exact_match' | 'match' => (s === 'perfect' ? 'exact_match' : 'match');

function pathTarget(ctx: VerifierContext, chainId: string, address: string): { chainId: string; address: string } {
  if (!ctx.chains[chainId]) throw v2Fail(404, 'unsupported_chain', `Chain ${chainId} is not supported`);
  if (!isEvmAddress(address)) throw v2Fail(400, 'invalid_parameter', `Invalid address: ${address}`);
  return { chainId, address: checksumAddress(address) };
}

function field(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (typeof v !== 'string' || v === '') throw v2Fail(400, 'invalid_parameter', `request/body must have required property '${key}'`);
  return v;
}

async function runJob(ctx: VerifierContext, chainId: string, address: string, input: StdJsonInput, compilerVersion: string, identifier: string) {
  const cut = identifier.lastIndexOf(':');
  const [path, name] = [identifier.slice(0, cut), identifier.slice(cut + 1)];
  const outcome = await verifyDeployed(ctx.chains, chainId, address, () => {
    const compiled = compileStdJson({ ...input, settings: { ...input.settings, outputSelection: VERIFY_OUTPUT_SELECTION } }, compilerVersion)[path]?.[name];
    if (!compiled) throw new CompilerError(`The contract ${identifier} is not in the compilation output.`);
    return compiled;
  });
  const unmatched = { match: null, creationMatch: null, runtimeMatch: null, chainId, address };
  if (outcome.status === 'error') return { contract: unmatched, error: v2Error(outcome.code, outcome.message) };
  const existing = ctx.repository.get(chainId, address);
  if (existing && (existing.status === 'perfect' || outcome.status === 'partial')) {
    return { contract: unmatched, error: v2Error('already_verified', `Contract ${address} on chain ${chainId} is already verified with a ${toV2Match(existing.status)}.`) };
  }
  const stored = ctx.repository.store(chainId, address, { status: outcome.status, name, compiledPath: path });
  const match = toV2Match(stored.status);
  return { contract: { match, creationMatch: null, runtimeMatch: match, chainId, address, verifiedAt: stored.verifiedAt.toISOString(), matchId: stored.matchId } };
}

const submit: Handler = async (ctx, ex) => {
  const { chainId, address } = pathTarget(ctx, ex.params[0], ex.params[1]);
  const body = await readJsonObject(ex.req, ctx.limits.maxFileSize).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 413) throw v2Fail(413, 'invalid_parameter', 'request entity too large');
    throw err;
  });
  const input = body.stdJsonInput;
  if (typeof input !== 'object' || input === null || typeof (input as StdJsonInput).sources !== 'object') {
    throw v2Fail(400, 'invalid_parameter', "request/body must have required property 'stdJsonInput'");
  }
  const compilerVersion = field(body, 'compilerVersion');
  const identifier = field(body, 'contractIdentifier');
  if (!identifier.includes(':')) throw v2Fail(400, 'invalid_parameter', 'contractIdentifier must be <path>:<ContractName>');
  if (ctx.repository.get(chainId, address)?.status === 'perfect') throw v2Fail(409, 'already_verified', 'The contract is already verified.');
  const job = ctx.jobs.start(chainId, address, () => runJob(ctx, chainId, address, input as StdJsonInput, compilerVersion, identifier));
  sendJson(ex.res, 202, { verificationId: job.verificationId });
};

const poll: Handler = async (ctx, ex) => {
  const job: Job | undefined = ctx.jobs.get(ex.params[0]);
  if (!job) throw v2Fail(404, 'job_not_found', `No verification job found for id ${ex.params[0]}`);
  sendJson(ex.res, 200, job);
};

const lookup: Handler = async (ctx, ex) => {
  const { chainId, address } = pathTarget(ctx, ex.params[0], ex.params[1]);
  const stored = ctx.repository.get(chainId, address);
  if (!stored) throw v2Fail(404, 'not_found', `Contract ${address} on chain ${chainId} not found or not verified`);
  const match = toV2Match(stored.status);
  sendJson(ex.res, 200, { match, creationMatch: null, runtimeMatch: match, chainId, address, verifiedAt: stored.verifiedAt.toISOString(), matchId: stored.matchId });
};

export const v2Routes: Array<[method: string, path: RegExp, handler: Handler]> = [
  ['POST', /^\/v2\/verify\/(\d+)\/([^/]+)$/, submit],
  ['GET', /^\/v2\/verify\/([^/]+)$/, poll],
  ['GET', /^\/v2\/contract\/(\d+)\/([^/]+)$/, lookup],
];
