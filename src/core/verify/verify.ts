// Runs one verification over prepared contracts through whichever protocol the server speaks, and reduces every
// answer to ContractResult. Session: a fresh session per run (new cookie, then clear), one upload, one
// verify-checked per contract, and one retry from scratch if the server lost the session mid-flow. v2: local source
// check, submit standard JSON, poll the job.
import { ApiError } from '../errors';
import { stripUserInfo } from '../net/redact';
import { localResult, locallyMissing, resultFor, withLocalState, type ContractOutcome, type PreparedContract } from './prepare';
import type { ContractResult } from './result';
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
export async function resolveProtocol(o: Pick<VerifyOptions, 'url' | 'protocol' | 'transport' | 'signal' | 'protocolCache'>): Promise<Protocol> {
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

/** Server failures that concern one contract (e.g. 500 partial over partial) end that contract, not the run. */
function contractFailure(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || isNoPendingContracts(err)) return undefined;
  if (err.kind !== 'server' && err.kind !== 'invalid-input') return undefined;
  return err.messages[0]?.message ?? err.message;
}

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
        const after = await client.verifyChecked([{ ...request, ...(creatorTxHash ? { creatorTxHash } : {}) }], { dryRun: o.dryRun, signal: o.signal });
        const v = after.contracts.find((x) => x.verificationId === c.verificationId) ?? c;
        results.set(p, withLocal(normaliseSessionContract(v), p));
      } catch (err) {
        const message = contractFailure(err);
        if (message === undefined) throw err;
        results.set(p, { ...first, address: p.target.address, chainId: p.target.chainId, status: 'error', message });
      }
    }
    return results;
  };
  let results: Map<PreparedContract, ContractResult>;
  try {
    results = await attempt();
  } catch (err) {
    if (!isNoPendingContracts(err)) throw err;
    results = await attempt(); // the server lost our session (restart, expired or dropped cookie): start over once
  }
  return prepared.map((p) => ({ ...p, result: results.get(p) ?? localResult(p, p.problem ?? 'Not verified') }));
}

const V2_STATUS = { exact_match: 'perfect', match: 'partial' } as const;

function fromLookup(p: PreparedContract, found: V2Contract, note: string): ContractResult {
  if (!found.match) return localResult(p, note);
  return { ...resultFor(p, V2_STATUS[found.match], note), alreadyVerified: true, ...(found.verifiedAt ? { storageTimestamp: found.verifiedAt } : {}) };
}

function fromJob(p: PreparedContract, job: V2Job): ContractResult {
  const match = job.contract?.match;
  if (job.error || !match) return localResult(p, job.error?.message ?? 'The verification job finished without a match');
  return resultFor(p, V2_STATUS[match]);
}

async function runV2One(client: V2Client, p: PreparedContract, o: VerifyOptions): Promise<ContractResult> {
  if (p.problem || !p.build) return localResult(p, p.problem ?? 'No build output');
  const missing = locallyMissing(p);
  if (missing.length > 0) {
    return localResult(p, `${plural(missing.length, 'source file is', 'source files are')} missing or changed in the workspace; nothing was sent`, missing);
  }
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
  return fromJob(p, await client.waitForJob(submitted.verificationId, { ...o.poll, signal: o.signal }));
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

export interface ExplorerImport {
  url: string;
  /** Path segment of `/session/verify/<explorer>`; Sourcify only knows `etherscan`. */
  explorer: string;
  apiKey?: string;
  transport: VerifyTransport;
  signal?: AbortSignal;
}

/** Imports the source from an explorer into a fresh session; the server always stores (there is no dry run). */
export async function verifyViaExplorer(target: PreparedContract, o: ExplorerImport): Promise<VerificationReport> {
  const client = new SessionClient(o.url, o.transport);
  await client.clear(o.signal);
  const res = await client.importFromExplorer(o.explorer, { address: target.target.address, chainId: target.target.chainId, apiKey: o.apiKey }, o.signal);
  const mine = res.contracts.find((c) => c.address?.toLowerCase() === target.target.address.toLowerCase()) ?? res.contracts[0];
  const result = mine ? normaliseSessionContract(mine) : localResult(target, 'The explorer import returned no contract');
  return { protocol: 'session', url: stripUserInfo(o.url), dryRun: false, outcomes: [{ ...target, result }] };
}
