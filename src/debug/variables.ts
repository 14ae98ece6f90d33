// What the Variables view shows for a step: the function's arguments decoded with the ABI library (viem) from the
// values the function found on the stack when it was entered, the stack (top first, named as the expression
// language names it), memory words, storage slots, and the external call's frame.
import {
  decodeAbiParameters,
  decodeFunctionData,
  decodeFunctionResult,
  parseAbiItem,
  toFunctionSelector,
  type AbiFunction,
  type AbiParameter,
} from 'viem';
import { enumMembersOf } from '../core/build-output/enum-reader';
import { enumText, isEnumType, mentionsEnum, NO_ENUMS, type EnumMembers } from '../core/build-output/enums';
import type { ContractAction } from '../core/contract-results';
import { abiOfMetadata, AbiRegistry } from '../core/names/registry';
import type { ContractArtifact } from '../core/sourcemap/artifacts';
import type { Frame, Trace } from '../shared/trace-model';
import type { FnFrame, Program } from '../core/sourcemap/program';
import { stackWord, stackWordValue } from '../shared/stack-words';
import { entityOfAddress } from '../core/ids';
import { isViaIr, pipelineOf } from '../core/locals/pipeline';
import { calldataReference, hexBytes, type References } from './memory-references';
import { decodedNode, variableOf } from './value-tree';
import type { Variable } from './variable';

export { entityOfAddress };

export type { Elements, StorageRef, Variable } from './variable';

/** Most stack items, memory words or storage slots one scope lists. */
const MAX_ITEMS = 1024;
const WORD_BYTES = 32;

/** Per contract, its ABI (from the metadata), read on first use. */
const registries = new WeakMap<ContractArtifact, AbiRegistry>();

function registryOf(artifact: ContractArtifact): AbiRegistry {
  let registry = registries.get(artifact);
  if (!registry) {
    registries.set(artifact, (registry = new AbiRegistry()));
    registry.add(artifact.name, abiOfMetadata(artifact.metadata));
  }
  return registry;
}

/**
 * The ABI of a function from its Solidity header (`function f(uint256 a) external returns (uint256)`); when the header
 * names types the ABI parser cannot know (structs, enums, contracts), the contract's own ABI entry of that name and
 * parameter names.
 */
export function functionAbi(header: string | undefined, artifact?: ContractArtifact): AbiFunction | undefined {
  if (!header) return undefined;
  // The ABI parser knows neither data locations nor inheritance keywords; neither changes the ABI.
  const text = header
    .replace(/\b(virtual|override(\s*\([^)]*\))?|memory|calldata|storage)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text.startsWith('function ')) return undefined;
  try {
    const item = parseAbiItem(text);
    return item.type === 'function' ? item : undefined;
  } catch {
    const m = /^function ([A-Za-z_$][\w$]*) ?\(([^()]*)\)/.exec(text);
    if (!m || !artifact) return undefined;
    const names = m[2].trim() ? m[2].split(',').map((p) => /([A-Za-z_$][\w$]*)\s*$/.exec(p.trim())?.[1] ?? '') : [];
    const found = registryOf(artifact)
      .functionsNamed(artifact.name, m[1])
      .filter((f) => f.inputs.length === names.length && f.inputs.every((input, i) => input.name === names[i]));
    return found.length === 1 ? found[0] : undefined;
  }
}

const isWordType = (t: string) => /^(u?int\d*|bool|address|bytes([1-9]|[12]\d|3[0-2])|enum)$/.test(t);

/** One 32-byte word decoded as `param`, or the word itself when the type does not fit in one. */
function decodeWord(param: AbiParameter, word: string, enums: EnumMembers): string {
  const hex = stackWord(word) as `0x${string}`;
  if (!isWordType(param.type)) return `${hex} (${/\[\]$|^string$|^bytes$/.test(param.type) ? 'pointer' : 'not a single word'})`;
  try {
    const [v] = decodeAbiParameters([param], hex);
    return isEnumType(param.internalType)
      ? enumText(enums, param.internalType, BigInt(v as number))
      : typeof v === 'bigint'
        ? v.toString()
        : String(v);
  } catch {
    return hex;
  }
}

/** The enums `params` may name (nested in tuples and arrays too), read from the contract's sources on first need. */
function enumsFor(params: readonly AbiParameter[], artifact: ContractArtifact | undefined): EnumMembers {
  return artifact && mentionsEnum(params) ? enumMembersOf(artifact.sources) : NO_ENUMS;
}

/**
 * The function's arguments as it received them: at its first step the stack holds the return label and then the
 * arguments, the last one on top (solc's legacy code generator).
 */
export function argumentsOf(program: Program, frame: FnFrame, action?: ContractAction): Variable[] | string {
  const artifact = program.frameCode[frame.traceFrame].artifact;
  const abi = functionAbi(frame.header, artifact);
  if (!abi) return frame.header ? 'The parameters of this function could not be read.' : 'No Solidity function is known for this frame.';
  if (abi.inputs.length === 0) return [];
  // An external call's calldata (the mirror's actions) decodes every type, dynamic ones included.
  const decoded = frame.kind === 'external' ? calldataArguments(program, frame, action?.input ?? undefined) : undefined;
  if (decoded) return decoded;
  // IR code keeps an internal function's arguments where its own layout puts them: not the legacy order read below.
  if (isViaIr(pipelineOf(artifact?.metadata)))
    return 'unavailable (optimized): the IR pipeline keeps no argument at a fixed stack position.';
  // A calldata array or string takes two stack slots (offset and length): the positions of the others are not known.
  if (/\bcalldata\b/.test(frame.header ?? '') && abi.inputs.some((p) => !isWordType(p.type)))
    return "Arguments of dynamic types in calldata are read from the call's input (the mirror's actions), which this trace does not have.";
  const body = bodyStep(program, frame);
  const stack = program.trace.detail(body).stack;
  if (!stack) return 'The trace was fetched without the stack: arguments are read from it.';
  const n = abi.inputs.length;
  if (stack.length < n) return 'The stack holds fewer values than the function has parameters.';
  const enums = enumsFor(abi.inputs, artifact);
  return abi.inputs.map((param, i) => ({
    name: param.name || `arg${i}`,
    type: typeOf(param),
    value: decodeWord(param, stack[stack.length - n + i], enums),
  }));
}

/**
 * The function a call's input calls in `frame`: its own function when the input's selector is that function's, else
 * for an external call's frame that names no function the contract's function with that selector (the input proves
 * which one the dispatcher entered).
 */
export function calledFunction(program: Program, frame: FnFrame, input: string | undefined): AbiFunction | undefined {
  if (!input || input.length < 10) return undefined;
  const artifact = program.frameCode[frame.traceFrame].artifact;
  const selector = input.slice(0, 10).toLowerCase();
  const own = functionAbi(frame.header, artifact);
  if (own && toFunctionSelector(own) === selector) return own;
  // A frame named for another function shows none of the call's arguments: they would read as that function's.
  return frame.kind === 'external' && artifact && !frame.header
    ? registryOf(artifact).findFunction(selector, artifact.name)?.item
    : undefined;
}

/**
 * The arguments of the function `input` calls in `frame` (calledFunction) decoded from it, dynamic types included,
 * each with a memory reference into the calldata; undefined when the input calls no function known there.
 */
export function calldataArguments(program: Program, frame: FnFrame, input: string | undefined): Variable[] | undefined {
  const abi = calledFunction(program, frame, input);
  if (!abi || !input) return undefined;
  const artifact = program.frameCode[frame.traceFrame].artifact;
  try {
    const { args } = decodeFunctionData({ abi: [abi], data: input as `0x${string}` });
    const shown = shownValues(abi.inputs, args ?? [], (i) => `arg${i}`, enumsFor(abi.inputs, artifact));
    const at = calldataPlaces(abi.inputs, input);
    return shown.map((v, i) => (at[i] === undefined ? v : { ...v, memoryReference: calldataReference(frame.traceFrame, at[i]!) }));
  } catch {
    // Not well-formed calldata of that function.
    return undefined;
  }
}

/**
 * Where each dynamic argument's data (after its length word) starts in the calldata, when every argument's head is
 * one word (no static tuples or arrays before it): the head holds the offset from after the selector.
 */
function calldataPlaces(inputs: readonly AbiParameter[], input: string): Array<bigint | undefined> {
  const data = hexBytes(input);
  if (!data || !inputs.every((p) => isWordType(p.type) || /\[\]$|^string$|^bytes$/.test(p.type))) return [];
  return inputs.map((p, i) => {
    if (isWordType(p.type) || data.length < 4 + 32 * (i + 1)) return undefined;
    const at = 4n + BigInt(`0x${data.subarray(4 + 32 * i, 4 + 32 * (i + 1)).toString('hex')}`) + 32n;
    return at <= BigInt(data.length) ? at : undefined;
  });
}

/** The ABI type, or the enum's own name for an enum. */
const typeOf = (param: AbiParameter): string => (isEnumType(param.internalType) ? param.internalType : param.type);

/** Decoded ABI values as the Variables view shows them: as everywhere else (values.ts), strings quoted, arrays and tuples opening into their parts. */
function shownValues(
  params: readonly AbiParameter[],
  values: readonly unknown[],
  unnamed: (i: number) => string,
  enums: EnumMembers,
): Variable[] {
  return params.map((param, i) => variableOf(param.name || unnamed(i), typeOf(param), param, decodedNode(values[i], param), enums));
}

/**
 * What an external call returned, decoded with its function's ABI: the recording holds the call's end, so this is
 * known at every step of it. The bytes are the action's result data, else the RETURN's memory slice.
 */
export function returnOf(
  program: Program,
  frame: FnFrame,
  memoryAt: (step: number) => Buffer | undefined,
  action?: ContractAction,
): Variable[] | string {
  const artifact = program.frameCode[frame.traceFrame].artifact;
  const abi = functionAbi(frame.header, artifact);
  if (!abi) return frame.header ? 'The return types of this function could not be read.' : 'No Solidity function is known for this frame.';
  const tf = program.trace.frame(frame.traceFrame);
  if (program.trace.row(tf.exitStep).op === 'REVERT' || tf.reverted) return 'The call reverted: it returned nothing.';
  if (abi.outputs.length === 0) return [];
  // The mirror's actions carry the return data whether or not the trace holds memory.
  const data =
    action?.result_data_type === 'OUTPUT' && action.result_data ? (action.result_data as `0x${string}`) : returnData(program, tf, memoryAt);
  if (!data.startsWith('0x')) return data;
  try {
    const decoded = decodeFunctionResult({ abi: [abi], functionName: abi.name, data: data as `0x${string}` }) as unknown;
    const values = abi.outputs.length === 1 ? [decoded] : (decoded as readonly unknown[]);
    return shownValues(abi.outputs, values, (i) => (abi.outputs.length === 1 ? 'return' : `return${i}`), enumsFor(abi.outputs, artifact));
  } catch {
    return `The return data ${data.slice(0, 200)} does not decode as (${abi.outputs.map((o) => o.type).join(', ')}).`;
  }
}

/** The bytes a frame's RETURN gave back (0x…), read from the trace, or why they cannot be. */
function returnData(program: Program, tf: Frame, memoryAt: (step: number) => Buffer | undefined): string {
  const end = tf.exitStep;
  const op = program.trace.row(end).op;
  if (op !== 'RETURN') return `The call ended with ${op}, not RETURN: there is no return data in the trace.`;
  // RETURN pops its operands: a post-op recording shows them on the stack of the step before.
  const operands = program.trace.summary.pcConvention === 'post-op' ? end - 1 : end;
  const { stack } = program.trace.detail(operands);
  const memory = memoryAt(end);
  if (!stack) return 'The trace was fetched without the stack: the return data is found through it.';
  if (operands < tf.entryStep || stack.length < 2) return "The trace does not hold RETURN's operands.";
  if (!memory) return 'The trace was fetched without memory (launch with "memory": true) to read the return data.';
  const offset = stackWordValue(stack[stack.length - 1]);
  const size = stackWordValue(stack[stack.length - 2]);
  if (offset + size > BigInt(memory.length)) return 'The return data lies outside the memory the trace holds.';
  return `0x${memory.subarray(Number(offset), Number(offset + size)).toString('hex')}`;
}

/** The step where the function's own code started (for an external call: its public function's). */
export function bodyStep(program: Program, frame: FnFrame): number {
  if (frame.kind === 'internal') return frame.entryStep;
  const child = program.frames.find(
    (f) => f.parent === frame.id && f.kind === 'internal' && f.hidden && f.header !== undefined && f.header === frame.header,
  );
  return child?.entryStep ?? frame.entryStep;
}

export function stackVariables(stack: readonly string[] | null): Variable[] | string {
  if (!stack) return 'The trace was fetched without the stack.';
  const out: Variable[] = [];
  for (let i = stack.length - 1; i >= 0 && out.length < MAX_ITEMS; i--) {
    const v = stackWordValue(stack[i]);
    out.push({ name: `stack[${i - stack.length}]`, value: `0x${v.toString(16)}`, type: `${v}` });
  }
  return out;
}

/** Memory's words, each with a reference for the memory view that opens on it. */
export function memoryVariables(memory: readonly string[] | null, references: References): Variable[] | string {
  if (!memory) return 'The trace was fetched without memory (launch with "memory": true).';
  return memory.slice(0, MAX_ITEMS).map((w, i) => ({
    name: `memory[0x${(i * WORD_BYTES).toString(16)}]`,
    value: w,
    memoryReference: references.memory(BigInt(i * WORD_BYTES)),
  }));
}

export function frameVariables(trace: Trace, step: number, frame: FnFrame, codeName: string | undefined): Variable[] {
  const tf = trace.frame(frame.traceFrame);
  const row = trace.row(step);
  const entity = entityOfAddress(tf.callee);
  return [
    { name: 'function', value: frame.name || '(compiler-generated code)' },
    { name: 'contract', value: codeName ?? '(no build output matches this code)' },
    { name: 'call type', value: tf.callType },
    { name: 'callee', value: tf.callee ?? '(unknown: the trace has no stack)' },
    ...(entity ? [{ name: 'callee id', value: entity }] : []),
    { name: 'depth', value: String(tf.depth) },
    { name: 'gas used', value: String(tf.gasUsed) },
    { name: 'reverted', value: String(tf.reverted) },
    { name: 'step', value: String(step) },
    { name: 'pc', value: String(row.instructionPc) },
    { name: 'op', value: row.op },
    { name: 'gas', value: String(row.gas) },
    { name: 'gas cost', value: String(row.gasCost) },
  ];
}
