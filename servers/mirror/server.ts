// The reference mirror node: one local HTTP server that answers like a mirror deployment behind its proxy,
// REST (Node) module for tokens and contracts, web3 (Java) module for opcode traces. Dev/test only.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadDatasets, type Datasets } from './datasets';
import { DEFAULT_MODE, MODE_PREFIXES, type Mode } from './modes';
import { sendReply, type Reply } from './respond';
import { contractResultsListReply } from './rest/contract-results-list-route';
import { contractReply } from './rest/contracts-route';
import { prestateReply } from './rest/prestate-route';
import { contractStateReply } from './rest/state-route';
import { parseRestQuery } from './rest/query';
import { contractActionsReply, contractResultReply } from './rest/results-route';
import { internalError, notFound, RestError, serviceUnavailable } from './rest/rest-error';
import { restErrorReply } from './rest/rest-reply';
import type { TokenStore } from './rest/token-store';
import { tokenInfoReply } from './rest/tokens-route';
import { EMPTY_TRACE_PROVIDER, type TraceProvider } from './trace-provider';
import { NO_OPCODE_CAPS, type OpcodeCaps } from './web3/opcode-caps';
import { opcodesReply } from './web3/opcodes-route';
import { TokenBucket } from './web3/token-bucket';
import { web3ErrorReply } from './web3/web3-reply';

export interface MirrorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Opcode traces and contracts; default: none, so every valid transaction id or hash is a 404. */
  traces?: TraceProvider;
  /** Root (unprefixed) behaviour; the /modes/<name> prefixes override it per request. */
  opcodes?: Mode['opcodes'];
  opcodeApi?: Mode['opcodeApi'];
  unavailable?: boolean;
  /** The shape of each opcode's `storage` map (default the newest mirror's, `accesses`). */
  storage?: Mode['storage'];
  /** Newer mirrors' trace caps (default none, as before PR #14065); any cap left out is unlimited. */
  opcodeCaps?: Partial<OpcodeCaps>;
  /** Opcode requests allowed per second, per mode (default 1, as v0.150+ servers); Infinity turns the limit off. */
  opcodeRequestsPerSecond?: number;
  /** The rate limit's clock in milliseconds (default performance.now); tests move it by hand. */
  now?: () => number;
  /** Called once per answered request with a one-line summary. */
  log?: (line: string) => void;
}

export interface RunningMirror {
  url: string;
  port: number;
  close(): Promise<void>;
  traces: TraceProvider;
  /** Names usable as /fixtures/<name>, one per spec-test file with a setup. */
  fixtures: readonly string[];
}

const OPCODES_PATH = /^\/api\/v1\/contracts\/results\/([^/]*)\/opcodes$/;
// Express matches routes case-insensitively and ignores one trailing slash.
const TOKEN_PATH = /^\/api\/v1\/tokens\/([^/]+)\/?$/i;
const CONTRACT_PATH = /^\/api\/v1\/contracts\/(?!results\/?$)([^/]+)\/?$/i;
const RESULT_PATH = /^\/api\/v1\/contracts\/results\/([^/]+)\/?$/i;
const ACTIONS_PATH = /^\/api\/v1\/contracts\/results\/([^/]+)\/actions\/?$/i;
const STATE_PATH = /^\/api\/v1\/contracts\/(?!results\/)([^/]+)\/state\/?$/i;
const PRESTATE_PATH = /^\/api\/v1\/contracts\/results\/([^/]+)\/prestate$/;
const CONTRACT_RESULTS_PATH = /^\/api\/v1\/contracts\/(?!results\/)([^/]+)\/results\/?$/i;

interface Target {
  store: TokenStore | undefined;
  mode: Mode;
  /** Which rate-limit bucket serves this request: one per simulated web3 deployment. */
  bucket: string;
  path: string;
}

function splitPrefix(rawPath: string, datasets: Datasets, rootMode: Mode): Target {
  const fixture = /^\/fixtures\/([^/]+)(\/.*)?$/.exec(rawPath);
  if (fixture) {
    return { store: datasets.fixtures.get(fixture[1]), mode: rootMode, bucket: '', path: fixture[2] ?? '/' };
  }
  const prefixed = /^\/modes\/([^/]+)(\/.*)?$/.exec(rawPath);
  if (prefixed) {
    const overrides = Object.hasOwn(MODE_PREFIXES, prefixed[1]) ? MODE_PREFIXES[prefixed[1]] : undefined;
    return {
      store: overrides && datasets.root,
      mode: { ...DEFAULT_MODE, ...overrides },
      bucket: prefixed[1],
      path: prefixed[2] ?? '/',
    };
  }
  return { store: datasets.root, mode: rootMode, bucket: '', path: rawPath };
}

function decodeParam(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Express rejects undecodable parameters; here they simply fail validation.
    return text;
  }
}

export async function startMirror(opts: MirrorOptions = {}): Promise<RunningMirror> {
  const datasets = loadDatasets();
  const traces = opts.traces ?? EMPTY_TRACE_PROVIDER;
  const rootMode: Mode = {
    opcodes: opts.opcodes ?? DEFAULT_MODE.opcodes,
    opcodeApi: opts.opcodeApi ?? DEFAULT_MODE.opcodeApi,
    unavailable: opts.unavailable ?? DEFAULT_MODE.unavailable,
    busy: DEFAULT_MODE.busy,
    storage: opts.storage ?? DEFAULT_MODE.storage,
    prestate: DEFAULT_MODE.prestate,
    state: DEFAULT_MODE.state,
  };
  const caps: OpcodeCaps = { ...NO_OPCODE_CAPS, ...opts.opcodeCaps };
  const busyAsked = new Map<string, number>();
  const busyFor = (mode: Mode, name: string) => (): boolean => {
    if (mode.busy === 'never') return false;
    const asked = busyAsked.get(name) ?? 0;
    busyAsked.set(name, asked + 1);
    return mode.busy === 'always' || asked % 2 === 0;
  };
  const perSecond = opts.opcodeRequestsPerSecond ?? 1;
  const buckets = new Map<string, TokenBucket>();
  const bucketFor = (name: string): TokenBucket => {
    let bucket = buckets.get(name);
    if (!bucket) buckets.set(name, (bucket = new TokenBucket(perSecond, opts.now)));
    return bucket;
  };

  function replyFor(req: IncomingMessage): Reply {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
    const search = queryStart === -1 ? '' : url.slice(queryStart + 1);
    const method = req.method ?? 'GET';
    const target = splitPrefix(rawPath, datasets, rootMode);
    const opcodes = OPCODES_PATH.exec(target.path);
    try {
      if (!target.store) throw notFound();
      if (target.mode.unavailable) return opcodes ? web3ErrorReply(503) : restErrorReply(serviceUnavailable());
      if (opcodes) {
        return opcodesReply(
          { mode: target.mode, bucket: bucketFor(target.bucket), traces, caps, busy: busyFor(target.mode, target.bucket) },
          {
            method,
            path: target.path,
            idSegment: opcodes[1],
            query: new URLSearchParams(search),
            acceptEncoding: req.headers['accept-encoding'],
          },
        );
      }
      const token = TOKEN_PATH.exec(target.path);
      const contract = CONTRACT_PATH.exec(target.path);
      const result = RESULT_PATH.exec(target.path);
      const actions = ACTIONS_PATH.exec(target.path);
      if (method !== 'GET' && method !== 'HEAD') throw notFound();
      if (token) return tokenInfoReply(target.store, decodeParam(token[1]), parseRestQuery(search));
      if (contract) return contractReply(traces, decodeParam(contract[1]), parseRestQuery(search));
      if (result) return contractResultReply(traces, decodeParam(result[1]), parseRestQuery(search));
      if (actions) return contractActionsReply(traces, decodeParam(actions[1]), target.path, parseRestQuery(search));
      const contractResults = CONTRACT_RESULTS_PATH.exec(target.path);
      if (contractResults) return contractResultsListReply(traces, decodeParam(contractResults[1]), target.path, parseRestQuery(search));
      const state = STATE_PATH.exec(target.path);
      if (state && target.mode.state === 'missing') throw notFound();
      if (state) return contractStateReply(traces, decodeParam(state[1]), target.path, parseRestQuery(search));
      const prestate = PRESTATE_PATH.exec(target.path);
      if (prestate) return prestateReply(traces, target.mode, target.path, decodeParam(prestate[1]));
      throw notFound();
    } catch (error) {
      if (error instanceof RestError) return restErrorReply(error);
      opts.log?.(`Internal error on ${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
      return opcodes ? web3ErrorReply(500) : restErrorReply(internalError());
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    res.on('close', () => {
      opts.log?.(`${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
    });
    const reply = replyFor(req);
    try {
      await sendReply(req, res, reply);
    } catch (error) {
      opts.log?.(`Failed to write ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (res.headersSent) res.destroy();
      else await sendReply(req, res, reply.kind === 'stream' ? web3ErrorReply(500) : restErrorReply(internalError()));
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    port,
    traces,
    fixtures: [...datasets.fixtures.keys()],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
