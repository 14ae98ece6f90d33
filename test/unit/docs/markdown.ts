// Reading the project's Markdown as GitHub and VS Code render it: the links outside code, and the anchors headings get.
import { readFileSync } from 'node:fs';

/** The text outside fenced code blocks and inline code spans, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Targets of `[text](target)` and `![alt](target)`, in order. */
export function linkTargets(file: string): string[] {
  return [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

/** A relative target (no scheme, not a bare `#anchor`), split into its path and anchor. */
export function relativeLink(target: string): { path: string; anchor?: string } | undefined {
  if (/^[a-z][\w+.-]*:/i.test(target) || target.startsWith('#')) return undefined;
  const [path, anchor] = target.split('#', 2);
  return { path, anchor };
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(file: string): Set<string> {
  const headings = readFileSync(file, 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .matchAll(/^#{1,6} (.+)$/gm);
  return new Set(
    [...headings].map((m) =>
      m[1]
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}
