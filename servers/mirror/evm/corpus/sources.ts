/**
 * The corpus's standard-JSON inputs: the thin wrappers in `contracts/` and, as Hardhat does, every file they import
 * (transitively) read unmodified from the npm packages in node_modules, named by their npm paths
 * (`@openzeppelin/contracts/...`, `solady/src/...`, `solmate/src/...`, `@uniswap/v2-core/contracts/...`).
 */
import { readFile } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompilerVariant, standardInput, type StandardJsonInput, VARIANT_SETTINGS } from '../compile';

const WRAPPERS_DIR = fileURLToPath(new URL('./contracts/', import.meta.url));
const NODE_MODULES = resolve(WRAPPERS_DIR, '../../../../../node_modules');
/** Hardhat names a project's own sources relative to its root. */
const WRAPPER_PREFIX = 'contracts/corpus/';
/** Only the registry packages the corpus is made of are read. */
const PACKAGES = ['@openzeppelin/contracts/', 'solady/', 'solmate/', '@uniswap/v2-core/'];

/** The wrappers compiled with the bundled solc (0.8). */
export const WRAPPERS = ['OzCorpus.sol', 'SoladyCorpus.sol', 'SolmateCorpus.sol'] as const;
/** Uniswap v2-core's own deployable contracts, compiled with the compiler it ships built with. */
export const UNISWAP_SOURCES = ['@uniswap/v2-core/contracts/UniswapV2Factory.sol', '@uniswap/v2-core/contracts/test/ERC20.sol'];
/** Uniswap v2-core's shipped settings (its build's metadata): the optimizer at 999 999 runs, Istanbul. */
const UNISWAP_OPTIMIZED = { optimizer: { enabled: true, runs: 999_999 } };
const UNISWAP_EVM = 'istanbul';

async function readSource(name: string): Promise<string> {
  if (name.startsWith(WRAPPER_PREFIX)) return readFile(resolve(WRAPPERS_DIR, name.slice(WRAPPER_PREFIX.length)), 'utf8');
  if (!PACKAGES.some((p) => name.startsWith(p)) || name.split('/').includes('..'))
    throw new Error(`corpus import outside its packages: ${name}`);
  return readFile(resolve(NODE_MODULES, name), 'utf8');
}

/** Solidity's import path resolution: `./` and `../` are relative to the importing source's name, others are names. */
function importedNames(importer: string, content: string): string[] {
  const names: string[] = [];
  for (const match of content.matchAll(/^\s*import\s+(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
    const path = match[1];
    names.push(path.startsWith('.') ? posix.normalize(posix.join(posix.dirname(importer), path)) : path);
  }
  return names;
}

/** `roots` and everything they import, sorted by name so the input (and its cache id) is stable. */
async function closure(roots: readonly string[]): Promise<Record<string, { content: string }>> {
  const found = new Map<string, string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (found.has(name)) continue;
    const content = await readSource(name);
    found.set(name, content);
    pending.push(...importedNames(name, content));
  }
  return Object.fromEntries([...found].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, content]) => [name, { content }]));
}

/** The 0.8 corpus (OpenZeppelin, solady, solmate) for a build variant. */
export async function libraryInput(variant: CompilerVariant): Promise<StandardJsonInput> {
  return standardInput(await closure(WRAPPERS.map((w) => WRAPPER_PREFIX + w)), VARIANT_SETTINGS[variant]);
}

/**
 * Uniswap v2-core for a legacy variant: its shipped optimized build, or the same sources unoptimized. solc 0.5 has no
 * IR pipeline, so the via-IR variants have no Uniswap build (undefined).
 */
export async function uniswapInput(variant: CompilerVariant): Promise<StandardJsonInput | undefined> {
  if (variant === 'via-ir' || variant === 'via-ir-unoptimized') return undefined;
  const settings = variant === 'optimized' ? UNISWAP_OPTIMIZED : { optimizer: { enabled: false, runs: 200 } };
  return standardInput(await closure(UNISWAP_SOURCES), settings, UNISWAP_EVM);
}
