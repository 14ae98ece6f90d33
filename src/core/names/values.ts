// Decoded ABI values as text: exact (bigints in decimal), one form for JSON and the terminal alike. The data came
// from a chain or a trace file, so strings are quoted with every control and direction-changing character made
// visible (safe-text) wherever they are shown.
import type { AbiParameter } from 'viem';
import { enumText, isEnumType, NO_ENUMS, type EnumMembers } from '../build-output/enums';
import { safeLine } from '../safe-text';

/** One decoded argument or return value: its parameter name (or position) and the value as text. */
export interface NamedValue {
  /** The parameter's name, or its position (`0`, `1`, …) when the ABI leaves it unnamed. */
  name: string;
  /** The ABI type, e.g. `uint256`, `address[]`, `tuple`. */
  type: string;
  /** Exact value as text; strings as they are (unquoted) at the top level, quoted inside arrays and tuples. */
  value: string;
  /** True when `value` is a top-level string, to be quoted wherever it is shown. */
  isString: boolean;
}

/** A string in double quotes, with quotes and backslashes escaped and every control or bidi character visible. */
export function quote(text: string): string {
  return `"${safeLine(text.replace(/["\\]/g, (c) => `\\${c}`))}"`;
}

/** Pairs decoded values with their parameters, in order; enum values by member when `enums` names them. */
export function namedValues(params: readonly AbiParameter[], values: readonly unknown[], enums: EnumMembers = NO_ENUMS): NamedValue[] {
  return params.map((param, i) => ({
    name: param.name || String(i),
    type: param.type,
    value: param.type === 'string' && typeof values[i] === 'string' ? (values[i] as string) : render(values[i], param, enums),
    isString: param.type === 'string' && typeof values[i] === 'string',
  }));
}

/** A value as it is shown: strings quoted and escaped. */
export function shownValue(v: NamedValue): string {
  return v.isString ? quote(v.value) : v.value;
}

/** `name: value, …` for a call or error line. */
export function argumentList(values: readonly NamedValue[]): string {
  return values.map((v) => `${v.name}: ${shownValue(v)}`).join(', ');
}

function render(value: unknown, param: AbiParameter, enums: EnumMembers): string {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array && Array.isArray(value)) {
    const element = { ...param, type: array[1], internalType: param.internalType?.replace(/\[\d*\]$/, '') } as AbiParameter;
    return `[${value.map((v) => render(v, element, enums)).join(', ')}]`;
  }
  if (isEnumType(param.internalType) && (typeof value === 'number' || typeof value === 'bigint'))
    return enumText(enums, param.internalType, BigInt(value));
  if (param.type === 'tuple' && 'components' in param && value !== null && typeof value === 'object') {
    const components = param.components;
    const fields = components.map((c, i) => {
      const field = Array.isArray(value) ? value[i] : (value as Record<string, unknown>)[c.name ?? String(i)];
      return `${c.name || i}: ${render(field, c, enums)}`;
    });
    return `(${fields.join(', ')})`;
  }
  if (typeof value === 'string') return param.type === 'address' ? value.toLowerCase() : param.type === 'string' ? quote(value) : value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return quote(String(value));
}
