// Compiles a debug build with the bundled solc. Only the replay's worker imports this file, so solc (9 MB) is in
// dist/replay-worker.js alone, never in the extension, adapter or CLI bundles.
import solc from 'solc';
import { debugCompilerInput, type DebugContract, type DeployedOutput, type StandardJsonInput } from './debug-build';
import { ReplayRefused } from './replay-input';

/** Compiles `input` with the bundled solc (synchronous and CPU-bound: run it in the replay's worker). */
export function compileDebugBuild(input: StandardJsonInput): { contracts: DebugContract[]; version: string } {
  const output = JSON.parse(solc.compile(JSON.stringify(debugCompilerInput(input)))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { evm?: { deployedBytecode?: DeployedOutput } }>>;
  };
  const error = output.errors?.find((e) => e.severity === 'error');
  if (error)
    throw new ReplayRefused(
      'bad-input',
      `The debug build does not compile with solc ${solc.version()}: ${error.formattedMessage.slice(0, 500)}`,
    );
  const contracts: DebugContract[] = [];
  for (const [sourceName, byName] of Object.entries(output.contracts ?? {})) {
    for (const [name, entry] of Object.entries(byName)) {
      const deployed = entry.evm?.deployedBytecode;
      if (deployed && typeof deployed.object === 'string' && deployed.object.length > 0) contracts.push({ sourceName, name, deployed });
    }
  }
  return { contracts, version: solc.version() };
}
