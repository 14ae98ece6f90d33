// Where a Solidity file imports each source unit, so a missing source can be reported on the import that pulls it
// in. Parsed with @solidity-parser/parser in tolerant mode, because on-save verification sees half-edited files.
import { parse } from '@solidity-parser/parser';
import { posix } from 'node:path';
import type { Position, TextRange } from '../deployments/record';
import { MAX_PAREN_NESTING, parenNesting } from '../solidity-nesting';

export interface ImportSite {
  /** As written in the import statement. */
  written: string;
  /** Source unit name solc resolves it to (relative paths and remappings applied). */
  resolved: string;
  range: TextRange;
}

interface Remapping {
  context: string;
  prefix: string;
  target: string;
}

function parseRemapping(r: string): Remapping | undefined {
  const eq = r.indexOf('=');
  if (eq < 0) return undefined;
  const left = r.slice(0, eq);
  const colon = left.indexOf(':');
  return colon < 0
    ? { context: '', prefix: left, target: r.slice(eq + 1) }
    : { context: left.slice(0, colon), prefix: left.slice(colon + 1), target: r.slice(eq + 1) };
}

/** solc's import resolution: relative to the importer for `./` and `../`, else through the longest matching remapping. */
export function resolveImport(written: string, importer: string, remappings: readonly string[] = []): string {
  if (written.startsWith('./') || written.startsWith('../')) return posix.normalize(posix.join(posix.dirname(importer), written));
  let best: Remapping | undefined;
  for (const r of remappings.map(parseRemapping)) {
    if (!r || !written.startsWith(r.prefix) || !importer.startsWith(r.context)) continue;
    if (!best || r.prefix.length > best.prefix.length || (r.prefix.length === best.prefix.length && r.context.length > best.context.length))
      best = r;
  }
  return best ? best.target + written.slice(best.prefix.length) : written;
}

/** Zero-based position of a character offset. */
export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

interface Node {
  type: string;
  path?: string;
  name?: string | null;
  range?: [number, number];
}

function topLevel(content: string): Node[] {
  // Text nesting deeper than real code would keep the parser busy for minutes: its imports go unlocated.
  if (parenNesting(content) > MAX_PAREN_NESTING) return [];
  try {
    return (parse(content, { range: true, tolerant: true }) as { children: Node[] }).children;
  } catch {
    return [];
  }
}

const rangeOfNode = (content: string, n: Node): TextRange | undefined =>
  n.range ? { start: positionAt(content, n.range[0]), end: positionAt(content, n.range[1] + 1) } : undefined;

export function importsOf(content: string, importer: string, remappings: readonly string[] = []): ImportSite[] {
  return topLevel(content).flatMap((n) => {
    const range = n.type === 'ImportDirective' && n.path !== undefined ? rangeOfNode(content, n) : undefined;
    return range && n.path !== undefined ? [{ written: n.path, resolved: resolveImport(n.path, importer, remappings), range }] : [];
  });
}

/** The first line of the `contract|library|interface <name>` declaration, for diagnostics about the whole contract. */
export function definitionRange(content: string, name: string): TextRange | undefined {
  const node = topLevel(content).find((n) => n.type === 'ContractDefinition' && n.name === name);
  if (!node?.range) return undefined;
  const start = positionAt(content, node.range[0]);
  return { start, end: { line: start.line, character: content.split('\n')[start.line].replace(/\r$/, '').length } };
}
