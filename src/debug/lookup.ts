// Solidity-style paths over what the Variables view shows, for hover, Watch and the Debug Console: member access
// (`order.amount`), indexing (`amounts[1]`) and mapping lookups by a literal or by another path (`paid[0x3ea]`,
// `bal[msg.sender]`). Only what a scope holds is found: nothing is computed that the trace does not show.
import type { Elements, Variable } from './variables';

const PATH = /^([A-Za-z_$][\w$]*)((?:\.[A-Za-z_$][\w$]*|\[[^[\]]+\])*)$/;
const PART = /\.[A-Za-z_$][\w$]*|\[[^[\]]+\]/g;
const NUMBER = /^(0x[0-9a-fA-F]+|\d+)$/;

/** A key as it compares: numbers (addresses too) by value, anything else as written, case aside. */
function keyOf(text: string): string {
  const t = text.trim();
  return NUMBER.test(t) ? BigInt(t).toString() : t.toLowerCase();
}

/** The value a path's key names: a literal, or the value of another path (its first word: an id after it is dropped). */
function keyText(key: string, root: (name: string) => Variable | undefined): string {
  const inner = NUMBER.test(key.trim()) || /^["']/.test(key.trim()) ? undefined : resolvePath(key.trim(), root);
  return inner ? inner.value.split(' ')[0] : key.trim().replace(/^'(.*)'$/, '"$1"');
}

/** The variable `expression` names; `root` finds a top-level name (an argument, a state variable, `msg.sender`). */
export function resolvePath(expression: string, root: (name: string) => Variable | undefined): Variable | undefined {
  const whole = root(expression);
  if (whole) return whole;
  const m = PATH.exec(expression);
  if (!m) return undefined;
  let v = root(m[1]);
  for (const part of m[2].match(PART) ?? []) {
    if (!v?.children && !v?.elements) return undefined;
    if (part.startsWith('.')) {
      v = v.children?.find((c) => c.name === part.slice(1));
      continue;
    }
    const want = keyOf(keyText(part.slice(1, -1), root));
    v = v.children?.find((c) => c.name.startsWith('[') && keyOf(c.name.slice(1, -1)) === want) ?? elementAt(v.elements, want);
  }
  return v;
}

/** Element `key` of a paged array, read only now. */
function elementAt(elements: Elements | undefined, key: string): Variable | undefined {
  return elements && /^\d+$/.test(key) && BigInt(key) < BigInt(elements.length) ? elements.at(Number(key)) : undefined;
}
