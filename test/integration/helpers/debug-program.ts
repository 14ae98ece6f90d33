// A reference mirror build opened the way the debugger opens it, for the oracles that check its values: the mirror's
// EVM cases (and the library corpus) compiled one way, served over loopback, a transaction's trace fetched with every
// part, its Program built from the build-info in a temp workspace, and its calls' actions paired with its frames.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvmTraceProvider, type EvmTraceProvider } from '../../../servers/mirror/evm/index';
import type { CompilerVariant } from '../../../servers/mirror/evm/compile';
import { startMirror, type RunningMirror } from '../../../servers/mirror/server';
import { type ContractAction } from '../../../src/core/contract-results';
import { HttpClient } from '../../../src/core/http';
import { MirrorClient } from '../../../src/core/mirror/client';
import { resolveNetwork, type Endpoints } from '../../../src/core/networks';
import { discoverArtifacts } from '../../../src/core/sourcemap/discover';
import { ArtifactIndex } from '../../../src/core/sourcemap/match';
import { Program } from '../../../src/core/sourcemap/program';
import { SourceFiles } from '../../../src/core/sourcemap/source-files';
import { TraceSources } from '../../../src/core/sourcemap/trace-sources';
import { pairActions } from '../../../src/debug/actions';
import type { LocalsData } from '../../../src/debug/locals/values';
import type { ColumnarTrace } from '../../../src/core/trace/trace';
import { fetchWithOwnClient } from './reference-mirror';

export const VARIANT_TITLES: Record<CompilerVariant, string> = {
  default: 'optimizer off',
  optimized: 'optimizer on',
  'via-ir': 'viaIR',
  'via-ir-unoptimized': 'viaIR without the optimizer',
};

export interface BuiltMirror {
  /** The temp workspace holding the build-info. */
  dir: string;
  provider: EvmTraceProvider;
  mirror: RunningMirror;
  endpoints: Endpoints;
  http: HttpClient;
  index: ArtifactIndex;
  /** A case's transaction id. */
  idOf(name: string): string;
  close(): Promise<void>;
}

/** The reference mirror with its contracts (and with `corpus`, the library corpus) compiled as `variant`. */
export async function startBuiltMirror(variant: CompilerVariant, corpus = false): Promise<BuiltMirror> {
  const dir = await mkdtemp(join(tmpdir(), `ledger-oracle-${variant}-`));
  const provider = await createEvmTraceProvider({ compiler: variant, buildInfoDir: dir, corpus });
  const mirror = await startMirror({ traces: provider, opcodeRequestsPerSecond: Infinity });
  const http = new HttpClient();
  const index = new ArtifactIndex((await discoverArtifacts(dir)).artifacts);
  const ids = new Map(provider.cases.map((c) => [c.name, c.transactionId]));
  return {
    dir,
    provider,
    mirror,
    endpoints: resolveNetwork('custom', { mirrorUrl: mirror.url }),
    http,
    index,
    idOf: (name) => {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`no case ${name}`);
      return id;
    },
    close: async () => {
      await http.close();
      await mirror.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface OpenedTransaction {
  trace: ColumnarTrace;
  program: Program;
  /** Per trace frame, the action of its call (its input: the calldata, or a creation's init code). */
  calls: Array<ContractAction | undefined>;
  /** What the step holds, as the adapter reads it for Arguments and Locals. */
  dataAt(step: number): () => LocalsData;
}

const ALL = { stack: true, memory: true, storage: true };

/** A case's transaction as the debugger opens it. */
export async function openTransaction(built: BuiltMirror, name: string): Promise<OpenedTransaction> {
  const id = built.idOf(name);
  const trace = await fetchWithOwnClient(built.endpoints, id, ALL);
  const sources = new TraceSources(trace, built.index, new SourceFiles(), (address) =>
    new MirrorClient(built.endpoints, built.http).contractCode(address),
  );
  const program = await Program.build(trace, sources, new SourceFiles());
  const { actions } = await new MirrorClient(built.endpoints, built.http).contractActions(id);
  return openedFrom(trace, program, actions);
}

/** A trace's Program with its calls' actions paired with its frames, and each step's Locals data as the adapter reads it. */
export function openedFrom(trace: ColumnarTrace, program: Program, actions: ContractAction[]): OpenedTransaction {
  const calls = pairActions(trace, actions);
  const dataAt = (step: number) => () => {
    const detail = trace.detail(step);
    const input = calls[program.traceFrame[step]]?.input ?? undefined;
    return {
      stack: detail.stack ?? [],
      memory: detail.memory ? Buffer.from(detail.memory.map((w) => w.slice(2)).join(''), 'hex') : undefined,
      calldata: input ? Buffer.from(input.slice(2), 'hex') : undefined,
      storage: detail.storage,
      layout: program.frameCode[program.traceFrame[step]].artifact?.storageLayout,
    };
  };
  return { trace, program, calls, dataAt };
}
