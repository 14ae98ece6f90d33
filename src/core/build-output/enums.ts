// Enum member names. solc's storageLayout and ABI name an enum only by its type (`enum Wallet.Status`, stored and
// passed as a uint8); its members are in the source, read here with @solidity-parser/parser. The text is the
// workspace's: oversized files and files nesting expressions deeper than any real code are skipped (the parser is
// super-linear in parenthesis depth), and a name two files define with different members is dropped rather than
// guessed at. The parse itself runs in a worker with a time budget (enum-reader.ts).
import { parse } from '@solidity-parser/parser';
import { MAX_PAREN_NESTING, parenNesting } from '../solidity-nesting';
import type { CompiledSource } from './compiled';

/** Members in declaration order (member i is value i), by canonical name: `Wallet.Status`, or `Status` at file level. */
export type EnumMembers = ReadonlyMap<string, readonly string[]>;

export const NO_ENUMS: EnumMembers = new Map();

/** Larger sources are not parsed: nothing hand-written is this long. */
const MAX_SOURCE_CHARS = 2_000_000;
/** An enum has at most 256 members; more distinct enums than this in one compilation is not a real build. */
const MAX_ENUMS = 4096;

/** The parts of the parser's AST read here. */
interface Node {
  type: string;
  name?: string;
  subNodes?: Node[];
  members?: Array<{ name: string }>;
}
type EnumNode = Node & { name: string; members: Array<{ name: string }> };

const isEnum = (n: Node): n is EnumNode => n.type === 'EnumDefinition' && typeof n.name === 'string' && Array.isArray(n.members);

/**
 * Every enum the sources define (at file level or in a contract, interface or library). Files nesting parentheses
 * deeper than MAX_PAREN_NESTING are not parsed: their names go to `tooDeep`.
 */
export function enumMembers(sources: Iterable<CompiledSource>, tooDeep: string[] = []): EnumMembers {
  const found = new Map<string, readonly string[] | null>();
  const add = (name: string, node: EnumNode) => {
    if (found.size >= MAX_ENUMS) return;
    const members = node.members.map((m) => m.name);
    const known = found.get(name);
    found.set(name, known === undefined || (known && known.join() === members.join()) ? members : null);
  };
  for (const source of sources) {
    // Most files declare no enum: they are not parsed at all.
    if (!source.content || source.content.length > MAX_SOURCE_CHARS || !/\benum\b/.test(source.content)) continue;
    if (parenNesting(source.content) > MAX_PAREN_NESTING) {
      tooDeep.push(source.sourceName);
      continue;
    }
    let unit: { children: Node[] };
    try {
      unit = parse(source.content, { tolerant: true }) as unknown as { children: Node[] };
    } catch {
      continue;
    }
    for (const node of unit.children ?? []) {
      if (isEnum(node)) add(node.name, node);
      for (const inner of node.subNodes ?? []) if (isEnum(inner)) add(`${node.name}.${inner.name}`, inner);
    }
  }
  return new Map([...found].filter((e): e is [string, readonly string[]] => e[1] !== null));
}

/** True when ABI parameters type some value (nested in tuples and arrays too) as an enum. */
export const mentionsEnum = (params: readonly unknown[]): boolean => JSON.stringify(params).includes('"enum ');

const ENUM_TYPE = /^enum [A-Za-z_$][\w$]{0,199}(?:\.[A-Za-z_$][\w$]{0,199})?$/;

/** True for a type label or ABI internalType naming an enum (`enum Wallet.Status`), nothing else: both are the workspace's text. */
export const isEnumType = (label: string | undefined): label is string => label !== undefined && ENUM_TYPE.test(label);

/** Value `value` of the enum `label` names: `Active (1)` when its members are known, else the number. */
export function enumText(members: EnumMembers, label: string, value: bigint): string {
  const name = value < 256n ? members.get(label.replace(/^enum /, ''))?.[Number(value)] : undefined;
  return name !== undefined ? `${name} (${value})` : value.toString();
}
