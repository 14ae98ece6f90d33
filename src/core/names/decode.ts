// Calls, results, reverts and logs by name, decoded with viem from the fragments an AbiRegistry holds. Anything that
// does not decode cleanly (unknown selector, truncated or malformed data) is null: shown raw, never guessed at.
import { decodeAbiParameters, decodeEventLog, type AbiFunction, type AbiParameter, type Hex } from 'viem';
import { mentionsEnum, NO_ENUMS, type EnumMembers } from '../build-output/enums';
import type { AbiError, AbiRegistry, Declared } from './registry';
import { argumentList, namedValues, type NamedValue } from './values';

export interface DecodedCall {
  /** Who declares the function (a workspace contract or interface, or a system contract's name). */
  contract: string;
  name: string;
  signature: string;
  args: NamedValue[];
  /** The fragment, to decode the call's output with (decodeReturn). */
  fragment: AbiFunction;
  /** The enums its values may name, for the output too (read on first need). */
  enums: () => EnumMembers;
}

export interface DecodedError {
  /** Null for Solidity's built-in Error and Panic. */
  contract: string | null;
  name: string;
  signature: string;
  args: NamedValue[];
}

export interface DecodedEvent {
  contract: string;
  name: string;
  signature: string;
  args: NamedValue[];
}

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

/** Solidity's own errors, as every compiler encodes them (viem names their arguments the same way). */
const BUILTIN_ERRORS: ReadonlyArray<Declared<AbiError>> = [
  { contract: '', signature: 'Error(string)', item: { type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] } },
  { contract: '', signature: 'Panic(uint256)', item: { type: 'error', name: 'Panic', inputs: [{ type: 'uint256', name: 'code' }] } },
];
const BUILTIN_SELECTORS: Record<string, Declared<AbiError>> = { '0x08c379a0': BUILTIN_ERRORS[0], '0x4e487b71': BUILTIN_ERRORS[1] };

/** `enums` is asked only when a parameter is an enum: it parses the workspace's sources the first time. */
function decodeParams(params: readonly AbiParameter[], data: string, enums: () => EnumMembers): NamedValue[] | null {
  if (!HEX.test(data)) return null;
  try {
    return namedValues(params, decodeAbiParameters(params, data as Hex) as readonly unknown[], mentionsEnum(params) ? enums() : NO_ENUMS);
  } catch {
    return null;
  }
}

const selectorOf = (data: string): string | null => (HEX.test(data) && data.length >= 10 ? data.slice(0, 10).toLowerCase() : null);

/** Calldata as `function(args)`; `contract` prefers that contract's declaration when several share the selector. */
export function decodeCall(registry: AbiRegistry, input: string | null | undefined, contract?: string): DecodedCall | null {
  const selector = input ? selectorOf(input) : null;
  const found = selector ? registry.findFunction(selector, contract) : undefined;
  if (!found || !input) return null;
  const args = decodeParams(found.item.inputs, `0x${input.slice(10)}`, registry.enums);
  return (
    args && {
      contract: found.contract,
      name: found.item.name,
      signature: found.signature,
      args,
      fragment: found.item,
      enums: registry.enums,
    }
  );
}

/** A call's output by its function's return parameters; null when it does not decode (or the call had none). */
export function decodeReturn(call: DecodedCall, output: string | null | undefined): NamedValue[] | null {
  if (!output || output === '0x' || call.fragment.outputs.length === 0) return null;
  return decodeParams(call.fragment.outputs, output, call.enums);
}

/** Revert data as a custom error from the registry, or Solidity's Error(string) / Panic(uint256). */
export function decodeError(registry: AbiRegistry, data: string | null | undefined, contract?: string): DecodedError | null {
  const selector = data ? selectorOf(data) : null;
  if (!selector || !data) return null;
  const found = BUILTIN_SELECTORS[selector] ?? registry.findError(selector, contract);
  if (!found) return null;
  const args = decodeParams(found.item.inputs, `0x${data.slice(10)}`, registry.enums);
  return args && { contract: found.contract || null, name: found.item.name, signature: found.signature, args };
}

/** A log (LOGn step or mirror log) as an event by its first topic. */
export function decodeEvent(registry: AbiRegistry, topics: readonly string[], data: string, contract?: string): DecodedEvent | null {
  const found = topics.length > 0 ? registry.findEvent(topics[0], contract) : undefined;
  if (!found || !HEX.test(data) || !topics.every((t) => /^0x[0-9a-fA-F]{64}$/.test(t))) return null;
  try {
    const { args } = decodeEventLog({ abi: [found.item], topics: topics as [Hex, ...Hex[]], data: data as Hex, strict: true });
    const inputs = found.item.inputs;
    const values = inputs.map((p, i) => (Array.isArray(args) ? args[i] : (args as Record<string, unknown>)[p.name ?? String(i)]));
    return {
      contract: found.contract,
      name: found.item.name,
      signature: found.signature,
      args: namedValues(inputs, values, mentionsEnum(inputs) ? registry.enums() : NO_ENUMS),
    };
  } catch {
    return null;
  }
}

/** `name(a: 1, b: "x")` */
export function describeDecoded(decoded: { name: string; args: readonly NamedValue[] }): string {
  return `${decoded.name}(${argumentList(decoded.args)})`;
}

/** Arguments as the CLI's JSON gives them: `{ name-or-position: value-as-text }`. */
export function argsObject(args: readonly NamedValue[]): Record<string, string> {
  return Object.fromEntries(args.map((a) => [a.name, a.value]));
}
