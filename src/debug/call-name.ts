// The public function a call's input selects, by the called contract's ABI: what names an external call's frame
// when its code never jumped into that function's definition (IR code inlines it into the dispatcher), so the frame
// is named from the call's input rather than shown as the bare contract.
import { toFunctionSelector, type AbiFunction } from 'viem';
import type { ContractArtifact } from '../core/sourcemap/artifacts';
import { abiOfMetadata } from '../core/names/registry';
import type { Program } from '../core/sourcemap/program';

/** The call's input per trace frame (the mirror's actions), where known. */
export type CallInputs = (traceFrame: number) => string | undefined;

const bySelector = new WeakMap<ContractArtifact, Map<string, string>>();

/** Function names by selector, once per contract. */
function selectors(artifact: ContractArtifact): Map<string, string> {
  let known = bySelector.get(artifact);
  if (!known) {
    known = new Map();
    const abi = abiOfMetadata(artifact.metadata);
    for (const item of Array.isArray(abi) ? (abi as unknown[]) : []) {
      const fn = item as Partial<AbiFunction>;
      if (fn?.type !== 'function' || typeof fn.name !== 'string' || !Array.isArray(fn.inputs)) continue;
      try {
        known.set(toFunctionSelector(fn as AbiFunction), fn.name);
      } catch {
        // A malformed ABI entry names nothing.
      }
    }
    bySelector.set(artifact, known);
  }
  return known;
}

/** `Contract.function` for the function trace frame `traceFrame`'s input selects, or undefined. */
export function calledFunction(program: Program, traceFrame: number, input: string | undefined): string | undefined {
  const artifact = program.frameCode[traceFrame]?.artifact;
  if (!artifact || !input || !/^0x[0-9a-fA-F]{8}/.test(input) || artifact.creation === program.frameCode[traceFrame].code) return undefined;
  const name = selectors(artifact).get(input.slice(0, 10).toLowerCase());
  return name === undefined ? undefined : `${artifact.name}.${name}`;
}
