// The workspace's copy of every source a contract's metadata names. A source "matches" when some line-ending
// variant of the file hashes to the metadata's keccak256 (what the server will accept); a file that exists but
// hashes differently is what the user edited since deploying, and is reported as such. Only files inside the
// workspace folder are read: metadata naming `../` or an absolute path elsewhere (a cloned repository's build output
// can say anything) makes the source "outside", never read and so never uploaded.
import { isAbsolute, join } from 'node:path';
import { WorkspaceFolder } from '../workspace/confined-fs';
import { keccak256Hex } from './keccak';
import type { SolcMetadata } from './metadata';
import { indexByHash, variantMatching } from './source-variants';

export interface LocalSource {
  /** Path as the metadata names it. */
  path: string;
  expectedKeccak256: string;
  /** The workspace file found for it, matching or not. */
  file?: string;
  /** The file's content as it is on disk. */
  content?: string;
  keccak256?: string;
  /** The variant of the content whose hash matches the metadata, when one does. */
  matchingContent?: string;
  /** Set when the workspace has no match and some place the metadata points at is outside the workspace folder. */
  outside?: boolean;
}

/** What the user is told about a source the metadata places outside the workspace folder. */
export const outsideMessage = (path: string) => `${path} is outside the workspace folder; not read, not uploaded`;

const SOURCE_SEARCH_SKIP = new Set(['node_modules', '.git', 'artifacts', 'cache', 'out', 'dist', 'broadcast', 'deployments', 'ignition']);

/** Where the file for a metadata path may live: as named, behind Truffle's `project:/`, remapped, or in node_modules. */
export function candidateFiles(root: string, path: string, remappings: readonly string[] = []): string[] {
  const plain = path.replace(/^project:\//, '');
  const remapped = remappings.flatMap((r) => {
    const [left, target] = r.split('=');
    const prefix = left.includes(':') ? left.slice(left.indexOf(':') + 1) : left;
    return target !== undefined && plain.startsWith(prefix) && prefix ? [target + plain.slice(prefix.length)] : [];
  });
  return [...new Set([plain, ...remapped, join('node_modules', plain)])].map((p) => (isAbsolute(p) ? p : join(root, p)));
}

export async function readLocalSources(root: string, metadata: SolcMetadata): Promise<LocalSource[]> {
  const ws = new WorkspaceFolder(root);
  const remappings = metadata.settings.remappings ?? [];
  const out: LocalSource[] = [];
  let moved: Map<string, { file: string; content: string }> | undefined;
  for (const [path, entry] of Object.entries(metadata.sources)) {
    const expected = entry.keccak256.toLowerCase();
    const source: LocalSource = { path, expectedKeccak256: expected };
    let outside = false;
    for (const file of candidateFiles(root, path, remappings)) {
      const read = await ws.readText(file);
      outside ||= !read.ok && read.reason === 'outside';
      if (!read.ok) continue;
      const content = read.text;
      const matching = variantMatching(content, expected);
      if (!source.file || matching !== undefined) Object.assign(source, { file, content, keccak256: keccak256Hex(content) });
      if (matching !== undefined) {
        source.matchingContent = matching;
        break;
      }
    }
    if (source.matchingContent === undefined && entry.content !== undefined && variantMatching(entry.content, expected) !== undefined) {
      source.matchingContent = entry.content;
    }
    if (source.matchingContent === undefined && !source.file) {
      moved ??= await indexWorkspaceSources(ws);
      const hit = moved.get(expected);
      if (hit)
        Object.assign(source, {
          file: hit.file,
          content: hit.content,
          keccak256: keccak256Hex(hit.content),
          matchingContent: variantMatching(hit.content, expected),
        });
    }
    if (outside && source.matchingContent === undefined) source.outside = true;
    out.push(source);
  }
  return out;
}

/** keccak256 → file for every `.sol` in the workspace (build and dependency folders excluded), to find moved sources. */
async function indexWorkspaceSources(ws: WorkspaceFolder): Promise<Map<string, { file: string; content: string }>> {
  const index = new Map<string, { file: string; content: string }>();
  for (const file of await ws.walkFiles(ws.root, (rel) => rel.endsWith('.sol'), SOURCE_SEARCH_SKIP)) {
    const content = await ws.optionalText(file);
    if (content === undefined) continue;
    for (const hash of indexByHash([content]).keys()) if (!index.has(hash)) index.set(hash, { file, content });
  }
  return index;
}
