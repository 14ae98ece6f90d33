// Compiles a small Solidity project with the bundled solc into the outputs real tools leave in a workspace (metadata,
// bytecode, a Hardhat build-info). Tests and the demo server use it to create contracts that the reference verifier
// can match exactly, without checking compiler output into the repository.
import { createHash } from 'node:crypto';
import type { StdJsonInput } from '../../src/core/verify/std-json';
import { VERIFY_OUTPUT_SELECTION } from '../../src/core/verify/std-json';
import { BUNDLED_SOLC_VERSION, compileStdJson, type CompiledContract } from './compiler';

export interface BuiltContract extends CompiledContract {
  path: string;
  name: string;
}

export interface ProjectBuild {
  input: StdJsonInput;
  compilerVersion: string;
  contracts: BuiltContract[];
  /** The contract called `name`; throws when the project has none. */
  contract(name: string): BuiltContract;
  /** A Hardhat `hh-sol-build-info-1` file for this compilation. */
  buildInfo(): Record<string, unknown>;
}

export function buildProject(sources: Record<string, string>, settings: Record<string, unknown> = {}): ProjectBuild {
  const input: StdJsonInput = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([p, content]) => [p, { content }])),
    settings: { optimizer: { enabled: false, runs: 200 }, ...settings, outputSelection: VERIFY_OUTPUT_SELECTION },
  };
  const compiled = compileStdJson(input);
  const contracts = Object.entries(compiled).flatMap(([path, byName]) => Object.entries(byName).map(([name, c]) => ({ ...c, path, name })));
  return {
    input,
    compilerVersion: BUNDLED_SOLC_VERSION,
    contracts,
    contract(name) {
      const c = contracts.find((x) => x.name === name);
      if (!c) throw new Error(`no contract ${name} in the project`);
      return c;
    },
    buildInfo() {
      const output = { contracts: {} as Record<string, Record<string, unknown>>, sources: {} };
      for (const c of contracts) {
        (output.contracts[c.path] ??= {})[c.name] = {
          metadata: c.metadata,
          evm: { bytecode: { object: c.creation }, deployedBytecode: { object: c.runtime, immutableReferences: c.immutableReferences } },
        };
      }
      const id = createHash('md5').update(JSON.stringify(input)).digest('hex');
      return {
        _format: 'hh-sol-build-info-1',
        id,
        solcVersion: BUNDLED_SOLC_VERSION.split('+')[0],
        solcLongVersion: BUNDLED_SOLC_VERSION,
        input,
        output,
      };
    },
  };
}
