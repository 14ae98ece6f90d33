// Which code a replay runs for each contract the transaction reaches. A debug replay: the debug build of the
// compilation whose code ran (the workspace's build info that matches it, its standard JSON input compiled again,
// debug-build.ts). A what-if replay: the workspace's current build of a named contract, as it is now, for the
// transaction's own contract. Both are found through the build output reader's artifacts; a build info is read
// through the workspace folder, which confines and bounds it.
import { isAbsolute, relative } from 'node:path';
import type { ContractArtifact } from '../sourcemap/artifacts';
import { ArtifactIndex } from '../sourcemap/match';
import { codeBytes } from '../sourcemap/bytecode';
import { WorkspaceFolder } from '../workspace/confined-fs';
import { debugRuntime, type DebugContract } from './debug-build';
import { ReplayRefused } from './replay-input';

type StandardJsonInput = { language: string; sources: Record<string, unknown>; settings?: Record<string, unknown> };
type Compile = (input: StandardJsonInput) => Promise<{ contracts: DebugContract[]; version: string }>;

interface BuildInfoFile {
  input?: StandardJsonInput;
  output?: {
    contracts?: Record<
      string,
      Record<string, { evm?: { deployedBytecode?: { linkReferences?: unknown; immutableReferences?: unknown } } }>
    >;
  };
}

export interface ReplayCode {
  /** Address → code to run instead of the code that ran. */
  code: Map<string, string>;
  /** One line per contract: what runs for it, or why the code that ran stays. */
  notes: string[];
}

/**
 * Debug builds for the contracts in `ran` (address → runtime code as it ran) whose code a build info under `roots`
 * matches; the others run the code that ran (their locals stay as the trace shows them).
 */
export async function debugBuildCode(
  ran: ReadonlyMap<string, string>,
  artifacts: readonly ContractArtifact[],
  roots: readonly string[],
  compile: Compile,
): Promise<ReplayCode> {
  const index = new ArtifactIndex(artifacts);
  const compiled = new Map<string, Promise<{ info: BuildInfoFile; build: { contracts: DebugContract[]; version: string } }>>();
  const out: ReplayCode = { code: new Map(), notes: [] };
  for (const [address, hex] of ran) {
    const match = index.matchRuntime(codeBytes(hex));
    if (!match || match.artifact.from !== 'build-info') {
      out.notes.push(`${address}: no build info of the workspace matches its code; it runs as it ran`);
      continue;
    }
    const { artifact } = match;
    let job = compiled.get(artifact.origin);
    if (!job) compiled.set(artifact.origin, (job = readAndCompile(artifact.origin, roots, compile)));
    const { info, build } = await job;
    const debug = build.contracts.find((c) => c.sourceName === artifact.sourceName && c.name === artifact.name);
    if (!debug) throw new ReplayRefused('bad-input', `The debug build of ${artifact.sourceName} has no contract ${artifact.name}.`);
    const refs = info.output?.contracts?.[artifact.sourceName]?.[artifact.name]?.evm?.deployedBytecode ?? {};
    out.code.set(address, debugRuntime(debug, { code: hex, ...refs }));
    out.notes.push(`${address}: ${artifact.name} (${artifact.sourceName}), debug build with solc ${build.version}`);
  }
  return out;
}

/** The workspace's current build of `name` for the transaction's own contract `to` (a what-if). */
export function workspaceCode(to: string, artifacts: readonly ContractArtifact[], name: string): ReplayCode {
  const found = artifacts.filter((a) => a.name === name && a.runtime && !a.verified);
  if (found.length === 0) throw new ReplayRefused('bad-input', `The workspace's build output has no contract ${name}.`);
  if (found.length > 1 && new Set(found.map((a) => a.sourceName)).size > 1) {
    throw new ReplayRefused(
      'bad-input',
      `The workspace's build output has ${name} in ${found.map((a) => a.sourceName).join(', ')}: build only one.`,
    );
  }
  const runtime = found[0]!.runtime!;
  if (runtime.masked.length > 0) {
    throw new ReplayRefused('bad-input', `${name} has immutables or library links, which a what-if replay cannot fill in yet.`);
  }
  return {
    code: new Map([[to, `0x${Buffer.from(runtime.bytes).toString('hex')}`]]),
    notes: [`${to}: ${name} (${found[0]!.sourceName}) as the workspace builds it now`],
  };
}

async function readAndCompile(
  origin: string,
  roots: readonly string[],
  compile: Compile,
): Promise<{ info: BuildInfoFile; build: { contracts: DebugContract[]; version: string } }> {
  const root = roots.find((r) => !isAbsolute(origin) || !relative(r, origin).startsWith('..')) ?? roots[0]!;
  const problems: string[] = [];
  const info = (await new WorkspaceFolder(root).optionalJson(isAbsolute(origin) ? relative(root, origin) : origin, problems))?.json as
    BuildInfoFile | undefined;
  const input = info?.input;
  if (!info || !input || typeof input !== 'object' || typeof input.sources !== 'object' || input.sources === null) {
    throw new ReplayRefused(
      'bad-input',
      `${origin} holds no standard JSON input to compile a debug build from${problems.length ? ` (${problems[0]})` : ''}.`,
    );
  }
  return {
    info,
    build: await compile({ language: String(input.language ?? 'Solidity'), sources: input.sources, settings: input.settings }),
  };
}
