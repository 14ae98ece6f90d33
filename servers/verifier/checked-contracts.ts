// Sourcify's "check" step: find every metadata among the session's files (plain metadata, Hardhat build-info, or a
// JSON string embedded in another file such as a hardhat-deploy record), then match its sources by keccak256 of
// content — file names never matter. What cannot be matched is "missing"; content embedded in the metadata whose hash
// disagrees is "invalid".
import { createHash } from 'node:crypto';
import { keccak256Hex } from '../../src/core/verify/keccak';
import { asMetadata, compilationTarget, type SolcMetadata } from '../../src/core/verify/metadata';
import { indexByHash } from '../../src/core/verify/source-variants';

export interface InputFile {
  name: string;
  content: string;
}

export interface MissingSource {
  keccak256: string;
  urls: string[];
}

export interface InvalidSource {
  expectedHash: string;
  calculatedHash: string;
  msg?: string;
}

export interface CheckedContract {
  verificationId: string;
  metadataRaw: string;
  metadata: SolcMetadata;
  compiledPath: string;
  name: string;
  /** Found sources, metadata path → content. */
  solidity: Record<string, string>;
  missing: Record<string, MissingSource>;
  invalid: Record<string, InvalidSource>;
}

// lib-sourcify's NESTED_METADATA_REGEX: a metadata object serialised as a JSON string inside another JSON file.
const NESTED_METADATA = /"{\\"compiler\\":{\\"version\\".*?},\\"version\\":1}"/;
const BUILD_INFO_MARK = /"hh-sol-build-info-1"/;

interface BuildInfo {
  input?: { sources?: Record<string, { content?: string }> };
  output?: { contracts?: Record<string, Record<string, { metadata?: string }>> };
}

interface Carriers {
  metadata: Array<{ raw: string; file: string }>;
  sources: Array<{ content: string; file: string }>;
}

function splitFiles(files: readonly InputFile[]): Carriers {
  const out: Carriers = { metadata: [], sources: [] };
  for (const file of files) {
    if (BUILD_INFO_MARK.test(file.content)) {
      const info = JSON.parse(file.content) as BuildInfo;
      for (const byName of Object.values(info.output?.contracts ?? {})) {
        for (const c of Object.values(byName)) if (c.metadata) out.metadata.push({ raw: c.metadata, file: file.name });
      }
      for (const s of Object.values(info.input?.sources ?? {}))
        if (s.content !== undefined) out.sources.push({ content: s.content, file: file.name });
    } else if (asMetadata(file.content)) {
      out.metadata.push({ raw: file.content, file: file.name });
    } else {
      const nested = NESTED_METADATA.exec(file.content);
      if (nested) out.metadata.push({ raw: JSON.parse(nested[0]) as string, file: file.name });
      else out.sources.push({ content: file.content, file: file.name });
    }
  }
  return out;
}

/** `generateId(JSON.stringify(metadataRaw))`: sha1 hex of the JSON-encoded raw metadata, 40 characters, no 0x. */
function verificationIdOf(metadataRaw: string): string {
  return createHash('sha1')
    .update(JSON.stringify(JSON.stringify(metadataRaw)))
    .digest('hex');
}

function checkOne(raw: string, metadata: SolcMetadata, byHash: Map<string, string>): CheckedContract | undefined {
  const target = compilationTarget(metadata);
  if (!target) return undefined;
  const checked: CheckedContract = {
    verificationId: verificationIdOf(raw),
    metadataRaw: raw,
    metadata,
    compiledPath: target.path,
    name: target.name,
    solidity: {},
    missing: {},
    invalid: {},
  };
  for (const [path, entry] of Object.entries(metadata.sources)) {
    const expectedHash = entry.keccak256.toLowerCase();
    if (entry.content !== undefined) {
      const calculatedHash = keccak256Hex(entry.content);
      if (calculatedHash !== expectedHash) {
        checked.invalid[path] = {
          expectedHash,
          calculatedHash,
          msg: "The keccak256 given in the metadata and the calculated keccak256 of the source content in metadata don't match",
        };
      } else checked.solidity[path] = entry.content;
      continue;
    }
    const content = byHash.get(expectedHash);
    if (content !== undefined) checked.solidity[path] = content;
    else checked.missing[path] = { keccak256: expectedHash, urls: entry.urls ?? [] };
  }
  return checked;
}

export interface CheckResult {
  contracts: CheckedContract[];
  /** Upload names of files no metadata used. */
  unused: string[];
}

export function checkFiles(files: readonly InputFile[]): CheckResult {
  const { metadata, sources } = splitFiles(files);
  const byHash = indexByHash(sources.map((s) => s.content));
  const contracts: CheckedContract[] = [];
  const usedFiles = new Set<string>();
  const usedHashes = new Set<string>();
  for (const m of metadata) {
    const parsed = asMetadata(m.raw);
    const checked = parsed && checkOne(m.raw, parsed, byHash);
    if (!checked) continue;
    contracts.push(checked);
    usedFiles.add(m.file);
    for (const path of Object.keys(checked.solidity)) usedHashes.add(keccak256Hex(checked.solidity[path]));
  }
  if (contracts.length === 0) return { contracts, unused: files.map((f) => f.name) };
  for (const s of sources) {
    if (indexByHashKeys(s.content).some((h) => usedHashes.has(h))) usedFiles.add(s.file);
  }
  return { contracts, unused: files.map((f) => f.name).filter((n) => !usedFiles.has(n)) };
}

function indexByHashKeys(content: string): string[] {
  return [...indexByHash([content]).keys()];
}
