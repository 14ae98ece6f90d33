// The debugger's view of one trace, built once per session: for every step its Solidity location and the function
// (external call or internal Solidity function) it runs in, in typed columns, so each step, continue and stack
// request afterwards is an array scan or read. Internal calls come from the source map's jump markers (`i` into a
// function, `o` out of it), external calls from the trace's frames.
import { loadEnums } from '../build-output/enum-reader';
import { isEnumType, mentionsEnum } from '../build-output/enums';
import { abiOfMetadata } from '../names/registry';
import type { Callable } from '../locals/declarations';
import { isViaIr, pipelineOf } from '../locals/pipeline';
import type { ContractArtifact, SourceFile, VerifiedOrigin } from './artifacts';
import type { CompiledCode } from './compiled-code';
import { JUMP_IN, JUMP_OUT, jumpKinds } from './jump-kinds';
import type { SourceFiles } from './source-files';
import type { TraceSources } from './trace-sources';
import type { Trace } from '../../shared/trace-model';

/** A source file the trace's code maps into. */
export interface ProgramSource {
  id: number;
  /** The compiler's name for it. */
  sourceName: string;
  /** The workspace file, when it exists. */
  path: string | undefined;
  /** Set for a source fetched from a verification server. */
  verified?: VerifiedOrigin;
  text: string;
  lines: string[];
}

/** A source range one or more instructions map to. */
export interface Loc {
  id: number;
  source: ProgramSource;
  /** 0-based. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Byte offset and length in the source (what the AST's ranges are in). */
  start: number;
  length: number;
  /** Same number for every loc on the same line of the same file. */
  lineKey: number;
  /**
   * A statement or expression (not a contract's or function's whole definition, nor a parameter or return variable
   * in a function's header): stepping stops here.
   */
  steppable: boolean;
  /** The function this range defines, when it is a function definition (`name` and its header text). */
  defines: { name: string; header: string } | undefined;
  /** Where a definition's header ends (0-based line and column of its `{` or `;`). */
  headerEnd: { line: number; column: number } | undefined;
}

/** A function, modifier or constructor of a source the trace's code maps into, from the build's AST. */
export interface ProgramCallable {
  id: number;
  source: ProgramSource;
  callable: Callable;
}

export interface FnFrame {
  id: number;
  parent: number;
  kind: 'external' | 'internal';
  /** The trace frame (external call) it runs in. */
  traceFrame: number;
  entryStep: number;
  exitStep: number;
  /** `Contract.function`, `Contract`, an address, or '' for a compiler-generated routine. */
  name: string;
  contract: string | undefined;
  /** The function definition's header (for its parameters), when known. */
  header: string | undefined;
  /** Not a frame of its own on the call stack: generated code, or the public function its external call shows. */
  hidden: boolean;
  /** The frame the call stack shows for it: itself, or for a hidden one the nearest visible caller. */
  visible: number;
  /** The ProgramCallable (AST) of the function it was named for, or -1 (not named, or the build has no AST). */
  callable: number;
}

export interface FrameCode {
  artifact: ContractArtifact | undefined;
  code: CompiledCode | undefined;
  address: string | undefined;
}

/** Per compiled code: the loc of each pc (-1 none) and its jump markers. */
interface PcTable {
  loc: Int32Array;
  jump: Uint8Array;
}

const built = new WeakMap<Trace, WeakMap<SourceFiles, Promise<Program>>>();

const DEFINITION =
  /^\s*(?:(contract|abstract\s+contract|library|interface)\b|(function)\s+([A-Za-z_$][\w$]*)|(constructor|fallback|receive)\b|(modifier)\s+([A-Za-z_$][\w$]*))/;
const HEADER_LIMIT = 2000;

export class Program {
  readonly sources: ProgramSource[] = [];
  readonly locs: Loc[] = [];
  readonly frames: FnFrame[] = [];
  /** The functions, modifiers and constructors of `sources`, where the build output kept their ASTs. */
  readonly callables: ProgramCallable[] = [];
  /** Per loc: the innermost ProgramCallable whose range holds its start, or -1 (see `callableOf`). */
  private locCallable = new Int32Array(0);
  /** Per step: loc id or -1. */
  readonly loc: Int32Array;
  /** Per step: the FnFrame it runs in. */
  readonly fn: Int32Array;
  /** Per step: the visible FnFrame it runs in (what stepping compares: a generated helper is part of its caller). */
  readonly vis: Int32Array;
  /** Per step: how many FnFrames enclose it (the step's function included). */
  readonly depth: Int32Array;
  /** Per step: 1 where a statement starts (its function was on another line before). */
  readonly entry: Uint8Array;
  /** Per step: the instruction's pc and the trace frame (external call) running it (the trace's own columns). */
  readonly pc: Int32Array;
  readonly traceFrame: Int32Array;
  /** Steps whose op is REVERT, and INVALID, ascending. */
  readonly reverts: number[] = [];
  readonly invalids: number[] = [];
  /** Steps whose op is KECCAK256 (mapping slots are found through them), ascending. */
  readonly hashes: number[] = [];
  /** Per trace frame. */
  readonly frameCode: FrameCode[];
  private readonly lineKeys = new Map<string, number>();

  private constructor(
    readonly trace: Trace,
    frameCode: FrameCode[],
    /** Why some enum values show as numbers (the sources' parse ran out of budget), or null. */
    readonly enumNote: string | null,
  ) {
    const n = trace.length;
    // Every step's loc is written by the scan.
    this.loc = new Int32Array(n);
    this.fn = new Int32Array(n);
    this.vis = new Int32Array(n);
    this.depth = new Int32Array(n);
    this.entry = new Uint8Array(n);
    ({ instructionPc: this.pc, frame: this.traceFrame } = trace.columns());
    this.frameCode = frameCode;
  }

  /**
   * `build`, once per trace and build (SourceFiles is one per build read): a second session on an open trace, or a
   * restart, reuses the index.
   */
  static cached(trace: Trace, sources: TraceSources | undefined, files: SourceFiles): Promise<Program> {
    let perBuild = built.get(trace);
    if (!perBuild) built.set(trace, (perBuild = new WeakMap()));
    let program = perBuild.get(files);
    if (!program) {
      perBuild.set(files, (program = Program.build(trace, sources, files)));
      program.catch(() => perBuild.delete(files));
    }
    return program;
  }

  /**
   * Indexes `trace`: each frame's code identified through `sources` (none: every step unmapped, frames named by
   * address), each code's source map read once, then one pass over the steps.
   */
  static async build(trace: Trace, sources: TraceSources | undefined, files: SourceFiles): Promise<Program> {
    const frameCode = await Promise.all(
      Array.from({ length: trace.frameCount() }, async (_, i): Promise<FrameCode> => {
        const callee = trace.frame(i).callee ?? undefined;
        if (!sources) return { artifact: undefined, code: undefined, address: callee };
        const { match, address } = await sources.frameMatch(i);
        return { artifact: match?.artifact, code: match?.code, address: address ?? callee };
      }),
    );
    const enumNote = await loadEnums(frameCode.flatMap((f) => (f.artifact && namesEnum(f.artifact) ? [f.artifact.sources] : [])));
    const program = new Program(trace, frameCode, enumNote);
    const tables = new Map<CompiledCode, PcTable>();
    for (const f of frameCode) {
      if (f.code && f.artifact && !tables.has(f.code)) tables.set(f.code, await program.pcTable(f.artifact, f.code, files));
    }
    program.excludeHeaders();
    program.indexCallables();
    program.scan(frameCode.map((f) => (f.code ? tables.get(f.code) : undefined)));
    return program;
  }

  /** The loc of every instruction of `code`. */
  private async pcTable(artifact: ContractArtifact, code: CompiledCode, files: SourceFiles): Promise<PcTable> {
    // Only the files this code maps into (a compilation may hold hundreds), read at once, then registered in order.
    const used = new Set<SourceFile>();
    for (let pc = 0; pc < code.bodyLength; pc++) {
      const file = artifact.sources.get(code.rangeAt(pc)?.file ?? -1);
      if (file) used.add(file);
    }
    const ordered = [...artifact.sources.values()].filter((f) => used.has(f));
    await Promise.all(ordered.map((f) => files.read(f)));
    const bySource = new Map<SourceFile, ProgramSource | undefined>();
    for (const file of ordered) bySource.set(file, await this.source(file, files));
    const byRange = new Map<string, number>();
    const loc = new Int32Array(code.bodyLength).fill(-1);
    for (let pc = 0; pc < code.bodyLength; pc++) {
      const range = code.rangeAt(pc);
      if (!range || range.file < 0) continue;
      const file = artifact.sources.get(range.file);
      const source = file && bySource.get(file);
      if (!source) continue;
      const key = `${source.id}:${range.start}:${range.length}`;
      let id = byRange.get(key);
      if (id === undefined) byRange.set(key, (id = this.addLoc(source, range.start, range.length)));
      loc[pc] = id;
    }
    return { loc, jump: jumpKinds(code) };
  }

  private readonly sourceByKey = new Map<string, ProgramSource>();
  private readonly byteIndex = new WeakMap<ProgramSource, (offset: number) => { line: number; character: number }>();

  private async source(file: SourceFile, files: SourceFiles): Promise<ProgramSource | undefined> {
    const read = await files.read(file);
    if (!read) return undefined;
    // Two verified contracts may each have a different file under the same name.
    const key = read.path ?? (file.verified ? `verified:${file.verified.address}:${file.sourceName}` : `compiled:${file.sourceName}`);
    let source = this.sourceByKey.get(key);
    if (!source) {
      source = {
        id: this.sources.length,
        sourceName: file.sourceName,
        path: read.path,
        ...(file.verified && { verified: file.verified }),
        text: read.text.text,
        lines: read.text.text.split(/\r\n|\r|\n/),
      };
      this.sources.push(source);
      this.sourceByKey.set(key, source);
      for (const callable of file.declarations?.callables ?? []) this.callables.push({ id: this.callables.length, source, callable });
      this.byteIndex.set(source, (offset) => read.text.position(offset));
    }
    return source;
  }

  private addLoc(source: ProgramSource, start: number, length: number): number {
    const position = this.byteIndex.get(source)!;
    const from = position(start);
    const to = position(start + length);
    const { header, end } = headerAt(source.lines, from.line, from.character);
    const m = DEFINITION.exec(header);
    const name = m ? (m[3] ?? m[4] ?? m[6]) : undefined;
    const lineKey = this.lineKey(source, from.line);
    const loc: Loc = {
      id: this.locs.length,
      source,
      line: from.line,
      column: from.character,
      endLine: to.line,
      endColumn: to.character,
      start,
      length,
      lineKey,
      steppable: !m,
      defines: name ? { name, header } : undefined,
      headerEnd: m ? end : undefined,
    };
    this.locs.push(loc);
    return loc.id;
  }

  /**
   * Parameters and return variables map code too (the return variable's zeroing, on entry to an internal function):
   * a stop there would show the function's header line before its first statement, so such ranges are not stepped on.
   */
  private excludeHeaders(): void {
    const headers = this.locs.filter((l) => l.headerEnd !== undefined);
    const before = (a: { line: number; column: number }, b: { line: number; column: number }) =>
      a.line < b.line || (a.line === b.line && a.column < b.column);
    for (const loc of this.locs) {
      if (!loc.steppable) continue;
      const at = { line: loc.line, column: loc.column };
      if (headers.some((h) => h.source === loc.source && !before(at, h) && before(at, h.headerEnd!))) loc.steppable = false;
    }
  }

  /** Each loc's innermost callable: once per loc (a few thousand), so the scan and every stop read an array. */
  private indexCallables(): void {
    const bySource = new Map<ProgramSource, ProgramCallable[]>();
    for (const c of this.callables) bySource.set(c.source, [...(bySource.get(c.source) ?? []), c]);
    this.locCallable = Int32Array.from(this.locs, (loc) => {
      const { start } = loc;
      let best: ProgramCallable | undefined;
      for (const c of bySource.get(loc.source) ?? []) {
        const { start: from, length } = c.callable;
        if (start >= from && start < from + length && (!best || length < best.callable.length)) best = c;
      }
      return best ? best.id : -1;
    });
  }

  /** The innermost function, modifier or constructor (by the AST) whose range holds where `loc` starts. */
  callableOf(loc: Pick<Loc, 'id'> | undefined): ProgramCallable | undefined {
    const at = loc && loc.id >= 0 && loc.id < this.locCallable.length ? this.locCallable[loc.id] : -1;
    return at >= 0 ? this.callables[at] : undefined;
  }

  /** The innermost callable holding byte `start` of `source`. */
  callableAt(source: ProgramSource, start: number): ProgramCallable | undefined {
    let best: ProgramCallable | undefined;
    for (const c of this.callables) {
      const { start: from, length } = c.callable;
      if (c.source === source && start >= from && start < from + length && (!best || length < best.callable.length)) best = c;
    }
    return best;
  }

  /** Where bytes `[start, start + length)` of `source` are (0-based, as a Loc has them). */
  positionOf(source: ProgramSource, start: number, length: number): Pick<Loc, 'line' | 'column' | 'endLine' | 'endColumn'> | undefined {
    const position = this.byteIndex.get(source);
    if (!position) return undefined;
    const [from, to] = [position(start), position(start + length)];
    return { line: from.line, column: from.character, endLine: to.line, endColumn: to.character };
  }

  lineKey(source: ProgramSource, line: number): number {
    const key = `${source.id}:${line}`;
    let id = this.lineKeys.get(key);
    if (id === undefined) this.lineKeys.set(key, (id = this.lineKeys.size));
    return id;
  }

  /** The line key of a line, or undefined when no code maps to it. */
  knownLineKey(source: ProgramSource, line: number): number | undefined {
    return this.lineKeys.get(`${source.id}:${line}`);
  }

  private frameName(traceFrame: number): { name: string; contract: string | undefined } {
    const code = this.frameCode[traceFrame];
    if (code.artifact) return { name: code.artifact.name, contract: code.artifact.name };
    return { name: code.address ?? `frame ${traceFrame}`, contract: undefined };
  }

  private push(
    kind: FnFrame['kind'],
    parent: number,
    traceFrame: number,
    step: number,
    name: string,
    contract: string | undefined,
    header: string | undefined,
    hidden: boolean,
    callable = -1,
  ): number {
    const id = this.frames.length;
    const visible = hidden && parent >= 0 ? this.frames[parent].visible : id;
    this.frames.push({ id, parent, kind, traceFrame, entryStep: step, exitStep: step, name, contract, header, hidden, visible, callable });
    return id;
  }

  private scan(tables: Array<PcTable | undefined>): void {
    const t = this.trace;
    const stack: number[] = [];
    /** Per FnFrame (one entry each, so the array stays packed): the line key its visible frame was last on. */
    const lastKey: number[] = [];
    /** Per external FnFrame: whether its public function was named. */
    const isNamed: boolean[] = [];
    // One pass over the trace's columns (a row object per step costs more than the pass), with what changes only at
    // a call or return (the code's tables, the function, its depth) in locals.
    const { instructionPc, frame: stepFrame, op, opNames } = t.columns();
    const [JUMP, JUMPI, JUMPDEST, REVERT, INVALID, KECCAK256, SHA3] = [
      'JUMP',
      'JUMPI',
      'JUMPDEST',
      'REVERT',
      'INVALID',
      'KECCAK256',
      'SHA3',
    ].map((name) => opNames.indexOf(name));
    /** Per FnFrame: the callable of its last step that mapped into one, and the foreign code it is running (-1 none). */
    const lastHolder: number[] = [];
    const sharedRun: number[] = [];
    const { locCallable } = this;
    /** The family of the last callable asked for (most steps ask for the same one as the step before). */
    let familyOf = -2;
    let family = new Set<number>();
    const [jumpIn, jumpOut] = [JUMP_IN, JUMP_OUT];
    /** Per loc: its line key where stepping stops on it, else -1. */
    const stopKey = Int32Array.from(this.locs, (l) => (l.steppable ? l.lineKey : -1));
    const { fn: fnOf, vis: visOf, depth: depthOf, loc: locOf, entry } = this;
    let prevFrame = -1;
    let prevPc = -1;
    let prevOp = -1;
    let pcLoc: Int32Array | undefined;
    let pcJump: Uint8Array | undefined;
    let fnId = -1;
    let vis = -1;
    let depth = 0;
    const open = (id: number) => {
      stack.push(id);
      lastKey.push(-1);
      lastHolder.push(-1);
      sharedRun.push(-1);
    };
    const enter = () => {
      fnId = stack[stack.length - 1];
      vis = this.frames[fnId].visible;
      depth = stack.length;
    };
    for (let s = 0; s < t.length; s++) {
      const frame = stepFrame[s];
      const pc = instructionPc[s];
      if (frame !== prevFrame) {
        ({ loc: pcLoc, jump: pcJump } = tables[frame] ?? { loc: undefined, jump: undefined });
        const isChild = prevFrame >= 0 && t.frame(frame).parent === prevFrame;
        if (!isChild)
          while (stack.length && this.frames[stack[stack.length - 1]].traceFrame !== frame) this.frames[stack.pop()!].exitStep = s - 1;
        // A native call (precompile, system contract) ran no code: its one entry stays in its caller's function,
        // so it is never a stack frame of its own that stepping could enter.
        if ((isChild && !t.frame(frame).native) || stack.length === 0) {
          const { name, contract } = this.frameName(frame);
          open(this.push('external', stack.length ? stack[stack.length - 1] : -1, frame, s, name, contract, undefined, false));
        }
        enter();
      } else if (prevOp === JUMP && pcJump && prevPc >= 0 && prevPc < pcJump.length) {
        const kind = pcJump[prevPc];
        const top = this.frames[fnId];
        if (kind === jumpIn) {
          const at = pcLoc && pc < pcLoc.length ? pcLoc[pc] : -1;
          const entered = at >= 0 ? this.locs[at].defines : undefined;
          const contract = this.frameCode[frame].artifact?.name;
          // The AST's definition that starts where the entry's range does: the function the frame is named for.
          const definition = entered ? this.callableOf(this.locs[at]) : undefined;
          let callable = definition && definition.callable.start === this.locs[at].start ? definition.id : -1;
          // The optimizer keeps one copy of functions whose code is the same: the call names the one that runs.
          const site = pcLoc && prevPc >= 0 && prevPc < pcLoc.length ? pcLoc[prevPc] : -1;
          const called = entered && callable >= 0 && site >= 0 ? this.calledAt(this.locs[site], callable) : undefined;
          const def = called === undefined ? entered : called ? { name: called.callable.name, header: this.headerOf(called) } : undefined;
          if (called !== undefined) callable = called ? called.id : -1;
          const name = def ? `${contract}.${def.name}` : '';
          // The external call's public function is that call's frame on the stack; it is not shown twice.
          const merged = def !== undefined && top.kind === 'external' && !isNamed[top.id];
          if (merged) {
            isNamed[top.id] = true;
            top.name = name;
            top.header = def.header;
            top.callable = callable;
          }
          open(this.push('internal', top.id, frame, s, name, contract, def?.header, merged || !def, callable));
          enter();
          // The shared copy's lines are another function's: not this frame's places.
          if (called !== undefined && definition) sharedRun[fnId] = definition.id;
        } else if (kind === jumpOut && top.kind === 'internal') {
          this.frames[stack.pop()!].exitStep = s - 1;
          enter();
        }
      }
      const top = this.frames[fnId];
      // A constructor runs inline in its creation code: the creation's frame is its call, named when its code starts.
      if (top.kind === 'external' && top.header === undefined && pcLoc && pc < pcLoc.length && pcLoc[pc] >= 0) {
        const def = this.locs[pcLoc[pc]].defines;
        if (def?.name === 'constructor' && this.frameCode[frame].code === this.frameCode[frame].artifact?.creation) {
          top.name = `${top.contract}.constructor`;
          top.header = def.header;
          // An internal function the constructor calls is a frame of its own, not the creation's name.
          isNamed[top.id] = true;
          const ctor = this.callableOf(this.locs[pcLoc[pc]]);
          if (ctor?.callable.kind === 'constructor') top.callable = ctor.id;
        }
      }
      fnOf[s] = fnId;
      visOf[s] = vis;
      depthOf[s] = depth;
      let loc = pcLoc && pc < pcLoc.length ? pcLoc[pc] : -1;
      const holder = loc >= 0 ? locCallable[loc] : -1;
      if (holder >= 0) {
        // Code the optimizer shares among functions maps to the one it was first written for: entered by a jump
        // from another function's code (or by the return from a call, to a shared continuation), it is not that
        // function's line: it runs for this frame's function, and is not stopped on.
        // A generated helper (a hidden frame) runs for its visible caller's function.
        const owner = this.frames[fnId].callable < 0 && this.frames[fnId].hidden ? vis : fnId;
        const ref = this.frames[owner].callable >= 0 ? this.frames[owner].callable : lastHolder[owner];
        const plainJump =
          frame === prevFrame &&
          (prevOp === JUMP || prevOp === JUMPI) &&
          op[s] === JUMPDEST &&
          // A jump into a function is a call, except into a routine the compiler generated (one copy for all).
          (owner !== fnId || !(pcJump && prevPc >= 0 && prevPc < pcJump.length && pcJump[prevPc] === jumpIn));
        if (ref !== familyOf) [familyOf, family] = [ref, this.family(ref)];
        const foreign = ref >= 0 && !family.has(holder);
        // A routine the compiler generated once for all its uses maps to the first: that is not its caller's line.
        if (foreign && owner !== fnId) loc = -1;
        else if (sharedRun[owner] >= 0 && !family.has(holder)) loc = -1;
        else if (plainJump && foreign) {
          sharedRun[owner] = holder;
          loc = -1;
        } else {
          sharedRun[owner] = -1;
          lastHolder[owner] = holder;
        }
      }
      locOf[s] = loc;
      const key = loc >= 0 ? stopKey[loc] : -1;
      if (key >= 0 && lastKey[vis] !== key) {
        entry[s] = 1;
        lastKey[vis] = key;
      }
      const o = op[s];
      if (o === REVERT) this.reverts.push(s);
      else if (o === INVALID) this.invalids.push(s);
      else if (o === KECCAK256 || o === SHA3) this.hashes.push(s);
      prevFrame = frame;
      prevPc = pc;
      prevOp = o;
    }
    for (const id of stack) this.frames[id].exitStep = t.length - 1;
  }

  /** The Loc of `step`, if its instruction maps to Solidity. */
  locAt(step: number): Loc | undefined {
    const id = this.loc[step];
    return id >= 0 ? this.locs[id] : undefined;
  }

  /** Where `step` is in the Solidity, or for generated code the statement of its function that ran last before. */
  placeOf(step: number): Loc | undefined {
    // Code without build output maps nowhere: nothing to look back for.
    if (!this.frameCode[this.traceFrame[step]].code) return undefined;
    const revert = this.revertStep(step);
    if (revert !== undefined) return this.locAt(revert);
    const last = this.lastSteppable(step, () => true);
    return last === undefined ? this.locAt(step) : this.locAt(last);
  }

  /** The last step of `step`'s visible function, back from `step`, that maps to a statement `wanted` accepts. */
  private lastSteppable(step: number, wanted: (loc: Loc) => boolean): number | undefined {
    const vis = this.vis[step];
    const entry = this.frames[vis].entryStep;
    for (let s = step; s >= entry; s--) {
      if (this.vis[s] !== vis) continue;
      const loc = this.locAt(s);
      if (loc?.steppable && wanted(loc)) return s;
    }
    return undefined;
  }

  /**
   * For a REVERT or INVALID step, the step that places it: the last statement that ran in the function (or
   * modifier) that reverted. The legacy optimizer shares one revert routine among functions, and its source map
   * names whichever function it was first written for (another function, in another file): when the revert's
   * statement was entered by a jump from a statement of another function, that statement places it. IR code, whose
   * functions are inlined rather than jumped to, is placed by its last statement. Code that maps no statement is
   * placed by the last step inside a function at all (its definition). Undefined for any other step.
   */
  revertStep(step: number): number | undefined {
    const o = this.opAt(step);
    if (o !== 'REVERT' && o !== 'INVALID') return undefined;
    const last = this.lastSteppable(step, () => true);
    if (last === undefined) return this.lastInFunction(step);
    const artifact = this.frameCode[this.traceFrame[step]].artifact;
    if (!artifact || isViaIr(pipelineOf(artifact.metadata))) return last;
    const shared = this.sharedFrom(last);
    return shared === undefined ? last : (this.lastSteppable(shared, () => true) ?? last);
  }

  /**
   * Where the statement `step` is in was jumped into from another function's statement (code the optimizer shares):
   * the jump's step. Undefined when the statement was reached otherwise (it is its own).
   */
  private sharedFrom(step: number): number | undefined {
    const vis = this.vis[step];
    const key = this.locAt(step)!.lineKey;
    const holder = this.callableOf(this.locAt(step));
    const entry = this.frames[vis].entryStep;
    let first = step;
    for (let s = step - 1; s >= entry; s--) {
      if (this.vis[s] !== vis) continue;
      const loc = this.locAt(s);
      if (loc && loc.lineKey !== key) {
        const from = this.callableOf(loc);
        const jumped = (this.opAt(first - 1) === 'JUMP' || this.opAt(first - 1) === 'JUMPI') && this.opAt(first) === 'JUMPDEST';
        return jumped && from && holder && from.id !== holder.id ? first - 1 : undefined;
      }
      if (loc) first = s;
    }
    return undefined;
  }

  /** The last step of `step`'s visible function, back from `step`, that maps inside any function. */
  private lastInFunction(step: number): number | undefined {
    const vis = this.vis[step];
    for (let s = step; s >= this.frames[vis].entryStep; s--) if (this.vis[s] === vis && this.callableOf(this.locAt(s))) return s;
    return undefined;
  }

  /**
   * Where a call's code (`site`, the instruction before the jump into a function) names another function than
   * `entered`, the one the jump entered (the optimizer kept one copy of both): that function when the sources have
   * exactly one of its name, else null (which one ran is not known). Undefined when the site names `entered`, or is
   * no call the text tells.
   */
  private calledAt(site: Loc, entered: number): ProgramCallable | null | undefined {
    const text = site.source.lines[site.line]?.slice(site.column, site.column + 200) ?? '';
    const callee = /^\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)*([A-Za-z_$][\w$]*)\s*(?:\{[^}]*\}\s*)?\(/.exec(text)?.[1];
    const want = this.callables[entered].callable;
    if (callee === undefined || callee === want.name) return undefined;
    const named = this.callables.filter((c) => c.callable.kind === 'function' && c.callable.name === callee);
    // A call through a function pointer or to a constructor names no function of the sources.
    if (named.length === 0) return undefined;
    return named.length === 1 && named[0].callable.params.length === want.params.length ? named[0] : null;
  }

  /** A function's header text (its parameters), from its source. */
  private headerOf(c: ProgramCallable): string {
    const at = this.positionOf(c.source, c.callable.start, 0);
    return at ? headerAt(c.source.lines, at.line, at.column).header : '';
  }

  private readonly families = new Map<number, Set<number>>();

  /** A callable with the modifiers it invokes (by the AST ids its header names): code inlined into one function. */
  private family(id: number): Set<number> {
    let family = this.families.get(id);
    if (!family) {
      family = new Set([id]);
      for (const m of this.callables[id]?.callable.modifiers ?? []) {
        const found = this.callables.filter((c) => c.callable.kind === 'modifier' && c.callable.id === m);
        if (found.length === 1) family.add(found[0].id);
      }
      this.families.set(id, family);
    }
    return family;
  }

  private opAt(step: number): string | undefined {
    const { op, opNames } = this.trace.columns();
    return opNames[op[step]];
  }

  /** The visible call stack at `step`, innermost first: each frame with the step it is at. */
  callStack(step: number): Array<{ frame: FnFrame; step: number }> {
    const out: Array<{ frame: FnFrame; step: number }> = [];
    let at = step;
    for (let id = this.fn[step]; id >= 0;) {
      const f = this.frames[id];
      if (!f.hidden) {
        out.push({ frame: f, step: at });
        // The caller is where it made this call.
        at = f.entryStep > 0 ? f.entryStep - 1 : 0;
      }
      id = f.parent;
    }
    return out;
  }

  /** The FnFrame whose entry the user thinks of for `step`: its innermost visible frame. */
  visibleFrame(step: number): FnFrame {
    return this.frames[this.vis[step]];
  }

  /** How many FnFrames enclose the visible frame of `step` (stepping out goes below this). */
  visibleDepth(step: number): number {
    const visible = this.visibleFrame(step);
    let d = 0;
    for (let id: number = visible.id; id >= 0; id = this.frames[id].parent) d++;
    return d;
  }
}

/** The text from (line, column) on, up to the first `{` or `;` (a definition's header), bounded; and where it ends. */
function headerAt(lines: readonly string[], line: number, column: number): { header: string; end: { line: number; column: number } } {
  let text = '';
  let l = line;
  for (; l < lines.length && text.length < HEADER_LIMIT; l++) {
    const from = l === line ? column : 0;
    const part = lines[l].slice(from);
    const stop = part.search(/[{;]/);
    if (stop >= 0) return { header: text + part.slice(0, stop), end: { line: l, column: from + stop } };
    text += part + '\n';
  }
  // No end in sight: the header covers nothing, so no range is taken for part of it.
  return { header: text.slice(0, HEADER_LIMIT), end: { line, column } };
}

/**
 * Whether the Variables view may show a value of this contract as an enum (its storage layout or ABI names one):
 * only then are its sources parsed for members, off this thread (enum-reader.ts); what runs out of budget shows as
 * a number.
 */
function namesEnum(artifact: ContractArtifact): boolean {
  const abi = abiOfMetadata(artifact.metadata);
  return [...(artifact.storageLayout?.types.values() ?? [])].some((t) => isEnumType(t.label)) || (Array.isArray(abi) && mentionsEnum(abi));
}
