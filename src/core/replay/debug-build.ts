// The debug build of a contract: its same sources compiled again without the optimizer and without the IR pipeline,
// so that every local sits where the legacy code generator puts it. The compiler's version may differ from the one
// that built the code that ran: a debug replay is only accepted when its behaviour equals the transaction's, which
// is what proves the rebuild right. Values a deployment fills in are copied from the code that ran: each immutable
// by its declaration's id, each library address by the library's name.
import { codeBytes, referenceRanges, type ByteRange } from '../sourcemap/bytecode';
import { ReplayRefused } from './replay-input';

/** The parts of solc's standard JSON a debug build keeps from the original input. */
export interface StandardJsonInput {
  language: string;
  sources: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

export interface DeployedOutput {
  object: string;
  sourceMap?: string;
  linkReferences?: Record<string, Record<string, ByteRange[]>>;
  immutableReferences?: Record<string, ByteRange[]>;
}

/** The code that ran with the references its own build output gives for it. */
export interface RanCode {
  code: string;
  linkReferences?: unknown;
  immutableReferences?: unknown;
}

export interface DebugContract {
  sourceName: string;
  name: string;
  deployed: DeployedOutput;
}

/** `input` (a build-info's standard JSON input) with the optimizer and the IR pipeline off, asking only for runtime code. */
export function debugCompilerInput(input: StandardJsonInput): StandardJsonInput {
  const settings = { ...(input.settings ?? {}) };
  delete settings.viaIR;
  delete settings.optimizer;
  return {
    language: input.language,
    sources: input.sources,
    settings: {
      ...settings,
      optimizer: { enabled: false },
      outputSelection: {
        '*': {
          '*': [
            'evm.deployedBytecode.object',
            'evm.deployedBytecode.sourceMap',
            'evm.deployedBytecode.linkReferences',
            'evm.deployedBytecode.immutableReferences',
            // Where state variables live, for a debugger reading the replay's trace against this build.
            'storageLayout',
          ],
          '': ['ast'],
        },
      },
    },
  };
}

/**
 * The debug build's runtime code for the contract whose code ran as `ran`: its immutables and library addresses
 * copied from the code that ran. Refused when the debug build needs one that `ran`'s references do not locate.
 */
export function debugRuntime(debug: DebugContract, ran: RanCode): string {
  const code = Buffer.from(debug.deployed.object.replace(/__\$[0-9a-f]{34}\$__/g, '0'.repeat(40)), 'hex');
  const ranBytes = codeBytes(ran.code);
  const copy = (into: ByteRange[], from: ByteRange[] | undefined, what: string): void => {
    const source = from?.[0];
    if (into.length === 0) return;
    if (!source || source.start + source.length > ranBytes.length) {
      throw new ReplayRefused(
        'bad-input',
        `The debug build of ${debug.name} needs ${what}, which the build output of the code that ran does not locate.`,
      );
    }
    for (const range of into) code.set(ranBytes.subarray(source.start, source.start + source.length), range.start);
  };
  const ranImmutables = (ran.immutableReferences ?? {}) as Record<string, unknown>;
  for (const [id, ranges] of Object.entries(debug.deployed.immutableReferences ?? {})) {
    copy(ranges, referenceRanges(ranImmutables[id]), `immutable #${id}`);
  }
  const ranLinks = (ran.linkReferences ?? {}) as Record<string, Record<string, unknown>>;
  for (const [file, libraries] of Object.entries(debug.deployed.linkReferences ?? {})) {
    for (const [library, ranges] of Object.entries(libraries))
      copy(ranges, referenceRanges(ranLinks[file]?.[library]), `library ${library}'s address`);
  }
  return `0x${code.toString('hex')}`;
}
