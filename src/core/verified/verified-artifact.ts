// A verified contract as the source mapper's artifact: its runtime code with the source map, the sources by map
// index (text only: no workspace path, never written to disk), its ABI where the debugger reads ABIs (the metadata's
// `output.abi`) and its storage layout. Whether it is the code that ran is decided by the same matcher as workspace
// build output, never by the server's word.
import { parseStorageLayout } from '../build-output/storage-layout';
import type { ContractArtifact, SourceFile } from '../sourcemap/artifacts';
import { CompiledCode } from '../sourcemap/compiled-code';
import type { VerifiedContract } from './verified-contract';

export function verifiedArtifact(v: VerifiedContract): ContractArtifact {
  const cut = v.fullyQualifiedName.lastIndexOf(':');
  const sources = new Map<number, SourceFile>();
  for (const [index, sourceName] of v.sourceIds) sources.set(index, { sourceName, content: v.sources.get(sourceName), candidates: [], workspace: undefined });
  return {
    name: v.name,
    sourceName: cut > 0 ? v.fullyQualifiedName.slice(0, cut) : v.fullyQualifiedName,
    origin: `verified contract ${v.address} on chain ${v.chainId}`,
    runtime: new CompiledCode(v.runtime.hex, v.runtime.sourceMap, v.runtime.linkReferences, v.runtime.immutableReferences),
    creation: undefined,
    sources,
    metadata: { output: { abi: v.abi } },
    storageLayout: parseStorageLayout(v.storageLayout),
    verified: { chainId: v.chainId, address: v.address, exact: v.match === 'exact_match' },
  };
}
