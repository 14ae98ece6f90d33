// `GET /v2/contract/{chainId}/{address}` as Sourcify answers it: the match fields always; `fields` (comma-separated
// names, `all`, or `group.subfield`) or `omit` selects the rest. What this server serves of a verified contract is
// what a debugger needs: sources, compilation, ABI, storage layout and the runtime bytecode with its source map, CBOR
// auxdata, immutable references and the transformations that turn the recompiled code into the code on chain.
import type { CompiledContract } from './compiler';
import { HttpError } from './http';
import type { StoredMatch } from './repository';
import { v2Error } from './v2-jobs';

const strip0x = (hex: string) => hex.replace(/^0x/i, '').toLowerCase();

/** The last CBOR auxdata of `hex` (solc writes its byte length in the code's last two bytes). */
function cborAuxdata(hex: string): { value: string; offset: number } | undefined {
  if (hex.length < 4) return undefined;
  const length = parseInt(hex.slice(-4), 16);
  const start = hex.length - 4 - length * 2;
  if (!(length > 0) || start < 0) return undefined;
  return { value: `0x${hex.slice(start)}`, offset: start / 2 };
}

function runtimeBytecode(stored: StoredMatch) {
  const { compiled } = stored;
  const recompiled = strip0x(compiled.runtime);
  const onchain = strip0x(stored.onchain);
  const aux = cborAuxdata(recompiled);
  const transformations: Array<{ type: 'replace'; reason: string; offset: number; id: string }> = [];
  const immutables: Record<string, string> = {};
  for (const [id, slots] of Object.entries(compiled.immutableReferences)) {
    for (const { start, length } of slots) {
      transformations.push({ type: 'replace', reason: 'immutable', offset: start, id });
      immutables[id] = `0x${onchain.slice(start * 2, (start + length) * 2)}`;
    }
  }
  const cbor: Record<string, string> = {};
  if (stored.status === 'partial' && aux) {
    transformations.push({ type: 'replace', reason: 'cborAuxdata', offset: aux.offset, id: '1' });
    cbor['1'] = `0x${onchain.slice(aux.offset * 2)}`;
  }
  return {
    onchainBytecode: `0x${onchain}`,
    recompiledBytecode: `0x${recompiled}`,
    sourceMap: compiled.runtimeSourceMap,
    linkReferences: compiled.runtimeLinkReferences,
    cborAuxdata: aux ? { '1': aux } : {},
    immutableReferences: compiled.immutableReferences,
    transformations,
    transformationValues: {
      ...(Object.keys(immutables).length ? { immutables } : {}),
      ...(Object.keys(cbor).length ? { cborAuxdata: cbor } : {}),
    },
  };
}

function compilation(stored: StoredMatch, compiled: CompiledContract) {
  const { language, settings } = compiled.input;
  const { outputSelection: _dropped, ...compilerSettings } = settings ?? {};
  return {
    language: language ?? 'Solidity',
    compiler: 'solc',
    compilerVersion: compiled.compilerVersion,
    compilerSettings,
    name: stored.name,
    fullyQualifiedName: `${stored.compiledPath}:${stored.name}`,
  };
}

const FIELDS: Record<string, (stored: StoredMatch) => unknown> = {
  sources: ({ compiled }) =>
    Object.fromEntries(Object.entries(compiled.input.sources).map(([name, s]) => [name, { content: s.content ?? '' }])),
  compilation: (stored) => compilation(stored, stored.compiled),
  abi: ({ compiled }) => compiled.abi,
  metadata: ({ compiled }) => JSON.parse(compiled.metadata) as unknown,
  storageLayout: ({ compiled }) => compiled.storageLayout,
  sourceIds: ({ compiled }) => compiled.sourceIds,
  runtimeBytecode,
};

const fail = (message: string) => new HttpError(400, v2Error('invalid_parameter', message));

/** The fields `query` asks for beyond the match fields; Sourcify refuses unknown names and fields with omit. */
function selected(query: URLSearchParams): Map<string, string[] | 'whole'> {
  const fields = query.get('fields');
  const omit = query.get('omit');
  if (fields !== null && omit !== null) throw fail("Cannot specify both 'fields' and 'omit' at the same time");
  const wanted = new Map<string, string[] | 'whole'>();
  if (fields === null && omit === null) return wanted;
  const names = (text: string) =>
    text
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  if (fields === 'all' || omit !== null) {
    const omitted = new Set(names(omit ?? ''));
    for (const name of omitted) if (!(name in FIELDS)) throw fail(`Field selector ${name} is not a valid field`);
    for (const name of Object.keys(FIELDS)) if (!omitted.has(name)) wanted.set(name, 'whole');
    return wanted;
  }
  for (const entry of names(fields ?? '')) {
    const [name, sub] = entry.split('.', 2);
    if (!(name in FIELDS)) throw fail(`Field selector ${entry} is not a valid field`);
    const now = wanted.get(name);
    if (sub === undefined || now === 'whole') wanted.set(name, 'whole');
    else wanted.set(name, [...(now ?? []), sub]);
  }
  return wanted;
}

/** The match fields every answer about a stored match carries (a job's contract and the lookup alike). */
export function matchFields(stored: StoredMatch, chainId: string, address: string) {
  const match: 'exact_match' | 'match' = stored.status === 'perfect' ? 'exact_match' : 'match';
  return {
    match,
    creationMatch: null,
    runtimeMatch: match,
    chainId,
    address,
    verifiedAt: stored.verifiedAt.toISOString(),
    matchId: stored.matchId,
  };
}

export function lookupBody(stored: StoredMatch, chainId: string, address: string, query: URLSearchParams) {
  const body: Record<string, unknown> = matchFields(stored, chainId, address);
  for (const [name, which] of selected(query)) {
    const value = FIELDS[name](stored);
    if (which === 'whole' || typeof value !== 'object' || value === null) body[name] = value;
    else body[name] = Object.fromEntries(which.filter((k) => k in value).map((k) => [k, (value as Record<string, unknown>)[k]]));
  }
  return body;
}
