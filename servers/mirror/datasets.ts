// The token datasets the reference mirror serves: one per copied spec-test file (its `setup` rows) and the
// root sample network derived from them.

import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInteger, parse } from 'lossless-json';
import { parseSetupEntityId } from './rest/entity-id';
import { TokenStore, type Setup } from './rest/token-store';
import { sampleSetup } from './sample';

export const SPEC_DIR = fileURLToPath(new URL('./data/tokens/', import.meta.url));
/** Real token bodies recorded by hashgraph/hedera-forking (kept with the tests' data; see its README). */
export const CAPTURED_TOKENS_DIR = fileURLToPath(new URL('../../test/data/mirror/tokens/hedera-forking/', import.meta.url));
/** The `/fixtures/<name>` dataset that holds only the captured bodies. */
export const CAPTURED_FIXTURE = 'hedera-forking';

export interface SpecFile {
  /** File name without `.json`, also the URL prefix segment: /fixtures/<name>/api/v1/... */
  name: string;
  json: Record<string, unknown>;
}

/** JSON with every integer as a bigint, so int64 values survive and compare exactly. */
export function parseLosslessJson(text: string): unknown {
  return parse(text, null, (value) => (isInteger(value) ? BigInt(value) : Number(value)));
}

export function readSpecFiles(dir: string = SPEC_DIR): SpecFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      name: basename(file, '.json'),
      json: parseLosslessJson(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>,
    }));
}

export interface Datasets {
  root: TokenStore;
  /** Spec files that have a `setup` block (responseHeaders.json has none). */
  fixtures: ReadonlyMap<string, TokenStore>;
}

export function loadDatasets(specs: readonly SpecFile[] = readSpecFiles()): Datasets {
  const setups = new Map<string, Setup>();
  for (const spec of specs) {
    if (spec.json.setup !== undefined) setups.set(spec.name, spec.json.setup as Setup);
  }
  const fixtures = new Map([...setups].map(([name, setup]) => [name, new TokenStore(setup)] as const));
  const root = new TokenStore(sampleSetup(setups));
  const captured = new TokenStore({});
  for (const store of [root, captured]) addCapturedTokens(store);
  fixtures.set(CAPTURED_FIXTURE, captured);
  return { root, fixtures };
}

/** Each recorded body under its own `token_id`, text untouched (exponent-form numbers included). */
function addCapturedTokens(store: TokenStore, dir: string = CAPTURED_TOKENS_DIR): void {
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const body = readFileSync(join(dir, file), 'utf8');
    store.addCaptured(parseSetupEntityId((JSON.parse(body) as { token_id: string }).token_id)!, body);
  }
}
