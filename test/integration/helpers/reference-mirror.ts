// Real EVM traces for the trace-core tests: the reference mirror's solc + @ethereumjs/vm cases, served over a
// loopback socket and fetched through the opcodes client. Providers and fetched traces are memoised, so every
// test file shares one execution of each variant.
import { strict as assert } from 'node:assert';
import { CASE_NAMES, DEBUG_CASE_NAMES, HTS_CASE_NAMES, NATIVE_CASE_NAMES } from '../../../servers/mirror/evm/cases';
import {
  createEvmTraceProvider,
  type EvmProviderOptions,
  type EvmTraceProvider,
  type TraceCaseInfo,
} from '../../../servers/mirror/evm/index';
import { startMirror, type RunningMirror } from '../../../servers/mirror/server';
import type { StorageShape } from '../../../servers/mirror/modes';
import type { OpcodeQuery } from '../../../servers/mirror/trace-provider';
import { NO_OPCODE_CAPS, type OpcodeCaps } from '../../../servers/mirror/web3/opcode-caps';
import { HttpClient } from '../../../src/core/http';
import { MirrorClient } from '../../../src/core/mirror/client';
import { resolveNetwork, type Endpoints } from '../../../src/core/networks';
import { fetchTrace, type FetchTraceOptions } from '../../../src/core/opcodes-client';
import type { ColumnarTrace } from '../../../src/core/trace/trace';

export type Variant = 'post-op' | 'pre-op' | 'null-parts' | 'truncated' | 'long' | 'storage-v0.129';

/** Inside the nested-call and create cases' child frames, beyond the shortest cases. */
export const TRUNCATE_AT = 300;
const LONG_LOOP_STEPS = 20_000;

/** `truncated` serves the post-op traces from a mirror capped as newer mirrors are (its marker is the 301st entry). */
const OPTIONS: Record<Variant, EvmProviderOptions> = {
  'post-op': {},
  'pre-op': { preOp: true },
  'null-parts': { nullParts: true },
  truncated: {},
  long: { longLoop: true, longLoopSteps: LONG_LOOP_STEPS },
  'storage-v0.129': {},
};
const CAPS: Partial<Record<Variant, OpcodeCaps>> = { truncated: { ...NO_OPCODE_CAPS, maxOpcodes: TRUNCATE_AT + 1 } };
/** Variants that serve another's traces (no second execution of the same cases). */
const SAME_TRACES: Partial<Record<Variant, Variant>> = { truncated: 'post-op', 'storage-v0.129': 'post-op' };
/** `storage-v0.129` serves the post-op traces with v0.129's storage map (the current contract's written slots). */
const STORAGE: Partial<Record<Variant, StorageShape>> = { 'storage-v0.129': 'v0.129' };

export { CASE_NAMES, DEBUG_CASE_NAMES, HTS_CASE_NAMES, NATIVE_CASE_NAMES };
export type CaseName =
  | (typeof CASE_NAMES)[number]
  | (typeof HTS_CASE_NAMES)[number]
  | (typeof DEBUG_CASE_NAMES)[number]
  | (typeof NATIVE_CASE_NAMES)[number]
  | 'verified-only'
  | 'long-loop';

export const ALL_PARTS: OpcodeQuery = { stack: true, memory: true, storage: true };

const providers = new Map<Variant, Promise<EvmTraceProvider>>();

export function referenceProvider(requested: Variant): Promise<EvmTraceProvider> {
  const variant = SAME_TRACES[requested] ?? requested;
  let provider = providers.get(variant);
  if (!provider) providers.set(variant, (provider = createEvmTraceProvider(OPTIONS[variant])));
  return provider;
}

export interface ReferenceMirror {
  mirror: RunningMirror;
  endpoints: Endpoints;
  provider: EvmTraceProvider;
  info(name: CaseName): TraceCaseInfo;
  /** The body the server sends for a case, as text (the oracle the decoded trace is compared with). */
  body(name: CaseName, query?: OpcodeQuery): Promise<string>;
  /** The case fetched through the opcodes client over loopback; memoised per case and parts. */
  fetch(name: CaseName, query?: OpcodeQuery, options?: FetchTraceOptions): Promise<ColumnarTrace>;
  close(): Promise<void>;
}

const fetched = new Map<string, Promise<ColumnarTrace>>();

export async function startReference(variant: Variant): Promise<ReferenceMirror> {
  const provider = await referenceProvider(variant);
  const caps = CAPS[variant];
  const storage = STORAGE[variant];
  const mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity, opcodeCaps: caps, storage });
  const endpoints = resolveNetwork('custom', { mirrorUrl: mirror.url });
  const info = (name: CaseName): TraceCaseInfo => {
    const found = provider.cases.find((c) => c.name === name);
    assert.ok(found, `no reference case ${name}`);
    return found;
  };
  return {
    mirror,
    endpoints,
    provider,
    info,
    async body(name, query = ALL_PARTS) {
      let text = '';
      await provider.findTrace('id', info(name).transactionId)!.writeBody(
        query,
        (chunk) => {
          text += chunk;
        },
        caps,
        storage,
      );
      return text;
    },
    fetch(name, query = ALL_PARTS, options = {}) {
      const key = `${variant}/${name}/${JSON.stringify(query)}`;
      const memoisable = Object.keys(options).length === 0;
      let trace = memoisable ? fetched.get(key) : undefined;
      if (!trace) {
        trace = fetchWithOwnClient(endpoints, info(name).transactionId, { ...query, ...options });
        // The server changes port per test file, but the trace it serves for a case does not.
        if (memoisable) fetched.set(key, trace);
      }
      return trace;
    },
    close: () => mirror.close(),
  };
}

/** A client per fetch: one client spaces opcode requests to a host 1 s apart, which would only slow the suite. */
export async function fetchWithOwnClient(endpoints: Endpoints, id: string, options: FetchTraceOptions): Promise<ColumnarTrace> {
  const http = new HttpClient();
  try {
    return await fetchTrace(new MirrorClient(endpoints, http), id, options);
  } finally {
    await http.close();
  }
}
