// The subset of Sourcify API v2 the client uses: submit standard JSON, poll the job, look a contract up. Errors are
// `{customCode, message, errorId}` with Sourcify's statuses (400 invalid_parameter, 404 unsupported_chain /
// job_not_found / not_found, 409 already_verified).
import { checksumAddress, isEvmAddress } from '../../src/core/verify/address';
import type { StdJsonInput } from '../../src/core/verify/std-json';
import { compileStdJson, CompilerError, type CompiledContract } from './compiler';
import { importContract } from './explorer-import';
import type { Handler, VerifierContext } from './context';
import { HttpError, readJsonObject, sendJson } from './http';
import { lookupBody, matchFields } from './v2-lookup';
import { v2Error, type Job } from './v2-jobs';
import { verifyDeployed } from './verification';

const v2Fail = (status: number, code: string, message: string) => new HttpError(status, v2Error(code, message));

/** Sourcify's validateChainId and validateAddress middlewares: 404 "Chain <id> not found", 400 "Invalid address". */
function pathTarget(ctx: VerifierContext, chainId: string, address: string): { chainId: string; address: string } {
  if (!ctx.chains[chainId]) throw v2Fail(404, 'unsupported_chain', `Chain ${chainId} not found`);
  if (!isEvmAddress(address)) throw v2Fail(400, 'invalid_parameter', `Invalid address: ${address}`);
  return { chainId, address: checksumAddress(address) };
}

function field(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (typeof v !== 'string' || v === '') throw v2Fail(400, 'invalid_parameter', `request/body must have required property '${key}'`);
  return v;
}

async function runJob(ctx: VerifierContext, chainId: string, address: string, path: string, name: string, compile: () => CompiledContract) {
  const outcome = await verifyDeployed(ctx.chains, chainId, address, compile);
  const unmatched = { match: null, creationMatch: null, runtimeMatch: null, chainId, address };
  if (outcome.status === 'error') return { contract: unmatched, error: v2Error(outcome.code, outcome.message) };
  const existing = ctx.repository.get(chainId, address);
  if (existing && (existing.status === 'perfect' || outcome.status === 'partial')) {
    return {
      contract: unmatched,
      error: v2Error('already_verified', "The contract is already verified and the job didn't yield a better match."),
    };
  }
  const stored = ctx.repository.store(chainId, address, {
    status: outcome.status,
    name,
    compiledPath: path,
    compiled: outcome.compiled,
    onchain: outcome.onchain,
  });
  return { contract: matchFields(stored, chainId, address) };
}

function alreadyVerified(ctx: VerifierContext, chainId: string, address: string): void {
  if (ctx.repository.get(chainId, address)?.status === 'perfect') {
    throw v2Fail(
      409,
      'already_verified',
      `Contract ${address} on chain ${chainId} is already verified with runtimeMatch and creationMatch both being exact matches.`,
    );
  }
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
  alreadyVerified(ctx, chainId, address);
  const cut = identifier.lastIndexOf(':');
  const [path, name] = [identifier.slice(0, cut), identifier.slice(cut + 1)];
  const compile = () => {
    const std = input as StdJsonInput;
    const compiled = compileStdJson(std, compilerVersion)[path]?.[name];
    if (!compiled) throw new CompilerError(`The contract ${identifier} is not in the compilation output.`);
    return compiled;
  };
  const job = ctx.jobs.start(chainId, address, () => runJob(ctx, chainId, address, path, name, compile));
  sendJson(ex.res, 202, { verificationId: job.verificationId });
};

/** The explorer import's failures in v2's words (Sourcify's fetchFromEtherscan with throwV2Errors). */
const EXPLORER_CODES: Record<number, [number, string]> = {
  429: [429, 'etherscan_limit'],
  404: [404, 'not_etherscan_verified'],
  502: [502, 'etherscan_request_failed'],
  400: [400, 'malformed_etherscan_response'],
};

/**
 * `POST /v2/verify/etherscan/{chainId}/{address}` with an optional `{apiKey}`: the source is fetched before the job
 * starts, so explorer failures are HTTP errors; chains without an Etherscan API (every Hedera chain) answer 400.
 */
const submitFromExplorer: Handler = async (ctx, ex) => {
  const { chainId, address } = pathTarget(ctx, ex.params[0], ex.params[1]);
  const body = await readJsonObject(ex.req, ctx.limits.maxFileSize);
  alreadyVerified(ctx, chainId, address);
  const explorer = ctx.chains[chainId].explorerApiUrl;
  if (!explorer) throw v2Fail(400, 'unsupported_chain', `Requested chain ${chainId} is not supported for importing from Etherscan.`);
  let imported;
  try {
    imported = await importContract(explorer, address, typeof body.apiKey === 'string' ? body.apiKey : '');
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const [status, code] = EXPLORER_CODES[err.status] ?? [500, 'internal_error'];
    throw v2Fail(status, code, (err.body as { message?: string }).message ?? err.message);
  }
  const { path, name, compiled } = imported;
  const job = ctx.jobs.start(chainId, address, () => runJob(ctx, chainId, address, path, name, () => compiled));
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
  sendJson(ex.res, 200, lookupBody(stored, chainId, address, ex.query));
};

export const v2Routes: Array<[method: string, path: RegExp, handler: Handler]> = [
  ['POST', /^\/v2\/verify\/(\d+)\/([^/]+)$/, submit],
  ['POST', /^\/v2\/verify\/etherscan\/(\d+)\/([^/]+)$/, submitFromExplorer],
  ['GET', /^\/v2\/verify\/([^/]+)$/, poll],
  ['GET', /^\/v2\/contract\/(\d+)\/([^/]+)$/, lookup],
];
