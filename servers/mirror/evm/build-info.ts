/**
 * Writes the compiled contracts in the Hardhat 2 layout, so a workspace can hold real artifacts of them:
 * `contracts/*.sol` (the sources), `artifacts/build-info/<id>.json` (`hh-sol-build-info-1`: the full solc
 * standard-JSON input and output, where the source maps and ASTs are) and, per contract,
 * `artifacts/<source>/<Contract>.json` (`hh-sol-artifact-1`) with its `.dbg.json` pointing at the build info.
 */
import { join, posix } from 'node:path';
import { type Compilation, compileContracts, writeAtomically } from './compile';

/** Writes everything under `dir` and returns the paths written. */
export async function writeBuildInfo(dir: string, compilation?: Compilation): Promise<string[]> {
  const build = compilation ?? (await compileContracts());
  const files = new Map<string, string>();
  const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

  for (const [sourceName, { content }] of Object.entries(build.input.sources)) files.set(sourceName, content);
  const buildInfoPath = join('artifacts', 'build-info', `${build.id}.json`);
  files.set(
    buildInfoPath,
    pretty({
      _format: 'hh-sol-build-info-1',
      id: build.id,
      solcVersion: build.solcVersion,
      solcLongVersion: build.solcLongVersion,
      input: build.input,
      output: build.output,
    }),
  );
  for (const [sourceName, contracts] of Object.entries(build.output.contracts)) {
    for (const [contractName, contract] of Object.entries(contracts)) {
      const base = join('artifacts', sourceName, contractName);
      files.set(
        `${base}.json`,
        pretty({
          _format: 'hh-sol-artifact-1',
          contractName,
          sourceName,
          abi: contract.abi,
          bytecode: `0x${contract.evm.bytecode.object}`,
          deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
          linkReferences: contract.evm.bytecode.linkReferences,
          deployedLinkReferences: contract.evm.deployedBytecode.linkReferences,
        }),
      );
      files.set(
        `${base}.dbg.json`,
        pretty({ _format: 'hh-sol-dbg-1', buildInfo: posix.join('..', '..', 'build-info', `${build.id}.json`) }),
      );
    }
  }
  const written: string[] = [];
  for (const [relative, content] of files) {
    const path = join(dir, relative);
    await writeAtomically(path, content);
    written.push(path);
  }
  return written;
}
