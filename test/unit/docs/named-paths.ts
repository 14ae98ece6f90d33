// The file paths a Markdown document names: in code spans, link targets, the lines of a fenced tree and quoted
// diagram labels. A path is text with a slash or a file extension made of path characters (`core/http.ts`,
// `test/unit/`, `esbuild.mjs`); globs, URLs and URL paths (`/v2/verify`), npm packages (`@scope/name`),
// placeholders and commands are not. In a diagram only files and folders (`x.ts`, `dir/`) count, not prose like
// `memory/storage`.
import { readFileSync } from 'node:fs';

export interface NamedPath {
  path: string;
  line: number;
  /** Folders named before it in the same paragraph, for paths written relative to them. */
  near: string[];
}

const PATH = /^(?:\.{0,2}\/)?[\w@.-]+(?:\/[\w@.-]+)*\/?$/;
const FILE_EXTENSION = /\.(?:ts|mjs|cjs|js|json|jsonl|md|sh|sol|png|svg|toml|css)$/;
const NOT_A_PATH = /^(?:https?:|node:|\/|@|\.\.\/\.\.|[A-Z]+\/)|[*{}<>…]|^\.?\/?$/;

function candidate(text: string): string | undefined {
  const s = text
    .trim()
    .replace(/^`|`$/g, '')
    .replace(/[.,:;)]+$/, (m) => (m.startsWith(')') ? '' : m.includes('/') ? m : ''));
  if (!PATH.test(s) || NOT_A_PATH.test(s)) return undefined;
  return s.includes('/') || FILE_EXTENSION.test(s) ? s.replace(/^\.\//, '') : undefined;
}

export function namedPaths(file: string): NamedPath[] {
  const found: NamedPath[] = [];
  let tree: string[] = [];
  let fence: string | undefined;
  let near: string[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const line = i + 1;
      if (/^```/.test(text)) {
        fence = fence === undefined ? text.slice(3).trim() || 'plain' : undefined;
        tree = [];
        return;
      }
      if (!text.trim() || text.startsWith('#')) near = [];
      const add = (raw: string, filesOnly = false) => {
        const path = candidate(raw);
        if (!path || (filesOnly && !FILE_EXTENSION.test(path) && !path.endsWith('/'))) return;
        found.push({ path, line, near: [...near] });
        // Its folder and every folder above it.
        for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) near.push(path.slice(0, end + 1));
      };
      if (fence === 'plain') {
        // The architecture tree: `name/` at an indent, under the folders above it.
        const m = /^( *)([\w.-]+\/?)(?=\s{2,}|$)/.exec(text);
        if (m) {
          const depth = m[1].length / 2;
          tree = tree.slice(0, depth);
          const path = tree.join('') + m[2];
          if (m[2].endsWith('/')) tree[depth] = m[2];
          found.push({ path, line, near: [] });
        }
        return;
      }
      if (fence === 'mermaid') {
        for (const m of text.matchAll(/"([^"]*)"/g)) for (const part of m[1].split(/<br\/>|[\s(),]+/)) add(part, true);
        return;
      }
      if (fence) return;
      for (const m of text.matchAll(/`([^`]+)`|\]\(([^)#]+)/g)) add(m[1] ?? m[2]);
    });
  return found;
}
