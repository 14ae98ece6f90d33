// Every function, error and event the contracts of a debugged trace declare, in one AbiRegistry: what the debugger
// names reverts and logs with, the same way the trace panel does (core/names).
import { abiOfMetadata, AbiRegistry } from '../core/names/registry';
import type { Program } from '../core/sourcemap/program';

const registries = new WeakMap<Program, AbiRegistry>();

/** The ABIs of the compiled contracts the trace runs, read once per program. */
export function programAbis(program: Program): AbiRegistry {
  let registry = registries.get(program);
  if (!registry) {
    registries.set(program, (registry = new AbiRegistry()));
    const seen = new Set<string>();
    for (const { artifact } of program.frameCode) {
      if (!artifact || seen.has(artifact.name)) continue;
      seen.add(artifact.name);
      registry.add(artifact.name, abiOfMetadata(artifact.metadata));
    }
  }
  return registry;
}
