// A verified contract as the source mapper's artifact: its runtime code with the source map, the sources by map
// index (text only: no workspace path, never written to disk), its ABI where the debugger reads ABIs (the metadata's
// `output.abi`) and its storage layout. Whether it is the code that ran is decided by the same matcher as workspace
// build output, never by the server's word.
import { parseStorageLayout } from '../build-output/storage-layout';
import { entityOfAddress } from '../ids';
import type { ContractArtifact, SourceFile, VerifiedOrigin } from '../sourcemap/artifacts';
import { CompiledCode } from '../sourcemap/compiled-code';
import type { VerifiedContract } from './verified-contract';

/** The server as users know it, for titles: HashScan's and Sourcify's by name, any other by its host. */
export function serverLabel(url: string): string {
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    return url;
  }
  if (/(^|\.)hashscan\.io$/i.test(host)) return 'HashScan';
  if (/(^|\.)sourcify\.dev$/i.test(host)) return 'Sourcify';
  return host;
}

/** Where a fetched source came from: `verified on HashScan (0.0.9102)`. */
export function verifiedOriginText(origin: VerifiedOrigin): string {
  return `verified on ${origin.server} (${entityOfAddress(origin.address) ?? origin.address})`;
}

/** A fetched source's title: `Vault.sol — verified on HashScan (0.0.9102)`. */
export function verifiedTitle(sourceName: string, origin: VerifiedOrigin): string {
  return `${sourceName.slice(sourceName.lastIndexOf('/') + 1)} — ${verifiedOriginText(origin)}`;
}

export function verifiedArtifact(v: VerifiedContract, server: string): ContractArtifact {
  const cut = v.fullyQualifiedName.lastIndexOf(':');
  const verified: VerifiedOrigin = { chainId: v.chainId, address: v.address, exact: v.match === 'exact_match', server };
  const sources = new Map<number, SourceFile>();
  for (const [index, sourceName] of v.sourceIds)
    sources.set(index, { sourceName, content: v.sources.get(sourceName), candidates: [], workspace: undefined, verified });
  return {
    name: v.name,
    sourceName: cut > 0 ? v.fullyQualifiedName.slice(0, cut) : v.fullyQualifiedName,
    origin: `verified contract ${v.address} on chain ${v.chainId}`,
    runtime: new CompiledCode(v.runtime.hex, v.runtime.sourceMap, v.runtime.linkReferences, v.runtime.immutableReferences),
    creation: undefined,
    sources,
    metadata: { output: { abi: v.abi } },
    storageLayout: parseStorageLayout(v.storageLayout),
    verified,
  };
}
