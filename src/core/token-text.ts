// A token as plain text, one field a line, for comparing two states of it side by side (the editor's diff marks
// the lines that differ). Built from token-view's sections so it says exactly what the Tokens tree says, except
// that keys are written in full: a shortened key could hide the change.
import { safeLine } from './safe-text';
import type { Token } from './token';
import { describeToken, tokenTitle, type TokenItem } from './token-view';

/** One line per field, `Section / Label: value` paths kept for naming what changed. */
interface Field {
  path: string;
  line: string;
}

function fields(token: Token): Field[] {
  const out: Field[] = [];
  const walk = (items: TokenItem[], parents: string[], depth: number, fullKeys: boolean) => {
    for (const item of items) {
      const value = fullKeys && item.tooltip ? safeLine(item.tooltip) : item.value;
      const path = [...parents, item.label];
      out.push({ path: path.join(' / '), line: `${'  '.repeat(depth)}${item.label}: ${value}` });
      walk(item.children ?? [], path, depth + 1, fullKeys);
    }
  };
  // The sections leave symbol and name to the title; here they are fields, so a renamed token shows as changed.
  out.push({ path: 'Token', line: 'Token' });
  walk(
    [
      { label: 'Symbol', value: safeLine(token.symbol) },
      { label: 'Name', value: safeLine(token.name) },
    ],
    ['Token'],
    1,
    false,
  );
  for (const section of describeToken(token)) {
    out.push({ path: section.label, line: section.label });
    walk(section.items, [section.label], 1, section.id === 'keys');
  }
  return out;
}

/** The token as text: its title, then every section and field, in the tree's order; stable for equal tokens. */
export function renderTokenText(token: Token, timestamp?: string): string {
  return [tokenTitle(token, timestamp), '', ...fields(token).map((f) => f.line), ''].join('\n');
}

/**
 * The fields whose line differs between two states (`Section / Label`), in order. Fields are matched by position
 * within their path, so a fee added in `after` counts as a change too.
 */
export function changedFields(before: Token, after: Token): string[] {
  const index = (fs: Field[]) => {
    const seen = new Map<string, number>();
    return new Map(
      fs.map((f) => {
        const n = (seen.get(f.path) ?? 0) + 1;
        seen.set(f.path, n);
        return [n === 1 ? f.path : `${f.path} #${n}`, f.line] as const;
      }),
    );
  };
  const a = index(fields(before));
  const b = index(fields(after));
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.filter((p) => a.get(p) !== b.get(p));
}
