// The session endpoints as the HashScan build of Sourcify (ethereum/sourcify @ 9c0dd549 + server.patch,
// https://github.com/ethereum/sourcify/tree/9c0dd549/services/server) serves them: request validation, the session
// cookie, the response shapes and error bodies of its server.ts (servers/verifier/README.md lists the routes);
// comments note only deliberate choices.
import { checksumAddress, isEvmAddress } from '../../src/core/verify/address';
import type { InputFile } from './checked-contracts';
import type { Exchange, Handler, VerifierContext } from './context';
import { importFromExplorer } from './explorer-import';
import { badRequest, readJsonObject, sendJson, sendText, validationError } from './http';
import type { SessionData } from './session-data';
import { checkSession, saveFiles, sessionJson, verifyWrappers } from './session-state';

/** Rejects query parameters the OpenAPI spec does not declare for the route (allowUnknownQueryParameters: false). */
function allowQuery(ex: Exchange, allowed: readonly string[]): void {
  for (const name of ex.query.keys()) {
    if (!allowed.includes(name)) throw validationError(`query/${name}`, `Unknown query parameter '${name}'`, 'unknown_query_parameter');
  }
}

/** `dryrun` is a coerced boolean: "true"/"false", anything else is a validation error; absent means false. */
function dryRunOf(ex: Exchange): boolean {
  const v = ex.query.get('dryrun');
  if (v === null || v === 'false') return false;
  if (v === 'true') return true;
  throw validationError('query/dryrun', 'must be boolean');
}

function requireString(body: Record<string, unknown>, where: string, key: string): string {
  const v = body[key];
  if (v === undefined) throw validationError(where, `must have required property '${key}'`, 'required.openapi.validation');
  if (typeof v !== 'string') throw validationError(`${where}/${key}`, 'must be string');
  return v;
}

function validAddress(address: string): string {
  if (!isEvmAddress(address)) throw badRequest(`Invalid address: ${address}`);
  return checksumAddress(address);
}

function supportedChain(ctx: VerifierContext, chainId: string): string {
  if (!ctx.chains[chainId]) throw badRequest(`Chain ${chainId} not supported for verification!`);
  return chainId;
}

/** JSON `files` values must be strings, or Node Buffers serialised as `{type: "Buffer", data}`. */
function filesFromBody(body: Record<string, unknown>): InputFile[] {
  const files = body.files;
  if (typeof files !== 'object' || files === null || Object.keys(files).length === 0)
    throw badRequest('There should be files in the <files> field');
  return Object.entries(files as Record<string, unknown>).map(([name, v]) => {
    if (typeof v === 'string') return { name, content: v };
    const buf = v as { type?: string; data?: number[] };
    if (buf?.type === 'Buffer' && Array.isArray(buf.data)) return { name, content: Buffer.from(buf.data).toString('utf8') };
    throw validationError(`body/files/${name}`, 'must be string');
  });
}

const getData: Handler = async (ctx, ex) => {
  allowQuery(ex, []);
  sendJson(ex.res, 200, sessionJson(ctx.sessions.resolve(ex.req, ex.res)));
};

const inputFiles: Handler = async (ctx, ex) => {
  allowQuery(ex, ['dryrun', 'url']);
  const dryRun = dryRunOf(ex);
  const session = ctx.sessions.resolve(ex.req, ex.res);
  const body = await readJsonObject(ex.req, ctx.limits.maxFileSize);
  const added = saveFiles(ctx, session, filesFromBody(body));
  if (added > 0) {
    checkSession(session);
    await verifyWrappers(ctx, session.wrappers.values(), dryRun);
  }
  sendJson(ex.res, 200, sessionJson(session));
};

interface ReceivedContract {
  verificationId: string;
  address: string;
  chainId: string;
  creatorTxHash?: string;
}

function receivedContracts(ctx: VerifierContext, body: Record<string, unknown>): ReceivedContract[] {
  const list = body.contracts;
  if (list === undefined) throw validationError('body', "must have required property 'contracts'", 'required.openapi.validation');
  if (!Array.isArray(list)) throw validationError('body/contracts', 'must be array');
  return list.map((item: unknown, i) => {
    const where = `body/contracts/${i}`;
    if (typeof item !== 'object' || item === null) throw validationError(where, 'must be object');
    const c = item as Record<string, unknown>;
    const creatorTxHash = c.creatorTxHash;
    if (creatorTxHash !== undefined && creatorTxHash !== null && typeof creatorTxHash !== 'string')
      throw validationError(`${where}/creatorTxHash`, 'must be string');
    return {
      verificationId: requireString(c, where, 'verificationId'),
      address: validAddress(requireString(c, where, 'address')),
      chainId: supportedChain(ctx, requireString(c, where, 'chainId')),
      ...(typeof creatorTxHash === 'string' ? { creatorTxHash } : {}),
    };
  });
}

const verifyChecked: Handler = async (ctx, ex) => {
  allowQuery(ex, ['dryrun']);
  const dryRun = dryRunOf(ex);
  if (ctx.faults.forgetSessionsBeforeVerifyChecked > 0) {
    ctx.faults.forgetSessionsBeforeVerifyChecked--;
    ctx.sessions.forgetAll();
  }
  const session = ctx.sessions.resolve(ex.req, ex.res);
  const received = receivedContracts(ctx, await readJsonObject(ex.req, ctx.limits.maxFileSize));
  if (session.wrappers.size === 0) throw badRequest('There are currently no pending contracts.');
  const listed = [];
  for (const r of received) {
    const w = session.wrappers.get(r.verificationId);
    if (!w) continue;
    Object.assign(w, { address: r.address, chainId: r.chainId, creatorTxHash: r.creatorTxHash });
    listed.push(w);
  }
  await verifyWrappers(ctx, listed, dryRun);
  sendJson(ex.res, 200, sessionJson(session));
};

/** Etherscan import: always stores (no dryrun); wrappers without an address get the requested one. */
const verifyFromExplorer: Handler = async (ctx, ex) => {
  allowQuery(ex, []);
  const session: SessionData = ctx.sessions.resolve(ex.req, ex.res);
  const body = await readJsonObject(ex.req, ctx.limits.maxFileSize);
  if (body.chain === undefined && body.chainId !== undefined) body.chain = body.chainId;
  const address = validAddress(requireString(body, 'body', 'address'));
  const chainId = supportedChain(ctx, requireString(body, 'body', 'chain'));
  const apiKey = typeof body.apiKey === 'string' ? body.apiKey : '';
  const explorer = ctx.chains[chainId].explorerApiUrl;
  if (!explorer) throw badRequest(`Requested chain ${chainId} is not supported for importing from Etherscan`);
  const files = await importFromExplorer(explorer, address, apiKey);
  if (saveFiles(ctx, session, files) === 0) throw badRequest("The contract didn't add any new file");
  checkSession(session);
  for (const w of session.wrappers.values()) if (!w.address) Object.assign(w, { address, chainId });
  await verifyWrappers(ctx, session.wrappers.values(), false);
  sendJson(ex.res, 200, sessionJson(session));
};

const clear: Handler = async (ctx, ex) => {
  allowQuery(ex, []);
  ctx.sessions.resolve(ex.req, ex.res);
  ctx.sessions.destroy(ex.req);
  sendText(ex.res, 200, 'Session successfully cleared');
};

export const sessionRoutes: Array<[method: string, path: RegExp, handler: Handler]> = [
  ['GET', /^\/session\/data$/, getData],
  ['POST', /^\/session\/input-files$/, inputFiles],
  ['POST', /^\/session\/verify-checked$/, verifyChecked],
  ['POST', /^\/session\/verify\/etherscan$/, verifyFromExplorer],
  ['POST', /^\/session\/clear$/, clear],
];
