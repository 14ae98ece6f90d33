// Sourcify matches an uploaded source to the metadata by content hash, and forgives line-ending and trailing-newline
// changes that editors and git checkouts introduce (lib-sourcify CONTENT_VARIATORS / ENDING_VARIATORS). The client and
// the reference server must forgive exactly the same changes, so both use these variants.
import { keccak256Hex } from './keccak';

const contentVariators: ReadonlyArray<(s: string) => string> = [
  (s) => s,
  (s) => s.replace(/\r?\n/g, '\r\n'),
  (s) => s.replace(/\r\n/g, '\n'),
];

const endingVariators: ReadonlyArray<(s: string) => string> = [
  (s) => s,
  (s) => s.trimEnd(),
  (s) => s.trimEnd() + '\n',
  (s) => s.trimEnd() + '\r\n',
  (s) => s + '\n',
];

/** Every variant of `content` whose hash may match a metadata entry, original first. */
export function sourceVariants(content: string): string[] {
  const out = new Set<string>();
  for (const c of contentVariators) for (const e of endingVariators) out.add(e(c(content)));
  return [...out];
}

/** The variant of `content` that hashes to `expected`, if any. */
export function variantMatching(content: string, expected: string): string | undefined {
  const want = expected.toLowerCase();
  return sourceVariants(content).find((v) => keccak256Hex(v) === want);
}

/** keccak256 → content for every variant of every source, so metadata entries can be looked up by hash. */
export function indexByHash(contents: Iterable<string>): Map<string, string> {
  const byHash = new Map<string, string>();
  for (const content of contents) {
    for (const v of sourceVariants(content)) {
      const h = keccak256Hex(v);
      if (!byHash.has(h)) byHash.set(h, v);
    }
  }
  return byHash;
}
