// How a Variable reaches the Variables view (DAP): what it opens into, a long array's elements a page at a time
// (indexedVariables: VS Code groups them [0..99], [100..199], … and asks for each group it opens), and a long value
// lazily (presentationHint.lazy: VS Code shows a button, and the value is the variable's one child, sent on a click).
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Elements, Variable } from './variables';

/** What a variables handle opens into. */
export interface Opened {
  /** Fields, entries, or the one value a lazy variable holds. */
  named: readonly Variable[];
  /** A long array's elements, read only as they are asked for. */
  elements?: Elements;
  /** The value of a lazy variable: sent whole, under the lazy variable's own expression. */
  revealed?: boolean;
}

/** Values longer than this (in characters) are sent lazily. */
export const LAZY_CHARS = 256;
/** Most elements one request reads, whatever `count` it gives (DAP: no count means all). */
export const MAX_PAGE = 1_000;

/** What `v` opens into, if anything. */
export function openedOf(v: Variable): Opened | undefined {
  if (v.elements) return { named: v.children ?? [], elements: v.elements };
  return v.children?.length ? { named: v.children } : undefined;
}

/** The part of `opened` a variables request asks for: a page of elements (`indexed`), the rest (`named`), or both. */
export function page(opened: Opened, args: DebugProtocol.VariablesArguments): readonly Variable[] {
  const { elements } = opened;
  if (args.filter === 'named') return opened.named;
  if (!elements) return args.filter === 'indexed' ? [] : opened.named;
  const start = Math.min(args.start ?? 0, elements.length);
  const count = Math.min(args.count || MAX_PAGE, MAX_PAGE, elements.length - start);
  const items = Array.from({ length: count }, (_, i) => elements.at(start + i));
  return args.filter === 'indexed' ? items : [...opened.named, ...items];
}

/** A child of `opened` by the name the Variables view shows (a field, an entry, or `[i]` of a paged array). */
export function childNamed(opened: Opened, name: string): Variable | undefined {
  const found = opened.named.find((v) => v.name === name);
  const index = /^\[(\d{1,15})\]$/.exec(name);
  if (found || !opened.elements || !index) return found;
  return Number(index[1]) < opened.elements.length ? opened.elements.at(Number(index[1])) : undefined;
}

/** A decimal number in hex when the client asks for hex (the Variables view's context menu); anything else as it is. */
export const formatted = (value: string, format: DebugProtocol.ValueFormat | undefined) =>
  format?.hex && /^-?\d+$/.test(value) ? `${value.startsWith('-') ? '-' : ''}0x${BigInt(value.replace('-', '')).toString(16)}` : value;

/** What a lazy variable shows until it is clicked: its start and its size. */
function preview(value: string): string {
  const size = /^0x[0-9a-fA-F]*$/.test(value) ? `${(value.length - 2) / 2} bytes` : `${value.length} characters`;
  return `${value.slice(0, 64)}… (${size})`;
}

/**
 * `v` as the Variables view gets it; `handle` registers what it opens into (under the expression it opens from).
 * `revealed`: the value of a lazy variable, which is sent whole.
 */
export function dapVariable(
  v: Variable,
  evaluateName: string | undefined,
  format: DebugProtocol.ValueFormat | undefined,
  handle: (opened: Opened, path: string | undefined) => number,
  revealed = false,
): DebugProtocol.Variable {
  const base = { name: v.name, type: v.type, evaluateName, memoryReference: v.memoryReference };
  if (!revealed && v.value.length > LAZY_CHARS)
    return {
      ...base,
      value: preview(v.value),
      presentationHint: { lazy: true },
      variablesReference: handle({ named: [v], revealed: true }, evaluateName),
    };
  const opened = openedOf(v);
  return {
    ...base,
    value: formatted(v.value, format),
    variablesReference: opened ? handle(opened, evaluateName) : 0,
    ...(opened?.elements && { indexedVariables: opened.elements.length, namedVariables: opened.named.length }),
  };
}
