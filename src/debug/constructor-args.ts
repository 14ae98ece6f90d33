// A constructor's arguments as its creation received them: ABI-encoded after the contract's creation bytecode, at
// the end of the init code (for `new C(a, b)` and a deployment alike), never in calldata. Exact for every pipeline,
// given the creation's init code (the mirror's action for it).
import { decodeAbiParameters, type AbiParameter } from 'viem';
import { enumMembersOf } from '../core/build-output/enum-reader';
import { mentionsEnum, NO_ENUMS } from '../core/build-output/enums';
import { abiOfMetadata } from '../core/names/registry';
import { namedValues, shownValue } from '../core/names/values';
import type { FnFrame, Program } from '../core/sourcemap/program';
import type { Variable } from './variables';

/** The arguments decoded from `initCode`; undefined when the init code is not known or does not hold them. */
export function constructorArguments(program: Program, frame: FnFrame, initCode: string | undefined): Variable[] | undefined {
  const { artifact, code } = program.frameCode[frame.traceFrame];
  const abi = abiOfMetadata(artifact?.metadata);
  if (!artifact || !code || !Array.isArray(abi)) return undefined;
  const entry = abi.find((e: { type?: unknown }) => e?.type === 'constructor') as { inputs?: AbiParameter[] } | undefined;
  const inputs = Array.isArray(entry?.inputs) ? entry.inputs : [];
  if (inputs.length === 0) return [];
  const codeHex = code.bytes.length * 2;
  if (!initCode || !/^0x(?:[0-9a-fA-F]{2})*$/.test(initCode) || initCode.length < 2 + codeHex) return undefined;
  try {
    const values = decodeAbiParameters(inputs, `0x${initCode.slice(2 + codeHex)}`);
    const enums = mentionsEnum(inputs) ? enumMembersOf(artifact.sources) : NO_ENUMS;
    return namedValues(inputs, values, enums).map((v, i) => ({
      name: inputs[i].name || `arg${i}`,
      type: inputs[i].type,
      value: shownValue(v),
    }));
  } catch {
    return undefined;
  }
}
