// Rebuilds the solc standard-JSON input a contract was compiled from out of its metadata and sources. Sourcify does
// the same to recompile; the v2 API wants this input directly. Both the client and the reference server use it so a
// contract that verifies through one protocol verifies through the other.
import type { SolcMetadata } from './metadata';

export interface StdJsonInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown>;
}

/** Output every verifier needs from a compilation: bytecode, immutable slots and metadata. */
export const VERIFY_OUTPUT_SELECTION = {
  '*': { '*': ['metadata', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences'] },
};

/** Metadata writes libraries as `{"path:Name": address}`; standard JSON wants `{path: {Name: address}}`. */
function librariesForStdJson(libraries: Record<string, string> | undefined): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, address] of Object.entries(libraries ?? {})) {
    const cut = key.lastIndexOf(':');
    const file = cut < 0 ? '' : key.slice(0, cut);
    const name = cut < 0 ? key : key.slice(cut + 1);
    (out[file] ??= {})[name] = address;
  }
  return out;
}

/** Standard-JSON input equivalent to `metadata`, with `sources` as path → content. */
export function stdJsonFromMetadata(metadata: SolcMetadata, sources: Record<string, string>): StdJsonInput {
  const { compilationTarget: _target, libraries, ...settings } = metadata.settings;
  return {
    language: metadata.language,
    sources: Object.fromEntries(Object.entries(sources).map(([path, content]) => [path, { content }])),
    settings: { ...settings, libraries: librariesForStdJson(libraries), outputSelection: VERIFY_OUTPUT_SELECTION },
  };
}
