// Where in the Solidity sources a trace step is. A step runs the code of its frame: the callee's for every call
// type (DELEGATECALL and CALLCODE run the callee's code on the caller's storage), init code for a creation. Each
// frame's contract is identified once (by the code at its address, else by the ops it executed); after that a step
// is a table read: pc → instruction → source-map entry → line and column.
import { ApiError } from '../errors';
import type { Frame, Trace } from '../../shared/trace-model';
import type { ContractArtifact, SourceFile, VerifiedOrigin } from './artifacts';
import type { ChainCode } from './contract-code';
import { ArtifactIndex, fits, type CodeMatch, type ExecutedOp } from './match';
import type { SourceFiles } from './source-files';

export interface SourceLocation {
  contract: string;
  /** The compiler's name for the file. */
  sourceName: string;
  /** The workspace file, when it exists. */
  sourcePath: string | undefined;
  /** The text the positions refer to. */
  text: string;
  /** `text` is the source as compiled (false: the workspace file, because the build kept no copy). */
  compiled: boolean;
  /** 0-based lines; columns in UTF-16 code units, as editors count. */
  startLine: number;
  startCol: number;
  endLine: number;
  endCol: number;
  /** The deployed code matched the build except for its metadata: the sources may have changed since. */
  metadataDiffers: boolean;
  /** Set when the source came from a verification server (shown read-only, never written into the workspace). */
  verified?: VerifiedOrigin;
}

export type NoSourceReason =
  /** Compiler-generated code (source index -1 or a generated Yul source). */
  | 'generated'
  /** No build artifact is this frame's code. */
  | 'no-match'
  /** The artifact names a file neither the build nor the workspace has. */
  | 'no-source-file'
  /** The mirror could not be asked which code ran. */
  | 'lookup-failed'
  /** A precompile or system-contract call: the node runs it natively, there is no code to match. */
  | 'native';

export type StepSource =
  | { kind: 'source'; step: number; location: SourceLocation }
  | {
      kind: 'none';
      step: number;
      reason: NoSourceReason;
      address: string | undefined;
      contract: string | undefined;
      message: string;
      /** For generated code: the Solidity the frame last executed before it, i.e. what called the routine. */
      caller?: SourceLocation;
    };

/** The code at an address; undefined when the mirror has no contract there. */
export type CodeLookup = (address: string) => Promise<ChainCode | undefined>;

/** The verified contract at an address (a verification server's), undefined when none is verified there. */
export type VerifiedLookup = (address: string) => Promise<ContractArtifact | undefined>;

type FrameCode =
  | { match: CodeMatch; address: string | undefined }
  | { match: undefined; address: string | undefined; reason: 'no-match' | 'lookup-failed' | 'native'; message: string };

/** Own steps of a frame checked against candidate code: enough to get past the dispatcher every contract shares. */
const OPS_TO_CHECK = 256;
/** How far back a step in generated code looks for the Solidity that led there. */
const CALLER_LOOKBACK = 4096;

export class TraceSources {
  private readonly frames = new Map<number, Promise<FrameCode>>();
  private readonly codes = new Map<string, Promise<ChainCode | undefined>>();

  constructor(
    private readonly trace: Trace,
    private readonly index: ArtifactIndex,
    private readonly files: SourceFiles,
    private readonly lookup: CodeLookup | undefined,
    /** Asked only for code that no workspace artifact matches: the workspace's build output wins. */
    private readonly verified?: VerifiedLookup,
  ) {}

  async locate(step: number): Promise<StepSource> {
    const row = this.trace.row(step);
    const frame = await this.frameCode(row.frame);
    if (!frame.match) {
      // A native call stays on the line that made it: the caller's CALL is the step before its one entry.
      const caller = frame.reason === 'native' && step > 0 ? await this.lineOf(step - 1) : undefined;
      return {
        kind: 'none',
        step,
        reason: frame.reason,
        address: frame.address,
        contract: undefined,
        message: frame.message,
        ...(caller && { caller }),
      };
    }
    const { artifact } = frame.match;
    const none = (reason: NoSourceReason, message: string, caller?: SourceLocation): StepSource => ({
      kind: 'none',
      step,
      reason,
      address: frame.address,
      contract: artifact.name,
      message,
      ...(caller && { caller }),
    });
    const source = this.sourceAt(frame.match, row.instructionPc);
    if (!source) {
      const caller = await this.callerOf(frame.match, row.frame, step);
      return none(
        'generated',
        `Step ${step} runs code the compiler generated for ${artifact.name}; it has no Solidity line of its own.`,
        caller,
      );
    }
    const location = await this.place(frame.match, source);
    return location
      ? { kind: 'source', step, location }
      : none('no-source-file', `${source.file.sourceName} is not in the workspace and the build output kept no copy of it.`);
  }

  private async lineOf(step: number): Promise<SourceLocation | undefined> {
    const source = await this.locate(step);
    return source.kind === 'source' ? source.location : source.caller;
  }

  /** The compiled code frame `index` ran (undefined when no build output is its code) and its address. */
  async frameMatch(index: number): Promise<{ match: CodeMatch | undefined; address: string | undefined }> {
    const { match, address } = await this.frameCode(index);
    return { match, address };
  }

  /** The source file and byte range of the instruction at `pc`, or undefined for generated code. */
  private sourceAt(match: CodeMatch, pc: number): { file: SourceFile; start: number; length: number } | undefined {
    const range = match.code.rangeAt(pc);
    const file = range && range.file >= 0 ? match.artifact.sources.get(range.file) : undefined;
    return range && file ? { file, start: range.start, length: range.length } : undefined;
  }

  private async place(match: CodeMatch, source: { file: SourceFile; start: number; length: number }): Promise<SourceLocation | undefined> {
    const read = await this.files.read(source.file);
    if (!read) return undefined;
    const start = read.text.position(source.start);
    const end = read.text.position(source.start + source.length);
    return {
      contract: match.artifact.name,
      sourceName: source.file.sourceName,
      sourcePath: read.path,
      text: read.text.text,
      compiled: read.compiled,
      startLine: start.line,
      startCol: start.character,
      endLine: end.line,
      endCol: end.character,
      metadataDiffers: match.metadataDiffers,
      ...(source.file.verified && { verified: source.file.verified }),
    };
  }

  /** The last step of the same frame before `step` that ran Solidity: generated routines are jumped to from there. */
  private async callerOf(match: CodeMatch, frameIndex: number, step: number): Promise<SourceLocation | undefined> {
    const entry = this.trace.frame(frameIndex).entryStep;
    for (let i = step - 1; i >= entry && step - i <= CALLER_LOOKBACK; i--) {
      const row = this.trace.row(i);
      if (row.frame !== frameIndex) continue;
      const source = this.sourceAt(match, row.instructionPc);
      if (source) return this.place(match, source);
    }
    return undefined;
  }

  private frameCode(index: number): Promise<FrameCode> {
    let code = this.frames.get(index);
    if (!code) this.frames.set(index, (code = this.identify(this.trace.frame(index))));
    return code;
  }

  private async identify(frame: Frame): Promise<FrameCode> {
    const creating = frame.callType === 'CREATE' || frame.callType === 'CREATE2';
    const ops = this.ownOps(frame);
    // A created contract's address holds its runtime code, not the init code the frame ran.
    const address = creating ? undefined : (frame.callee ?? undefined);
    if (frame.native)
      return {
        match: undefined,
        address,
        reason: 'native',
        message: `${address ?? 'This call'} runs natively on the node (a precompile or system contract): it has no code to step.`,
      };
    let failure: string | undefined;
    let chain: ChainCode | undefined;
    if (address && this.lookup) {
      try {
        chain = await this.chainCode(address);
      } catch (err) {
        failure = `Could not get the code at ${address} from the mirror: ${err instanceof ApiError || err instanceof Error ? err.message : String(err)}`;
      }
      // The root of a deployment runs init code at the new contract's address.
      const byCode = [
        chain?.runtime && this.index.matchRuntime(chain.runtime),
        chain?.creation && this.index.matchCreation(chain.creation),
      ];
      const match = byCode.find((m): m is CodeMatch => !!m && fits(m.code, ops));
      if (match) return { match, address };
    }
    const byOps = creating
      ? this.index.matchExecuted('creation', ops)
      : (this.index.matchExecuted('runtime', ops) ?? this.index.matchExecuted('creation', ops));
    if (byOps) return { match: byOps, address };
    let mismatch: string | undefined;
    if (address && chain?.runtime && this.verified) {
      try {
        const verified = await this.verified(address);
        // The server's recompiled code must be the code that ran (links, immutables and metadata masked).
        const match = verified && new ArtifactIndex([verified]).matchRuntime(chain.runtime);
        if (match && fits(match.code, ops)) return { match, address };
        if (verified)
          mismatch = `The verified contract ${verified.name} at ${address} does not match the code that ran there; its sources are not used.`;
      } catch (err) {
        failure = `Could not get the verified sources of ${address}: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    if (failure) return { match: undefined, address, reason: 'lookup-failed', message: failure };
    if (mismatch) return { match: undefined, address, reason: 'no-match', message: mismatch };
    const what = address ?? (creating ? `the code created at step ${frame.entryStep}` : `the code of frame ${frame.index}`);
    const noContract = address !== undefined && this.lookup !== undefined && chain === undefined;
    return {
      match: undefined,
      address,
      reason: 'no-match',
      message: noContract ? `The mirror has no contract at ${address}.` : `No build artifacts match ${what}.`,
    };
  }

  private chainCode(address: string): Promise<ChainCode | undefined> {
    let code = this.codes.get(address);
    if (!code) {
      this.codes.set(address, (code = this.lookup!(address)));
      // A failed lookup is not remembered: the next frame at this address asks again.
      code.catch(() => this.codes.delete(address));
    }
    return code;
  }

  /** The first steps executed by the frame itself, skipping the steps of the calls it makes. */
  private ownOps(frame: Frame): ExecutedOp[] {
    const ops: ExecutedOp[] = [];
    for (let i = frame.entryStep; i <= frame.exitStep && i < this.trace.length && ops.length < OPS_TO_CHECK;) {
      const row = this.trace.row(i);
      if (row.frame === frame.index) {
        ops.push({ pc: row.instructionPc, op: row.op });
        i++;
        continue;
      }
      let child = this.trace.frame(row.frame);
      while (child.parent >= 0 && child.parent !== frame.index) child = this.trace.frame(child.parent);
      if (child.parent !== frame.index) break;
      i = child.exitStep + 1;
    }
    return ops;
  }
}
