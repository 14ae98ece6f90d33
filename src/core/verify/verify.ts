// Runs one verification over prepared contracts through whichever protocol the server speaks, and reduces every
// answer to ContractResult. Session: a fresh session per run (new cookie, then clear), one upload, one
// verify-checked per contract, and one retry from scratch if the server lost the session mid-flow. v2: local source
// check, submit standard JSON, poll the job. Explorer imports use either protocol's route. A server's answer about
// one contract ends that contract only, with the failure kind that decides the exit code (exit-codes.ts).
import { ApiError } from '../errors';
import { stripUserInfo } from '../net/redact';
import type { ContractBuild } from './builds';
import { failureOf } from './exit-codes';
import { isHederaChain } from './links';
import { localResult, locallyMissing, resultFor, withLocalState, type ContractOutcome, type PreparedContract } from './prepare';
import type { ContractResult, FailureKind } from './result';
import { isNoPendingContracts, SessionClient } from './session-client';
import { normaliseSessionContract, type SessionResponse } from './session-response';
import { stdJsonFromMetadata } from './std-json';
import type { VerifyTransport } from './transport';
import { V2Client, type PollOptions, type V2Contract, type V2Job } from './v2-client';

/** Where Hedera verifies since 2026 (API v2); the extension setting and the CLI default to it. */
export const DEFAULT_VERIFY_URL = 'https://sourcify.dev/server';

export type ProtocolSetting = 'auto' | 'session' | 'v2';
export type Protocol = 'session' | 'v2';

export interface VerifyOptions {
  /** Server base URL, e.g. https://sourcify.dev/server */
  url: string;
  protocol: ProtocolSetting;
  dryRun: boolean;
  transport: VerifyTransport;
  signal?: AbortSignal;
  poll?: PollOptions;
  /** Remembers what `auto` found per URL, so the probe runs once. */
  protocolCache?: Map<string, Protocol>;
}

export interface VerificationReport {
  protocol: Protocol;
  /** Without user info: reports are printed and logged. */
  url: string;
  dryRun: boolean;
  outcomes: ContractOutcome[];
}

/** `auto`: the session API when `GET /session/data` answers, else v2. */
export async function resolveProtocol(
  o: Pick<VerifyOptions, 'url' | 'protocol' | 'transport' | 'signal' | 'protocolCache'>,
): Promise<Protocol> {
  if (o.protocol !== 'auto') return o.protocol;
  const cached = o.protocolCache?.get(o.url);
  if (cached) return cached;
  const found: Protocol = (await new SessionClient(o.url, o.transport).probe(o.signal)) ? 'session' : 'v2';
  o.protocolCache?.set(o.url, found);
  return found;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function sessionFiles(ready: readonly PreparedContract[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const p of ready) {
    const build = p.build!;
    files[`${build.sourcePath}.metadata.json`] = build.metadataRaw;
    for (const s of p.sources) if (s.matchingContent !== undefined) files[s.path] = s.matchingContent;
  }
  return files;
}

function findChecked(res: SessionResponse, p: PreparedContract) {
  return res.contracts.find((c) => c.compiledPath === p.build!.sourcePath && c.name === p.build!.name);
}

function withLocal(result: ContractResult, p: PreparedContract): ContractResult {
  return { ...result, files: { ...result.files, missing: result.files.missing.map((m) => withLocalState(m, p.sources)) } };
}

const ALREADY_PARTIAL = /is already partially verified/;

/** A server's answer about one contract (a 400, 404 or 5xx): that contract fails, the run goes on. */
function contractError(err: unknown): ApiError | undefined {
  if (!(err instanceof ApiError) || err.status === undefined || isNoPendingContracts(err)) return undefined;
  return err.kind === 'server' || err.kind === 'invalid-input' || err.kind === 'not-found' || err.kind === 'bad-response' ? err : undefined;
}

/**
 * The result a server's error answer gives. HashScan's build answers a second partial match of an already partially
 * verified contract with a 500: that contract is verified (partially), so a re-run of an unchanged project stays green.
 */
function failedResult(base: ContractResult, err: ApiError, failure: FailureKind | undefined): ContractResult {
  const message = err.messages[0]?.message ?? err.message;
  if (ALREADY_PARTIAL.test(message)) {
    return {
      ...base,
      status: 'partial',
      message: 'Already verified with a partial match (the server replaces it only with a full match)',
      alreadyVerified: true,
    };
  }
  return { ...base, status: 'error', message, ...(failure ? { failure } : {}) };
}

/** A contract that could not be sent (no build output, an address that does not resolve, a source outside the workspace…). */
const problemResult = (p: PreparedContract): ContractResult => ({
  ...localResult(p, p.problem ?? 'Not verified'),
  ...(p.failure ? { failure: p.failure } : {}),
});

async function runSession(prepared: readonly PreparedContract[], o: VerifyOptions): Promise<ContractOutcome[]> {
  const client = new SessionClient(o.url, o.transport);
  const ready = prepared.filter((p) => p.build && !p.problem);
  const attempt = async (): Promise<Map<PreparedContract, ContractResult>> => {
    const results = new Map<PreparedContract, ContractResult>();
    if (ready.length === 0) return results;
    client.newSession();
    await client.clear(o.signal);
    const checked = await client.inputFiles(sessionFiles(ready), { dryRun: o.dryRun, signal: o.signal });
    for (const p of ready) {
      const c = findChecked(checked, p);
      if (!c) {
        results.set(p, localResult(p, `The server found no contract ${p.build!.name} in the uploaded metadata`));
        continue;
      }
      const first = normaliseSessionContract(c);
      if (first.files.missing.length > 0 || first.files.invalid.length > 0) {
        results.set(p, withLocal({ ...first, address: p.target.address, chainId: p.target.chainId }, p));
        continue;
      }
      const request = { verificationId: c.verificationId, address: p.target.address, chainId: p.target.chainId };
      const creatorTxHash = p.target.record.creatorTxHash;
      try {
        const after = await client.verifyChecked([{ ...request, ...(creatorTxHash ? { creatorTxHash } : {}) }], {
          dryRun: o.dryRun,
          signal: o.signal,
        });
        const v = after.contracts.find((x) => x.verificationId === c.verificationId) ?? c;
        results.set(p, withLocal(normaliseSessionContract(v), p));
      } catch (err) {
        const answer = contractError(err);
        if (!answer) throw err;
        results.set(p, failedResult({ ...first, address: p.target.address, chainId: p.target.chainId }, answer, failureOf(answer)));
      }
    }
    return results;
  };
  let results: Map<PreparedContract, ContractResult>;
  try {
    results = await attempt();
  } catch (err) {
    if (!isNoPendingContracts(err)) throw err;
    // The server lost our session (restart, expired or dropped cookie): start over once. Lost twice, it cannot keep
    // a session, which says nothing about the contracts: a server error (exit 5), not a failed verification.
    results = await attempt().catch((again: unknown) => {
      if (!(again instanceof ApiError) || !isNoPendingContracts(again)) throw again;
      throw new ApiError('server', `${again.message} — the server lost the verification session twice`, {
        status: again.status,
        url: again.url,
        messages: again.messages,
        cause: again,
      });
    });
  }
  return prepared.map((p) => ({ ...p, result: results.get(p) ?? problemResult(p) }));
}

const V2_STATUS = { exact_match: 'perfect', match: 'partial' } as const;

function fromLookup(p: PreparedContract, found: V2Contract, note: string): ContractResult {
  if (!found.match) return localResult(p, note);
  return {
    ...resultFor(p, V2_STATUS[found.match], note),
    alreadyVerified: true,
    ...(found.verifiedAt ? { storageTimestamp: found.verifiedAt } : {}),
  };
}

/** v2 job error codes that are not a mismatch. */
const JOB_FAILURE: Partial<Record<string, FailureKind>> = { contract_not_deployed: 'not-found', internal_error: 'server' };

async function fromJob(client: V2Client, p: PreparedContract, job: V2Job, signal?: AbortSignal): Promise<ContractResult> {
  const match = job.contract?.match;
  if (job.error?.customCode === 'already_verified')
    return fromLookup(p, (await client.lookup(p.target.chainId, p.target.address, signal)) ?? {}, job.error.message);
  if (!job.error && match) return resultFor(p, V2_STATUS[match]);
  const failure = job.error?.customCode ? JOB_FAILURE[job.error.customCode] : undefined;
  return { ...localResult(p, job.error?.message ?? 'The verification job finished without a match'), ...(failure ? { failure } : {}) };
}

async function submitV2(client: V2Client, p: PreparedContract & { build: ContractBuild }, o: VerifyOptions): Promise<ContractResult> {
  const { chainId, address } = p.target;
  if (o.dryRun) {
    const found = await client.lookup(chainId, address, o.signal);
    if (found?.match) return fromLookup(p, found, 'Already verified');
    return resultFor(p, 'ready', 'All sources match the deployed metadata. The v2 API has no dry run: verify to submit.');
  }
  const sources = Object.fromEntries(p.sources.map((s) => [s.path, s.matchingContent as string]));
  const creationTransactionHash = p.target.record.creatorTxHash;
  const submitted = await client.submit(
    chainId,
    address,
    {
      stdJsonInput: stdJsonFromMetadata(p.build.metadata, sources),
      compilerVersion: p.build.metadata.compiler.version,
      contractIdentifier: `${p.build.sourcePath}:${p.build.name}`,
      ...(creationTransactionHash ? { creationTransactionHash } : {}),
    },
    o.signal,
  );
  if ('alreadyVerified' in submitted) {
    const found = await client.lookup(chainId, address, o.signal);
    return fromLookup(p, found ?? { match: 'exact_match' }, submitted.message);
  }
  return fromJob(client, p, await client.waitForJob(submitted.verificationId, { ...o.poll, signal: o.signal }), o.signal);
}

async function runV2One(client: V2Client, p: PreparedContract, o: VerifyOptions): Promise<ContractResult> {
  if (p.problem || !p.build) return problemResult(p);
  const missing = locallyMissing(p);
  if (missing.length > 0) {
    return localResult(
      p,
      `${plural(missing.length, 'source file is', 'source files are')} missing or changed in the workspace; nothing was sent`,
      missing,
    );
  }
  try {
    return await submitV2(client, { ...p, build: p.build }, o);
  } catch (err) {
    const answer = contractError(err);
    if (!answer) throw err;
    return failedResult(resultFor(p, 'error'), answer, failureOf(answer));
  }
}

async function runV2(prepared: readonly PreparedContract[], o: VerifyOptions): Promise<ContractOutcome[]> {
  const client = new V2Client(o.url, o.transport);
  const out: ContractOutcome[] = [];
  for (const p of prepared) out.push({ ...p, result: await runV2One(client, p, o) });
  return out;
}

export async function verifyContracts(prepared: readonly PreparedContract[], o: VerifyOptions): Promise<VerificationReport> {
  const protocol = await resolveProtocol(o);
  const outcomes = protocol === 'session' ? await runSession(prepared, o) : await runV2(prepared, o);
  return { protocol, url: stripUserInfo(o.url), dryRun: o.dryRun, outcomes };
}

export interface ExplorerImport extends Pick<VerifyOptions, 'url' | 'protocol' | 'transport' | 'signal' | 'poll' | 'protocolCache'> {
  /** Path segment of `/session/verify/<explorer>` and `/v2/verify/<explorer>/…`; Sourcify only knows `etherscan`. */
  explorer: string;
  apiKey?: string;
}

/** Said before anything is sent: Sourcify has no Etherscan-style API configured for any Hedera chain. */
export function hederaExplorerProblem(chainId: string): string | undefined {
  if (!isHederaChain(chainId)) return undefined;
  return `Chain ${chainId} is a Hedera network, and Hedera has no Etherscan-style explorer to import verified source from. Verify from your sources instead (ledger-mirror verify without --explorer, or Verify Contract… in VS Code).`;
}

/** An explorer's refusal (not verified there, no explorer for the chain, malformed answer) is a refused import: exit 7. */
const REFUSED_IMPORT = /importing from Etherscan|not verified on Etherscan|not_etherscan_verified|malformed_etherscan_response/;

function explorerFailure(err: ApiError): FailureKind | undefined {
  return err.messages.some((m) => REFUSED_IMPORT.test(m.message) || REFUSED_IMPORT.test(m.detail ?? '')) ? undefined : failureOf(err);
}

async function importSession(target: PreparedContract, o: ExplorerImport): Promise<ContractResult> {
  const client = new SessionClient(o.url, o.transport);
  await client.clear(o.signal);
  const res = await client.importFromExplorer(
    o.explorer,
    { address: target.target.address, chainId: target.target.chainId, apiKey: o.apiKey },
    o.signal,
  );
  const mine = res.contracts.find((c) => c.address?.toLowerCase() === target.target.address.toLowerCase()) ?? res.contracts[0];
  return mine ? normaliseSessionContract(mine) : localResult(target, 'The explorer import returned no contract');
}

async function importV2(target: PreparedContract, o: ExplorerImport): Promise<ContractResult> {
  const client = new V2Client(o.url, o.transport);
  const { chainId, address } = target.target;
  const submitted = await client.importFromExplorer(o.explorer, chainId, address, o.apiKey, o.signal);
  if ('alreadyVerified' in submitted)
    return fromLookup(target, (await client.lookup(chainId, address, o.signal)) ?? { match: 'exact_match' }, submitted.message);
  return fromJob(client, target, await client.waitForJob(submitted.verificationId, { ...o.poll, signal: o.signal }), o.signal);
}

/**
 * Has the server import the source from an explorer and verify it; the server always stores (there is no dry run).
 * Session servers import into a fresh session, v2 servers run a job. Nothing is sent for Hedera chains. The key is
 * a secret of the whole transport, not just of the request carrying it: a v2 job's later answers may echo it.
 */
export async function verifyViaExplorer(target: PreparedContract, o: ExplorerImport): Promise<VerificationReport> {
  const hedera = hederaExplorerProblem(target.target.chainId);
  if (hedera) throw new ApiError('invalid-input', hedera);
  if (o.apiKey) o.transport.addSecret(o.apiKey);
  const protocol = await resolveProtocol(o);
  let result: ContractResult;
  try {
    result = protocol === 'session' ? await importSession(target, o) : await importV2(target, o);
  } catch (err) {
    const answer = contractError(err);
    if (!answer) throw err;
    result = failedResult(resultFor(target, 'error'), answer, explorerFailure(answer));
  }
  return { protocol, url: stripUserInfo(o.url), dryRun: false, outcomes: [{ ...target, result }] };
}
