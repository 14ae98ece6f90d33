// Where the stdio adapter gets its trace and build output: the mirror named in the launch arguments (or a saved
// trace file) and the compiler output under `buildOutput` (default: the current directory). A launch that names a
// workspace (`cwd`) has its trace file and build output read only inside it, as the extension reads only inside its
// workspace folders; in server mode every launch is confined so, to `cwd` (itself inside the folder the adapter runs
// in) or that folder. A file refused or unreadable is named with the kind of problem, never with its bytes.
import { basename, resolve } from 'node:path';
import { loadPreState } from '../core/state/pre-state';
import { ApiError } from '../core/errors';
import { HttpClient } from '../core/http';
import { MirrorClient } from '../core/mirror/client';
import { quotedUrl, stripUserInfo } from '../core/net/redact';
import { parseTraceInput, type TraceInput } from '../core/links/hashscan-url';
import { isNetworkName, resolveNetwork, type Endpoints } from '../core/networks';
import { decodeTraceFile, fetchTrace } from '../core/opcodes-client';
import { TraceSession } from '../core/session/session';
import { mirrorCode, readBuildOutput, sourceLookup, verifiedSources, type SourceLookup } from '../core/sourcemap/source-lookup';
import type { CodeLookup } from '../core/sourcemap/trace-sources';
import { WorkspaceFolder } from '../core/workspace/confined-fs';
import { CLI_VERIFIED_CACHE_BYTES, cliVerifiedCacheDir } from '../core/verified/verified-cache';
import { VERIFIED_RUN_LIMITS, type VerifiedRun, type VerifiedRunOptions } from '../core/verified/verified-run';
import type { VerifiedSources } from '../core/verified/verified-sources';
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

/** The folders to read build output from: `buildOutput` (relative to `base`), else `fallback`. */
export function buildRoots(args: Pick<LaunchArguments, 'buildOutput'>, fallback: readonly string[], base = process.cwd()): string[] {
  const given =
    typeof args.buildOutput === 'string'
      ? [args.buildOutput]
      : Array.isArray(args.buildOutput)
        ? args.buildOutput.filter((x): x is string => typeof x === 'string')
        : [];
  return (given.length ? given : fallback).map((p) => resolve(base, p));
}

/**
 * The build output under `roots`, ready to map `trace`'s steps (core/sourcemap/source-lookup.ts); `code` asks the
 * mirror which code ran, `verified` the verification server for code the build output does not match.
 */
export async function mapSources(
  trace: Trace,
  roots: readonly string[],
  code: CodeLookup | undefined,
  log: (message: string) => void,
  verified?: VerifiedSources | VerifiedRun,
  runOptions?: VerifiedRunOptions,
): Promise<SourceLookup> {
  const build = await readBuildOutput(roots);
  for (const problem of build.problems) log(`Build output skipped: ${problem}`);
  const n = build.artifacts.length;
  log(`${trace.length} steps; ${n} compiled contract${n === 1 ? '' : 's'} with source maps in ${roots.join(', ') || 'no folder'}`);
  return sourceLookup(trace, build, code, verified, runOptions);
}

/** The longest `verifiedTimeout` a launch may give, in seconds. */
const MAX_VERIFIED_TIMEOUT_S = 600;

/** The launch's `verifiedTimeout` (seconds for all verified-source lookups together) in ms. */
function verifiedTimeoutMs(args: Pick<LaunchArguments, 'verifiedTimeout'>): number {
  const given: unknown = args.verifiedTimeout;
  if (given === undefined) return VERIFIED_RUN_LIMITS.timeoutMs;
  if (typeof given !== 'number' || !Number.isFinite(given) || given <= 0 || given > MAX_VERIFIED_TIMEOUT_S)
    throw new ApiError('invalid-input', `"verifiedTimeout" must be a number of seconds above 0 and at most ${MAX_VERIFIED_TIMEOUT_S}.`);
  return given * 1000;
}

/**
 * The launch's verification server (`verifyUrl`, default Sourcify's), cached as the CLI caches and asked within the
 * same budget per trace as the CLI's (verified-run.ts); none when turned off.
 */
function launchVerified(
  args: Pick<LaunchArguments, 'verifyUrl' | 'fetchVerified' | 'verifiedTimeout'>,
  endpoints: Endpoints,
  http: HttpClient,
  log: (message: string) => void,
): { sources: VerifiedSources; run: VerifiedRunOptions } | undefined {
  if (args.fetchVerified === false) return undefined;
  const url = args.verifyUrl ?? DEFAULT_VERIFY_URL;
  if (!/^https?:\/\//i.test(url)) throw new ApiError('invalid-input', 'verifyUrl must be an http or https URL.');
  const cache = { cacheDir: cliVerifiedCacheDir(), cacheBytes: () => CLI_VERIFIED_CACHE_BYTES };
  return {
    sources: verifiedSources(http.transport, { url, chainId: endpoints.chainId, ...cache }),
    run: { timeoutMs: verifiedTimeoutMs(args), onNote: (note) => log(`Names are partial: ${note}.`) },
  };
}

/**
 * The trace file's decoding error without the bytes the decoder quotes from it (`found 'S'`, `not 10000000`, a
 * key's name): the file, where it broke and which rule, never what it holds.
 */
function traceFileError(file: string, err: unknown): unknown {
  const at = err instanceof Error ? /^Malformed trace response at byte (\d+): (.*)$/s.exec(err.message) : null;
  if (!at) return err;
  const rule = /is not valid JSON/.test(at[2]) ? '' : at[2].replace(/,?\s+(not|found)\s[\s\S]*$/, '').replace(/\.$/, '');
  return new ApiError(
    'invalid-input',
    `The trace file ${file} is not a valid opcode trace (malformed at byte ${at[1]}${rule ? `: ${rule}` : ''}).`,
  );
}

export interface HostOptions {
  /** Server mode: every launch's files only inside `cwd` (or the launch's `cwd`, which must be inside it). */
  confined?: boolean;
}

export class StandaloneHost implements DebugHost {
  /** `cwd`: where relative paths start; `defaultRoots`: build output folders when the launch names none. */
  constructor(
    private readonly cwd: string,
    private readonly defaultRoots: readonly string[] = [cwd],
    private readonly options: HostOptions = {},
  ) {}

  /** The workspace the launch's files are confined to; undefined when they are not (stdio, no `cwd`). */
  private async workspaceOf(args: LaunchArguments): Promise<WorkspaceFolder | undefined> {
    const named: unknown = args.cwd;
    if (named !== undefined && (typeof named !== 'string' || named.length > 4096))
      throw new ApiError('invalid-input', '"cwd" in the launch configuration must be a folder.');
    if (named === undefined && !this.options.confined) return undefined;
    const root = resolve(this.cwd, named ?? '.');
    if (this.options.confined) {
      const inside = await new WorkspaceFolder(this.cwd).confine(root);
      if (!inside.ok) throw new ApiError('invalid-input', `"cwd" ${root} is not a folder inside ${this.cwd}, which this adapter serves.`);
    }
    return new WorkspaceFolder(root);
  }

  /** The build output folders, those outside the workspace skipped with a note. */
  private async roots(args: LaunchArguments, ws: WorkspaceFolder | undefined, log: (message: string) => void): Promise<string[]> {
    if (!ws) return buildRoots(args, this.defaultRoots);
    const kept: string[] = [];
    for (const root of buildRoots(args, [ws.root], ws.root)) {
      const where = await ws.confine(root);
      if (where.ok) kept.push(where.real);
      else log(`Build output skipped: ${where.message}`);
    }
    return kept;
  }

  /** The trace file's real path, when it is a regular file inside the workspace (any file when not confined). */
  private async traceFile(path: string, ws: WorkspaceFolder | undefined): Promise<string> {
    if (!ws) return resolve(this.cwd, path);
    const where = await ws.locate(path, Number.MAX_SAFE_INTEGER);
    if (!where.ok) throw new ApiError('invalid-input', `The trace file ${where.message}.`);
    return where.real;
  }

  async open(args: LaunchArguments, log: (message: string) => void): Promise<OpenedTrace> {
    const http = new HttpClient();
    let mapped: SourceLookup | undefined;
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
      const ws = await this.workspaceOf(args);
      if (args.traceFile) {
        const file = await this.traceFile(args.traceFile, ws);
        trace = await decodeTraceFile(file).catch((err: unknown) => {
          throw traceFileError(file, err);
        });
        title = basename(file);
      } else if (input && endpoints) {
        const id = input.transaction.value;
        log(`Fetching the opcode trace of ${id} from ${stripUserInfo(endpoints.web3Url)}…`);
        const client = new MirrorClient(endpoints, http);
        trace = await fetchTrace(client, id, parts);
        // Every state variable by name at every step: the mirror's state before the transaction, kept with the trace.
        await loadPreState(client, id, trace, log);
        title = id;
        actions = async () => (await client.contractActions(id)).actions;
        result = async () => (await client.contractResult(id)).result;
      } else {
        throw new ApiError('invalid-input', 'Give "transaction" (id, hash or HashScan URL) or "traceFile" in the launch configuration.');
      }
      const client = endpoints && new MirrorClient(endpoints, http);
      const lookup = client && mirrorCode(client);
      const verified = endpoints && launchVerified(args, endpoints, http, log);
      mapped = await mapSources(trace, await this.roots(args, ws, log), lookup, log, verified?.sources, verified?.run);
      const { sources, files } = mapped;
      const session = new TraceSession(trace, { key: `debug:${title}`, title, network: endpoints?.network ?? 'file' });
      return {
        session,
        sources,
        files,
        actions,
        result,
        codeAt: async (address) => (lookup ? (await lookup(address))?.runtime : undefined),
        dispose: () => {
          mapped?.dispose();
          void http.close();
        },
      };
    } catch (err) {
      mapped?.dispose();
      void http.close();
      throw err;
    }
  }
}
