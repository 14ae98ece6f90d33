/**
 * Compiles the reference mirror's Solidity contracts with the solc npm package (bundled soljson, nothing is
 * downloaded) and caches the standard-JSON output on disk, keyed by the compiler version and the input.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

export const CONTRACTS_DIR = fileURLToPath(new URL('../contracts/', import.meta.url));
/** Stand-ins for Hedera system contracts: compiled apart, so they are not part of the sample workspace's build. */
export const SYSTEM_CONTRACTS_DIR = fileURLToPath(new URL('./system/', import.meta.url));
/** Other teams' contracts: verified on the reference verifier, never in the sample workspace's build output. */
export const EXTERNAL_CONTRACTS_DIR = fileURLToPath(new URL('./external/', import.meta.url));
const CACHE_DIR = resolve(CONTRACTS_DIR, '../../../.cache/evm');

/** Hardhat names sources relative to the project root; the sample workspace keeps them under `contracts/`. */
const SOURCE_PREFIX = 'contracts/';

export interface LinkReference {
  start: number;
  length: number;
}

/** The parts of one contract's standard-JSON output that the mirror uses. */
export interface CompiledContract {
  abi: unknown[];
  metadata: string;
  storageLayout: unknown;
  evm: {
    bytecode: { object: string; sourceMap: string; linkReferences: Record<string, Record<string, LinkReference[]>> };
    deployedBytecode: {
      object: string;
      sourceMap: string;
      linkReferences: Record<string, Record<string, LinkReference[]>>;
      immutableReferences?: Record<string, LinkReference[]>;
    };
    methodIdentifiers: Record<string, string>;
  };
}

export interface StandardJsonInput {
  language: 'Solidity';
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown>;
}

export interface StandardJsonOutput {
  contracts: Record<string, Record<string, CompiledContract>>;
  sources: Record<string, { id: number; ast: unknown }>;
  errors?: { severity: string; formattedMessage: string }[];
}

export interface Compilation {
  /** e.g. `0.8.37` */
  solcVersion: string;
  /** e.g. `0.8.37+commit.f401782d` (Hardhat drops the platform suffix too). */
  solcLongVersion: string;
  input: StandardJsonInput;
  output: StandardJsonOutput;
  /** Stable id of this input and compiler, used for the cache and as the Hardhat build-info id. */
  id: string;
}

/**
 * How the contracts are compiled: the default keeps the optimizer off so source maps stay close to the source; the
 * debugger's locals are also checked against the optimizer's and the IR pipeline's code.
 */
export type CompilerVariant = 'default' | 'optimized' | 'via-ir' | 'via-ir-unoptimized';

export const VARIANT_SETTINGS: Record<CompilerVariant, Record<string, unknown> & { optimizer: unknown }> = {
  default: { optimizer: { enabled: false, runs: 200 } },
  optimized: { optimizer: { enabled: true, runs: 200 } },
  'via-ir': { optimizer: { enabled: true, runs: 200 }, viaIR: true },
  'via-ir-unoptimized': { optimizer: { enabled: false, runs: 200 }, viaIR: true },
};

/** Builds the standard-JSON input from every `.sol` file in `dir`, sorted so the id is stable. */
export async function readSources(dir = CONTRACTS_DIR, variant: CompilerVariant = 'default'): Promise<StandardJsonInput> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sol')).sort();
  const sources: Record<string, { content: string }> = {};
  for (const file of files) sources[SOURCE_PREFIX + file] = { content: await readFile(join(dir, file), 'utf8') };
  return standardInput(sources, VARIANT_SETTINGS[variant]);
}

/** The standard-JSON input for `sources` with the mirror's output selection; Hedera runs the Cancun instruction set. */
export function standardInput(
  sources: Record<string, { content: string }>,
  settings: Record<string, unknown> & { optimizer: unknown },
  evmVersion = 'cancun',
): StandardJsonInput {
  return {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion,
      ...settings,
      outputSelection: {
        '*': {
          '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'evm.methodIdentifiers', 'metadata', 'storageLayout'],
          '': ['ast'],
        },
      },
    },
  };
}

export async function compileContracts(dir = CONTRACTS_DIR, variant: CompilerVariant = 'default'): Promise<Compilation> {
  return compileInput(await readSources(dir, variant));
}

/**
 * The compilers the mirror has: the bundled solc, and solc 0.5.16 installed under the npm alias `solc-0.5.16` for
 * library code that ships built with it (loaded only when its output is not cached: its soljson is large).
 */
export type SolcRelease = 'bundled' | '0.5.16';

interface SolcModule {
  version(): string;
  compile(input: string): string;
}

const nodeRequire = createRequire(import.meta.url);
const SOLC: Record<SolcRelease, () => SolcModule> = {
  bundled: () => solc as SolcModule,
  '0.5.16': () => nodeRequire('solc-0.5.16') as SolcModule,
};
/** Long versions, so a cached output is found without loading its compiler. */
const LONG_VERSION: Record<SolcRelease, () => string> = {
  bundled: () => (solc as SolcModule).version().replace(/\.Emscripten.*$/, ''),
  '0.5.16': () => '0.5.16+commit.9c3226ce',
};

/** Compiles a standard-JSON input (cached on disk by compiler and input); solc errors throw. */
export async function compileInput(input: StandardJsonInput, release: SolcRelease = 'bundled'): Promise<Compilation> {
  const solcLongVersion = LONG_VERSION[release]();
  const solcVersion = solcLongVersion.replace(/\+.*$/, '');
  const text = JSON.stringify(input);
  const id = createHash('sha256').update(solcLongVersion).update('\0').update(text).digest('hex').slice(0, 32);
  const cacheFile = join(CACHE_DIR, `solc-${id}.json`);
  const cached = await readFile(cacheFile, 'utf8').then(
    (t) => JSON.parse(t) as StandardJsonOutput,
    () => undefined,
  );
  if (cached) return { solcVersion, solcLongVersion, input, output: cached, id };

  const compiler = SOLC[release]();
  if (!compiler.version().startsWith(solcLongVersion)) throw new Error(`solc ${compiler.version()} is not ${solcLongVersion}`);
  const output = JSON.parse(compiler.compile(text)) as StandardJsonOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  await writeAtomically(cacheFile, JSON.stringify(output));
  return { solcVersion, solcLongVersion, input, output, id };
}

/** Finds a contract by name in any source file. */
export function contractOf(compilation: Compilation, name: string): { sourceName: string; contract: CompiledContract } {
  for (const [sourceName, contracts] of Object.entries(compilation.output.contracts)) {
    const contract = contracts[name];
    if (contract) return { sourceName, contract };
  }
  throw new Error(`contract ${name} is not among the compiled sources`);
}

/** Several test processes may compile at once: write a private temp file, then rename over the target. */
export async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, file);
}
