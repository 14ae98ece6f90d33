// Where the stdio adapter gets its trace and build output: the mirror named in the launch arguments (or a saved
// trace file) and the compiler output under `buildOutput` (default: the current directory).
import { basename, resolve } from 'node:path';
import { fetchContractActions, fetchContractResult } from '../core/contract-results';
import { ApiError } from '../core/errors';
import { HttpClient } from '../core/http';
import { quotedUrl, stripUserInfo } from '../core/net/redact';
import { parseTraceInput, type TraceInput } from '../core/links/hashscan-url';
import { isNetworkName, resolveNetwork, type Endpoints } from '../core/networks';
import { decodeTraceFile, fetchTrace } from '../core/opcodes-client';
import { TraceSession } from '../core/session/session';
import { fetchContractCode } from '../core/sourcemap/contract-code';
import { discoverArtifacts } from '../core/sourcemap/discover';
import { ArtifactIndex } from '../core/sourcemap/match';
import { SourceFiles } from '../core/sourcemap/source-files';
import { TraceSources, type CodeLookup, type VerifiedLookup } from '../core/sourcemap/trace-sources';
import { CLI_VERIFIED_CACHE_BYTES, cliVerifiedCacheDir, VerifiedCache } from '../core/verified/verified-cache';
import { VerifiedSources } from '../core/verified/verified-sources';
import { VerifyTransport } from '../core/verify/transport';
import { DEFAULT_VERIFY_URL } from '../core/verify/verify';
import type { Trace } from '../shared/trace-model';
import type { DebugHost, LaunchArguments, OpenedTrace } from './adapter';

/** The launch's `transaction`, read as the trace command reads it: an id, a hash or a HashScan transaction URL. */
function launchTransaction(transaction: string | undefined): TraceInput | undefined {
  if (transaction === undefined) return undefined;
  const parsed = parseTraceInput(transaction);
  if (!parsed.ok) throw new ApiError('invalid-input', `"transaction" in the launch configuration: ${parsed.message}`);
  return parsed.value;
}

/** The launch's mirror: `mirrorUrl` (+ `web3Url`) is a custom network, whatever `network` says; otherwise `network` by name. */
export function launchEndpoints(args: Pick<LaunchArguments, 'network' | 'mirrorUrl' | 'web3Url'>): Endpoints {
  if (args.mirrorUrl) {
    let url: URL;
    try {
      url = new URL(args.mirrorUrl);
    } catch {
      throw new ApiError('invalid-input', `mirrorUrl "${quotedUrl(args.mirrorUrl)}" is not a URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ApiError('invalid-input', 'mirrorUrl must be an http or https URL.');
    return resolveNetwork('custom', { mirrorUrl: args.mirrorUrl, web3Url: args.web3Url });
  }
  const network = args.network ?? '';
  if (network === 'custom')
    throw new ApiError('invalid-input', 'The custom network needs "mirrorUrl" (and optionally "web3Url") in the launch configuration.');
  if (!isNetworkName(network))
    throw new ApiError(
      'invalid-input',
      'Give "network" (mainnet, testnet, previewnet or local) or "mirrorUrl" in the launch configuration.',
    );
  return resolveNetwork(network);
}

/** The folders to read build output from: `buildOutput`, else `fallback`. */
export function buildRoots(args: Pick<LaunchArguments, 'buildOutput'>, fallback: readonly string[]): string[] {
  const given =
    typeof args.buildOutput === 'string'
      ? [args.buildOutput]
      : Array.isArray(args.buildOutput)
        ? args.buildOutput.filter((x): x is string => typeof x === 'string')
        : [];
  return (given.length ? given : fallback).map((p) => resolve(p));
}

/**
 * The build output under `roots`, ready to map `trace`'s steps; `lookup` asks the mirror which code ran, `verified`
 * the verification server for code the build output does not match.
 */
export async function mapSources(
  trace: Trace,
  roots: readonly string[],
  lookup: CodeLookup | undefined,
  log: (message: string) => void,
  verified?: VerifiedLookup,
): Promise<Pick<OpenedTrace, 'sources' | 'files'>> {
  const found = await Promise.all(roots.map((root) => discoverArtifacts(root)));
  for (const problem of found.flatMap((d) => d.problems)) log(`Build output skipped: ${problem}`);
  const artifacts = found.flatMap((d) => d.artifacts);
  log(
    `${trace.length} steps; ${artifacts.length} compiled contract${artifacts.length === 1 ? '' : 's'} with source maps in ${roots.join(', ') || 'no folder'}`,
  );
  const files = new SourceFiles();
  return {
    files,
    sources: artifacts.length || verified ? new TraceSources(trace, new ArtifactIndex(artifacts), files, lookup, verified) : undefined,
  };
}

/** The launch's verification server (`verifyUrl`, default Sourcify's), cached as the CLI caches; none when turned off. */
function launchVerified(
  args: Pick<LaunchArguments, 'verifyUrl' | 'fetchVerified'>,
  endpoints: Endpoints,
  http: HttpClient,
): VerifiedLookup | undefined {
  if (args.fetchVerified === false) return undefined;
  const url = args.verifyUrl ?? DEFAULT_VERIFY_URL;
  if (!/^https?:\/\//i.test(url)) throw new ApiError('invalid-input', 'verifyUrl must be an http or https URL.');
  const sources = new VerifiedSources({
    transport: new VerifyTransport(http.transport),
    url,
    chainId: String(endpoints.chainId),
    cache: new VerifiedCache(cliVerifiedCacheDir(), () => CLI_VERIFIED_CACHE_BYTES, url),
  });
  return (address) => sources.artifact(address);
}

export class StandaloneHost implements DebugHost {
  /** `cwd`: where relative paths start; `defaultRoots`: build output folders when the launch names none. */
  constructor(
    private readonly cwd: string,
    private readonly defaultRoots: readonly string[] = [cwd],
  ) {}

  async open(args: LaunchArguments, log: (message: string) => void): Promise<OpenedTrace> {
    const http = new HttpClient();
    try {
      const parts = { stack: args.stack ?? true, memory: args.memory ?? false, storage: args.storage ?? false };
      const input = args.traceFile ? undefined : launchTransaction(args.transaction);
      // A HashScan URL names its network, which serves when the launch names no mirror of its own.
      const mirror = args.mirrorUrl || args.network ? args : { ...args, network: input?.network };
      const endpoints = args.traceFile && !args.mirrorUrl && !args.network ? undefined : launchEndpoints(mirror);
      let trace;
      let title: string;
      let actions: OpenedTrace['actions'];
      let result: OpenedTrace['result'];
      if (args.traceFile) {
        const file = resolve(this.cwd, args.traceFile);
        trace = await decodeTraceFile(file);
        title = basename(file);
      } else if (input && endpoints) {
        const id = input.transaction.value;
        log(`Fetching the opcode trace of ${id} from ${stripUserInfo(endpoints.web3Url)}…`);
        trace = await fetchTrace(http, endpoints, id, parts);
        title = id;
        actions = async () => (await fetchContractActions(http, endpoints, id)).actions;
        result = async () => (await fetchContractResult(http, endpoints, id)).result;
      } else {
        throw new ApiError('invalid-input', 'Give "transaction" (id, hash or HashScan URL) or "traceFile" in the launch configuration.');
      }
      const lookup = endpoints ? (address: string) => fetchContractCode(http, endpoints.restUrl, address) : undefined;
      const verified = endpoints && launchVerified(args, endpoints, http);
      const { sources, files } = await mapSources(trace, buildRoots(args, this.defaultRoots), lookup, log, verified);
      const session = new TraceSession(trace, { key: `debug:${title}`, title, network: endpoints?.network ?? 'file' });
      return {
        session,
        sources,
        files,
        actions,
        result,
        codeAt: async (address) => (lookup ? (await lookup(address))?.runtime : undefined),
        dispose: () => void http.close(),
      };
    } catch (err) {
      void http.close();
      throw err;
    }
  }
}
