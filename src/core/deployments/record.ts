// A deployed contract as the workspace records it. Whatever tool wrote the record, the verifier needs the same few
// facts; `file` and `addressRange` let diagnostics point at the record when nothing better exists.
export interface Position {
  line: number;
  character: number;
}

/** Zero-based, end exclusive (VS Code's convention). */
export interface TextRange {
  start: Position;
  end: Position;
}

export type RecordOrigin = 'setting' | 'hardhat-deploy' | 'ignition' | 'foundry';

export interface DeploymentRecord {
  /** Contract name when the record says it. */
  name?: string;
  /** `0x…` EVM address, or a Hedera `0.0.x` id still to be resolved through the mirror. */
  address: string;
  chainId?: number;
  creatorTxHash?: string;
  origin: RecordOrigin;
  /** The record file (absolute), absent for settings. */
  file?: string;
  addressRange?: TextRange;
  /** Metadata JSON text carried by the record itself (hardhat-deploy). */
  metadata?: string;
  /** Hardhat build-info the record's tool points at (Ignition artifacts). */
  buildInfoFile?: string;
}

/** What a deployment file says about one contract; absent or empty facts are left out of the record. */
export interface RecordFacts {
  name?: string;
  address: string;
  chainId?: number;
  creatorTxHash?: string;
  metadata?: string;
  buildInfoFile?: string;
}

/** A record read from `file`, whose `text` locates the address for diagnostics. */
export function fileRecord(origin: RecordOrigin, file: string, text: string, facts: RecordFacts): DeploymentRecord {
  const { name, address, chainId, creatorTxHash, metadata, buildInfoFile } = facts;
  return {
    ...(name ? { name } : {}),
    address,
    ...(chainId === undefined ? {} : { chainId }),
    ...(creatorTxHash ? { creatorTxHash } : {}),
    origin,
    file,
    addressRange: rangeOf(text, address),
    ...(metadata ? { metadata } : {}),
    ...(buildInfoFile ? { buildInfoFile } : {}),
  };
}

/** Where `needle` first occurs in `text` (case-insensitive), as a range. */
export function rangeOf(text: string, needle: string): TextRange | undefined {
  const at = text.toLowerCase().indexOf(needle.toLowerCase());
  if (at < 0) return undefined;
  const before = text.slice(0, at);
  const line = before.split('\n').length - 1;
  const character = at - (before.lastIndexOf('\n') + 1);
  return { start: { line, character }, end: { line, character: character + needle.length } };
}
