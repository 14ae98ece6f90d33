// Where each Solidity local lives on the stack, for every step of a trace (solc's legacy code generator keeps a
// variable at one stack slot from its declaration to the end of its scope). Built once per Program in one pass over
// the steps, into typed columns. The pass runs as far as a question needs (a step's locals depend on no later step),
// and the rest of it in the background in slices, so the first stop of a long trace does not wait for the whole
// trace, nor a later request for more than what is left:
// - a function's activation starts at the jump into it (the Program's frames); its parameters sit just below the
//   stack height there (the last on top);
// - a return variable or local gets its slot where the source map first names its declaration in that activation
//   (the code that pushes its initial value): the slot is the stack height before that instruction;
// - it leaves scope when the activation's stack drops to its slot (the block's end pops it), or with the activation.
// The IR pipeline moves variables between slots; its code is not read this way (see `pipeline` below).
import { stackSize, type Callable, type Declaration, type SourceDeclarations } from '../../core/locals/declarations';
import { pipelineOf, type Pipeline } from '../../core/locals/pipeline';
import type { ContractArtifact } from '../../core/sourcemap/artifacts';
import type { CompiledCode } from '../../core/sourcemap/compiled-code';
import type { StackLog } from '../../core/trace/stacks';
import type { Program } from '../../core/sourcemap/program';

export type Role = 'argument' | 'return' | 'local';

/** A variable of an activation at one step: where it is on the stack (0 = bottom). */
export interface SlotVariable {
  decl: Declaration;
  role: Role;
  slot: number;
  /** Stack items it takes (2 for calldata arrays, bytes and strings: offset and length). */
  size: number;
  /** The structs its source defines, to decode struct types. */
  structs: SourceDeclarations['structs'];
}

export interface Activation {
  fn: number;
  callable: Callable;
  variables: SlotVariable[];
}

/** What locals a step has, or why none can be read. */
export type LocalsAt = Activation | { unavailable: string };

/** Where a step is in the source: the source's key and a byte offset. */
export interface Place {
  source: number;
  start: number;
}

interface OwnedDeclaration {
  decl: Declaration;
  role: Role;
  callable: number;
}

export interface KnownCallable {
  callable: Callable;
  sourceKey: number;
  structs: SourceDeclarations['structs'];
}

/** Per compiled code, per pc: the declaration and callable its source range is exactly, and where it starts. */
interface PcDeclarations {
  decl: Int32Array;
  callable: Int32Array;
  source: Int32Array;
  start: Int32Array;
}

const NONE = -1;
/** How far back a step looks for the statement it is in (generated code between statements maps nowhere). */
const PLACE_LOOKBACK = 4096;
/** Steps the background pass scans at a time (a few milliseconds: requests in between wait no longer). */
const SLICE = 1 << 16;

class Growing {
  data = new Int32Array(64);
  length = 0;
  push(v: number): number {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length] = v;
    return this.length++;
  }
}

export class LocalSlots {
  private readonly callables: KnownCallable[] = [];
  private readonly decls: OwnedDeclaration[] = [];
  private readonly byKey = new Map<string, { decl: number; callable: number }>();
  private readonly sourceKeys = new Map<string, number>();
  /** Per FnFrame: the callable it runs (-1 none) and the stack height at its entry. */
  private readonly actCallable: Int32Array;
  private readonly actHeight: Int32Array;
  /** Per FnFrame: its first declaration event (-1 none); events chain on through `evNext`, ascending by step. */
  private readonly actFirst: Int32Array;
  private readonly evStep = new Growing();
  private readonly evDecl = new Growing();
  private readonly evSlot = new Growing();
  private readonly evKill = new Growing();
  private readonly evNext = new Growing();
  /** Per trace frame: the code generator that wrote its code. */
  private readonly pipelines: Pipeline[];
  /** Modifier callables by AST id (-2 where two share an id: builds from different compilations). */
  private readonly modifierIds = new Map<number, number>();
  /** Per trace frame's code: the declarations table, when the code's build has ASTs. */
  private readonly tables: Array<PcDeclarations | undefined>;
  /** Per trace frame: the constructor its creation code runs (-1 none, or one this index does not follow). */
  private readonly constructors: Int32Array | number[];
  private readonly why: string | undefined;
  /** The pass: stack heights per step, the next step to scan, and per activation its live events (innermost last). */
  private heights: Int32Array | undefined;
  private scanned = 0;
  private readonly live: Array<number[] | undefined>;
  private readonly lastEvent: Int32Array;
  private prevFn = NONE;

  private constructor(private readonly program: Program) {
    const n = program.frames.length;
    this.actCallable = new Int32Array(n).fill(NONE);
    this.actHeight = new Int32Array(n);
    this.actFirst = new Int32Array(n).fill(NONE);
    this.live = new Array<number[] | undefined>(n);
    this.lastEvent = new Int32Array(n).fill(NONE);
    this.pipelines = program.frameCode.map(({ artifact }) => (artifact ? pipelineOf(artifact.metadata) : 'legacy'));
    const perCode = new Map<CompiledCode, PcDeclarations | undefined>();
    this.tables = program.frameCode.map(({ artifact, code }) => {
      if (!artifact || !code) return undefined;
      if (!perCode.has(code)) perCode.set(code, this.table(artifact, code));
      return perCode.get(code);
    });
    this.constructors = program.frameCode.map(({ artifact, code }) =>
      artifact && code && code === artifact.creation ? this.constructorOf(artifact) : NONE,
    );
    const store = (program.trace as { store?: () => { stacks: StackLog } }).store?.();
    if (!program.trace.summary.parts.stack || !store) this.why = 'The trace was fetched without the stack: locals are read from it.';
    else if (this.tables.every((t) => t === undefined))
      this.why = program.frameCode.some((f) => f.artifact?.from === 'artifact')
        ? "Foundry's out/ artifacts hold no AST, which locals are found through: set `ast = true` in foundry.toml (or `build_info = true`) and run `forge build --force`."
        : program.frameCode.every((f) => !f.artifact || f.artifact.verified)
          ? // Sources from a verification server come without the compiler's AST; there is no build output to blame.
            "The verification server's answer has no AST (only sources and source maps): locals are found through it. Arguments, Storage and Globals are shown."
          : 'The build output has no AST (solc output selection `ast`): locals are found through it.';
    else this.heights = store.stacks.heights();
  }

  private static readonly built = new WeakMap<Program, LocalSlots>();

  /** The index of `program`, made on first use; its pass over the steps then goes on in the background. */
  static of(program: Program): LocalSlots {
    let slots = LocalSlots.built.get(program);
    if (!slots) {
      LocalSlots.built.set(program, (slots = new LocalSlots(program)));
      slots.inBackground();
    }
    return slots;
  }

  /**
   * The constructor of a creation code's own contract, when its activation can be followed: without modifiers,
   * whose arguments would sit between its own and its locals.
   */
  private constructorOf(artifact: ContractArtifact): number {
    const key = this.sourceKeys.get(artifact.sourceName);
    const found = this.callables.findIndex(
      (k) => k.sourceKey === key && k.callable.kind === 'constructor' && k.callable.contract === artifact.name,
    );
    return found >= 0 && this.callables[found].callable.modifiers.length === 0 && this.callables[found].callable.bodyStart >= 0
      ? found
      : NONE;
  }

  /** Scans a slice, then yields to whatever waits (requests), until the pass is done. */
  private inBackground(): void {
    if (!this.heights || this.scanned >= this.program.trace.length) return;
    setImmediate(() => {
      this.scanTo(this.scanned + SLICE - 1);
      this.inBackground();
    }).unref();
  }

  private sourceKey(name: string): number {
    let key = this.sourceKeys.get(name);
    if (key === undefined) this.sourceKeys.set(name, (key = this.sourceKeys.size));
    return key;
  }

  private table(artifact: ContractArtifact, code: CompiledCode): PcDeclarations | undefined {
    const files = [...artifact.sources.values()].filter((f) => f.declarations);
    if (files.length === 0) return undefined;
    for (const file of files) {
      if (!file.declarations || this.sourceKeys.has(file.sourceName)) continue;
      const sourceKey = this.sourceKey(file.sourceName);
      for (const callable of file.declarations.callables) {
        const id = this.callables.push({ callable, sourceKey, structs: file.declarations.structs }) - 1;
        if (callable.kind === 'modifier') this.modifierIds.set(callable.id, this.modifierIds.has(callable.id) ? -2 : id);
        this.byKey.set(`${sourceKey}:${callable.start}:${callable.length}`, { decl: NONE, callable: id });
        const own = (decl: Declaration, role: Role) => {
          if (decl.start < 0) return;
          const index = this.decls.push({ decl, role, callable: id }) - 1;
          this.byKey.set(`${sourceKey}:${decl.start}:${decl.length}`, { decl: index, callable: NONE });
        };
        callable.returns.forEach((d) => own(d, 'return'));
        callable.locals.forEach((d) => own(d, 'local'));
      }
    }
    const n = code.bodyLength;
    const out: PcDeclarations = {
      decl: new Int32Array(n).fill(NONE),
      callable: new Int32Array(n).fill(NONE),
      source: new Int32Array(n).fill(NONE),
      start: new Int32Array(n).fill(NONE),
    };
    for (let pc = 0; pc < n; pc++) {
      const range = code.rangeAt(pc);
      const file = range && range.file >= 0 ? artifact.sources.get(range.file) : undefined;
      if (!range || !file?.declarations) continue;
      const sourceKey = this.sourceKey(file.sourceName);
      out.source[pc] = sourceKey;
      out.start[pc] = range.start;
      const hit = this.byKey.get(`${sourceKey}:${range.start}:${range.length}`);
      if (hit) {
        out.decl[pc] = hit.decl;
        out.callable[pc] = hit.callable;
      }
    }
    return out;
  }

  /** The pass, up to `last` (inclusive) from where it stopped: activations, declaration events and their ends. */
  private scanTo(last: number): void {
    const height = this.heights;
    const p = this.program;
    const steps = p.trace.length;
    const until = Math.min(last, steps - 1);
    if (!height || this.scanned > until) return;
    const { fn, pc, traceFrame, frames } = p;
    const { live, tables } = this;
    const postOp = p.trace.summary.pcConvention === 'post-op';
    const before = (s: number) => (postOp ? (s > 0 && traceFrame[s - 1] === traceFrame[s] ? height[s - 1] : NONE) : height[s]);
    const after = (s: number) => (postOp ? height[s] : s + 1 < steps && traceFrame[s + 1] === traceFrame[s] ? height[s + 1] : NONE);
    let prevFn = this.prevFn;
    for (let s = this.scanned; s <= until; s++) {
      const f = fn[s];
      const table = tables[traceFrame[s]];
      if (!table) {
        prevFn = f;
        continue;
      }
      const at = pc[s];
      const frame = frames[f];
      if (f !== prevFn && s === frame.entryStep && frame.kind === 'internal' && at < table.callable.length) {
        const callable = table.callable[at];
        const h = before(s);
        if (callable !== NONE && h !== NONE) {
          this.actCallable[f] = callable;
          this.actHeight[f] = h;
          live[f] = [];
        }
      }
      prevFn = f;
      const ctor = this.constructors[traceFrame[s]];
      if (ctor !== NONE && frame.kind === 'external' && this.actCallable[f] === NONE && this.inBody(table, at, ctor)) {
        // A constructor is inlined in its creation code (no jump into it): its activation starts at its body's first
        // instruction, its arguments (decoded from the end of the init code) just below the stack there.
        const h = before(s);
        if (h !== NONE) {
          this.actCallable[f] = ctor;
          this.actHeight[f] = h;
          live[f] = [];
        }
      }
      const open = live[f];
      if (!open) continue;
      const d = at < table.decl.length ? table.decl[at] : NONE;
      if (d !== NONE) this.declare(s, d, f, open, frame.exitStep, before(s));
      const h = after(s);
      const slot = this.evSlot.data;
      while (h !== NONE && open.length && slot[open[open.length - 1]] >= h) this.evKill.data[open.pop()!] = s;
      if (s === frame.exitStep) live[f] = undefined;
    }
    this.prevFn = prevFn;
    this.scanned = until + 1;
  }

  /** A declaration's code ran in activation `f` at step `s` (stack height `h` before it): its variable's slot. */
  private declare(s: number, d: number, f: number, open: number[], exitStep: number, h: number): void {
    if (h === NONE || !this.ownedBy(d, this.actCallable[f]) || open.some((e) => this.evDecl.data[e] === d)) return;
    const e = this.evStep.push(s);
    this.evDecl.push(d);
    this.evSlot.push(h);
    this.evKill.push(exitStep + 1);
    this.evNext.push(NONE);
    if (this.lastEvent[f] === NONE) this.actFirst[f] = e;
    else this.evNext.data[this.lastEvent[f]] = e;
    this.lastEvent[f] = e;
    open.push(e);
  }

  /** Whether `pc` maps into the body of callable `id`. */
  private inBody(table: PcDeclarations, pc: number, id: number): boolean {
    const { callable, sourceKey } = this.callables[id];
    const start = pc < table.start.length ? table.start[pc] : NONE;
    return table.source[pc] === sourceKey && start >= callable.bodyStart && start < callable.start + callable.length;
  }

  /** Whether a declaration belongs to the activation's function or to a modifier (whose code is inlined in it). */
  private ownedBy(decl: number, callable: number): boolean {
    const owner = this.decls[decl].callable;
    return owner === callable || this.callables[owner].callable.kind === 'modifier';
  }

  /** The activation a step's locals belong to: its function, or the Solidity function a generated routine serves. */
  private activationOf(step: number): number {
    this.scanTo(step);
    for (let id = this.program.fn[step]; id >= 0; id = this.program.frames[id].parent) {
      if (this.actCallable[id] !== NONE) return id;
      if (this.program.frames[id].kind === 'external') break;
    }
    return NONE;
  }

  /**
   * Where `step` is in its activation's source (source and byte offset): the last step of the activation that maps
   * into its function or one of its modifiers. Generated code maps nowhere, and the optimizer shares code between
   * functions (one `emit` for several), which maps to wherever it was first written.
   */
  private placeOf(step: number, act: number, known: KnownCallable): Place | undefined {
    const { fn, pc, traceFrame, frames } = this.program;
    // The function and its modifiers, which may be defined in other sources (a base contract's `onlyOwner`).
    const ranges = [
      known,
      ...known.callable.modifiers.flatMap((id) => {
        const m = this.modifier(id);
        return m ? [m] : [];
      }),
    ];
    const entry = frames[act].entryStep;
    for (let s = step; s >= entry && s > step - PLACE_LOOKBACK; s--) {
      if (fn[s] !== act) continue;
      const table = this.tables[traceFrame[s]];
      const at = pc[s];
      if (!table || at >= table.start.length) continue;
      const [source, start] = [table.source[at], table.start[at]];
      if (ranges.some((k) => k.sourceKey === source && start >= k.callable.start && start < k.callable.start + k.callable.length))
        return { source, start };
    }
    return undefined;
  }

  /** The modifier with AST id `id`, when this index knows exactly one. */
  modifier(id: number): KnownCallable | undefined {
    const m = this.modifierIds.get(id);
    return m !== undefined && m >= 0 ? this.callables[m] : undefined;
  }

  /** The activation `step` runs in (the function's frame, its callable) and where the step is in its source. */
  activation(step: number): { fn: number; known: KnownCallable; place: Place | undefined } | undefined {
    if (this.why) return undefined;
    const act = this.activationOf(step);
    if (act === NONE) return undefined;
    const known = this.callables[this.actCallable[act]];
    return { fn: act, known, place: this.placeOf(step, act, known) };
  }

  /**
   * The innermost function or modifier of the source the code at `step` (or, for generated code, the last step
   * before it in the same call) maps into: what the IR pipeline's code, which inlines modifiers, tells.
   */
  innermost(step: number): { known: KnownCallable; place: Place } | undefined {
    const { pc, traceFrame } = this.program;
    const frame = traceFrame[step];
    const table = this.tables[frame];
    if (!table) return undefined;
    for (let s = step; s >= 0 && traceFrame[s] === frame && s > step - PLACE_LOOKBACK; s--) {
      const at = pc[s];
      if (at >= table.source.length || table.source[at] === NONE) continue;
      const place = { source: table.source[at], start: table.start[at] };
      const known = this.innermostAt(place);
      if (known) return { known, place };
    }
    return undefined;
  }

  /** Per place (`source:start`), the innermost callable holding it: a stop asks again at every step it looks back. */
  private readonly innermostCache = new Map<string, KnownCallable | undefined>();

  private innermostAt(place: Place): KnownCallable | undefined {
    const key = `${place.source}:${place.start}`;
    if (!this.innermostCache.has(key))
      this.innermostCache.set(
        key,
        this.callables
          .filter(
            (k) => k.sourceKey === place.source && place.start > k.callable.start && place.start < k.callable.start + k.callable.length,
          )
          .sort((a, b) => a.callable.length - b.callable.length)[0],
      );
    return this.innermostCache.get(key);
  }

  /** Return variables and locals as the scan saw their slots pushed (code the optimizer left as generated). */
  private seen(act: number, step: number, place: Place | undefined, variables: SlotVariable[]): void {
    const inside = (c: Callable) => place !== undefined && place.start >= c.start && place.start < c.start + c.length;
    for (let e = this.actFirst[act]; e !== NONE && this.evStep.data[e] <= step; e = this.evNext.data[e]) {
      if (this.evKill.data[e] <= step) continue;
      const { decl, role, callable } = this.decls[this.evDecl.data[e]];
      const owner = this.callables[callable];
      // A modifier's locals stay on the stack under the function body; they are in scope only in the modifier.
      if (owner.sourceKey !== place?.source || !inside(owner.callable)) continue;
      variables.push({ decl, role, slot: this.evSlot.data[e], size: stackSize(decl.type), structs: owner.structs });
    }
  }

  /**
   * Return variables and locals where the code generator lays them out (the optimizer moves and merges the pushes
   * the scan looks for, not the layout): return variables above the arguments, then each modifier's arguments and
   * the locals it has in scope at its `_`, then the function's locals, each above those declared before it in the
   * blocks around it. A local shows once its declaration statement is done, while the step is in its block.
   */
  private laidOut(known: KnownCallable, entry: number, place: Place | undefined, variables: SlotVariable[]): void {
    const { callable, structs } = known;
    let top = entry;
    for (const decl of callable.returns) {
      const size = stackSize(decl.type);
      variables.push({ decl, role: 'return', slot: top, size, structs });
      top += size;
    }
    if (!place) return;
    const locals = (c: Callable, base: number, owner: KnownCallable) => {
      for (const local of c.locals) {
        if (place.start >= local.declaredAt && place.start >= local.scopeStart && place.start < local.scopeEnd) {
          variables.push({ decl: local, role: 'local', slot: base + local.offset, size: stackSize(local.type), structs: owner.structs });
        }
      }
    };
    const within = (k: KnownCallable) =>
      k.sourceKey === place.source && place.start >= k.callable.start && place.start < k.callable.start + k.callable.length;
    const layout = this.modifierLayout(known, entry);
    // A modifier this build does not know, or one invoked twice: where the function's locals start is not known.
    if (!layout) return;
    for (const { modifier, params } of layout) {
      const base = params + modifier.callable.params.reduce((n, p) => n + stackSize(p.type), 0);
      if (within(modifier)) return locals(modifier.callable, base, modifier);
      top = base + modifier.callable.placeholder!;
    }
    if (within(known)) locals(callable, top, known);
  }

  /**
   * Where the code generator puts each modifier's arguments (their first stack slot) for an activation whose stack
   * height at entry is `entry`: above the return variables, then above each earlier modifier's arguments and the
   * locals it has at its `_`. Undefined for a modifier this build does not know, or one invoked twice.
   */
  modifierLayout(known: KnownCallable, entry: number): Array<{ modifier: KnownCallable; params: number }> | undefined {
    const { callable } = known;
    let top = entry + callable.returns.reduce((n, d) => n + stackSize(d.type), 0);
    const out: Array<{ modifier: KnownCallable; params: number }> = [];
    for (const id of callable.modifiers) {
      const modifier = this.modifier(id);
      if (!modifier || modifier.callable.placeholder === undefined || callable.modifiers.filter((x) => x === id).length > 1)
        return undefined;
      out.push({ modifier, params: top });
      top += modifier.callable.params.reduce((n, p) => n + stackSize(p.type), 0) + modifier.callable.placeholder;
    }
    return out;
  }

  /** The functions named `contract.name` that invoke modifier `id` (one, in a single build). */
  guarding(id: number, contract: string | undefined, name: string): KnownCallable[] {
    return this.callables.filter((k) => k.callable.contract === contract && k.callable.name === name && k.callable.modifiers.includes(id));
  }

  /** The functions named `name` whose parameters have these names, in any contract (a function and its overrides). */
  functionsNamed(name: string, params: readonly string[]): KnownCallable[] {
    return this.callables.filter(
      (k) =>
        k.callable.kind === 'function' &&
        k.callable.name === name &&
        k.callable.params.length === params.length &&
        k.callable.params.every((p, i) => p.name === params[i]),
    );
  }

  /** The source name of a source key. */
  sourceName(key: number): string | undefined {
    for (const [name, k] of this.sourceKeys) if (k === key) return name;
    return undefined;
  }

  /** The stack height at the entry of activation `fn` (its arguments are just below it). */
  entryHeight(fn: number): number {
    return this.actHeight[fn];
  }

  /** The code generator of the code running at `step`. */
  pipelineAt(step: number): Pipeline {
    return this.pipelines[this.program.traceFrame[step]];
  }

  /**
   * The variables in scope at `step`: arguments, return variables, and locals declared so far in enclosing scopes;
   * `place` (else where the step is) chooses the locals: a modifier's, or the function's, and how far down.
   */
  at(step: number, place?: Place): LocalsAt {
    if (this.why) return { unavailable: this.why };
    const act = this.activationOf(step);
    if (act === NONE) return { unavailable: 'No Solidity function with an AST in the build output runs here.' };
    const known = this.callables[this.actCallable[act]];
    const variables: SlotVariable[] = [];
    let below = this.actHeight[act];
    const params = known.callable.params.map((decl) => ({ decl, size: stackSize(decl.type) }));
    for (let i = params.length - 1; i >= 0; i--) {
      below -= params[i].size;
      variables.unshift({ decl: params[i].decl, role: 'argument', slot: below, size: params[i].size, structs: known.structs });
    }
    place ??= this.placeOf(step, act, known);
    if (this.pipelines[this.program.traceFrame[step]] === 'legacy-optimized') this.laidOut(known, this.actHeight[act], place, variables);
    else this.seen(act, step, place, variables);
    // A shadowed name shows its innermost declaration (the later one); an unnamed return value is no variable.
    const named = new Map<string, SlotVariable>();
    for (const v of variables) if (v.decl.name) named.set(v.decl.name, v);
    return {
      fn: act,
      callable: known.callable,
      variables: variables.filter((v) => (v.decl.name ? named.get(v.decl.name) === v : v.role === 'argument')),
    };
  }
}
