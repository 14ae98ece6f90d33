// A decoded value as the Variables view shows it, wherever it was read from (memory, calldata, an ABI decoding of a
// call's input or output): its text as core/names/values.ts writes it, arrays and structs opening into their parts,
// long arrays paged, and where its bytes are for the memory view.
import type { AbiParameter } from 'viem';
import { NO_ENUMS, type EnumMembers } from '../core/build-output/enums';
import { namedValues, shownValue } from '../core/names/values';
import { LISTED_ELEMENTS, type Variable } from './variable';

/** A decoded value: the JS value the ABI decoder gives (for its text), where its bytes are, and its parts. */
export interface ValueNode {
  value: unknown;
  /** The memoryReference of its bytes: a bytes or string's first byte, an array's first element, a struct's first field. */
  ref?: string;
  /** An array's elements or a struct's fields. */
  parts?: ValueNode[];
  /** An array too long to read whole: element i is read when a client asks for it. */
  paged?: { length: number; at(index: number): ValueNode };
}

const LOCATION = /\s+(memory|calldata|storage)(?:\s+(?:pointer|ref|slice))?$/;
const elementOf = (param: AbiParameter) => ({ ...param, type: param.type.replace(/\[\d*\]$/, '') }) as AbiParameter;
const hasPaged = (node: ValueNode): boolean => node.paged !== undefined || (node.parts ?? []).some(hasPaged);

/** What the ABI decoder (viem) gave for `param`, as a tree: its arrays and tuples in parts, long arrays paged. */
export function decodedNode(value: unknown, param: AbiParameter): ValueNode {
  if (Array.isArray(value) && /\[\d*\]$/.test(param.type)) {
    const read = (i: number) => decodedNode(value[i], elementOf(param));
    return value.length > LISTED_ELEMENTS
      ? { value, paged: { length: value.length, at: read } }
      : { value, parts: value.map((_, i) => read(i)) };
  }
  if (param.type === 'tuple' && 'components' in param && value !== null && typeof value === 'object') {
    const field = (c: AbiParameter, i: number): unknown =>
      Array.isArray(value) ? value[i] : (value as Record<string, unknown>)[c.name ?? ''];
    return { value, parts: param.components.map((c, i) => decodedNode(field(c, i), c)) };
  }
  return { value };
}

/**
 * `node` as a Variable named `name` of `type`. A long array is paged; a struct holding one is shown by its type, as
 * its text would be too long to build.
 */
export function variableOf(name: string, type: string, param: AbiParameter, node: ValueNode, enums: EnumMembers = NO_ENUMS): Variable {
  const element = elementOf(param);
  const ref = node.ref === undefined ? {} : { memoryReference: node.ref };
  const base = type.replace(LOCATION, '');
  const paged = node.paged;
  if (paged)
    return {
      name,
      type,
      value: `${base}, length ${paged.length}`,
      ...ref,
      elements: { length: paged.length, at: (i) => variableOf(`[${i}]`, element.type, element, paged.at(i), enums) },
    };
  const value = hasPaged(node) ? base : shownValue(namedValues([param], [node.value], enums)[0]);
  const variable: Variable = { name, type, value, ...ref };
  if (node.parts && Array.isArray(node.value) && /\[\d*\]$/.test(param.type))
    variable.children = node.parts.map((p, i) => variableOf(`[${i}]`, element.type, element, p, enums));
  else if (node.parts && param.type === 'tuple' && 'components' in param)
    variable.children = param.components.map((c, i) => variableOf(c.name ?? '', c.type, c, node.parts![i], enums));
  return variable;
}
