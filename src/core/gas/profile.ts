// Where a trace's gas went: a tree of call frames and the Solidity functions inside them, each with inclusive and
// exclusive gas, and gas per source line. A few passes over the typed columns into typed arrays (per step, frame,
// function and line), no object per step, so a million-step trace is profiled in tens of milliseconds.
//
// A step's cost is the gas its frame had before it minus what the frame had before its next own step. For a CALL or
// CREATE that opened a frame, the callee's gas (what it was given minus what it handed back) is taken off: it is the
// callee's own. So every frame's own costs and its children's inclusive gas add up exactly to its inclusive gas, the
// gas before its first step minus the gas after its last (the trace's frame `gasUsed`).
import type { GasLine, GasNode } from '../../shared/gas-profile';
import { gasAtEnd, gasAtStart } from '../trace/frames';
import type { ColumnarTrace } from '../trace/trace';

/**
 * What the debugger's index (core/sourcemap/program.ts `Program`) knows of each step, read structurally: the function
 * each step runs in, from the source map's jump markers, and its source range.
 */
export interface FunctionSteps {
  /** Per step: the visible function (an index into `frames`) it runs in. */
  readonly vis: Int32Array;
  /** Per step: its source range (an index into `locs`), or -1 for code no Solidity maps to. */
  readonly loc: Int32Array;
  readonly frames: ReadonlyArray<{
    readonly parent: number;
    readonly kind: 'external' | 'internal';
    readonly traceFrame: number;
    readonly entryStep: number;
    readonly name: string;
    readonly visible: number;
  }>;
  readonly locs: ReadonlyArray<{
    readonly source: { readonly sourceName: string; readonly path: string | undefined };
    readonly line: number;
    readonly lineKey: number;
  }>;
}

export interface SourceLineGas extends GasLine {
  /** The workspace file, when it exists. */
  path: string | undefined;
}

export interface GasProfile {
  /** The roots' inclusive gas: the top frame's, i.e. the execution gas the trace shows. */
  total: number;
  /** The whole tree, parents before children; siblings with the same name and kind are one node. */
  nodes: GasNode[];
  /** Every line that gas was spent on, hottest first; empty without `functions`. */
  lines: SourceLineGas[];
  withSources: boolean;
}

export interface ProfileOptions {
  /** Functions and lines per step; without them the tree has call frames only. */
  functions?: FunctionSteps;
  /** A call frame's `Contract.function` from the ABIs, when known. */
  frameLabel?: (frame: number) => string | null;
}

/**
 * A trace whose gas cannot be added up exactly in doubles. Every sum the profile forms is a partial sum of step
 * costs and frames' gas, so when their magnitudes add up to at most 2^53 − 1 every total is exact; a real
 * transaction (gas limit in the millions) stays far below that, a hostile trace may not.
 */
export class GasNotExactError extends Error {}

/** Longest label kept: contract and function names come from workspace files. */
const MAX_LABEL = 200;

/** Units gas is charged to: trace frames, or the debugger's visible functions. */
interface Units {
  count: number;
  /** Per step. */
  ofStep: Int32Array;
  /** The nearest enclosing unit that gets a node, -1 for a root. */
  parent: Int32Array;
  /** Units that get no node of their own (the debugger's hidden functions: their steps are their caller's). */
  hidden: Uint8Array;
  label(unit: number): string;
  kind(unit: number): GasNode['kind'];
  firstStep(unit: number): number;
}

export function profileGas(trace: ColumnarTrace, options: ProfileOptions = {}): GasProfile {
  const units = options.functions ? functionUnits(trace, options.functions, options.frameLabel) : frameUnits(trace, options.frameLabel);
  const cost = stepCosts(trace);
  const own = new Float64Array(units.count);
  const { ofStep } = units;
  for (let i = 0; i < cost.length; i++) own[ofStep[i]] += cost[i];
  const nodes = buildTree(units, own);
  let total = 0;
  for (const node of nodes) if (node.parent < 0) total += node.inclusive;
  const lines = options.functions ? lineGas(options.functions, units.count, cost) : [];
  return { total, nodes, lines, withSources: options.functions !== undefined };
}

/**
 * Each step's own cost (see the header). A step's cost is known when its frame's next step comes, so a frame keeps
 * one pending step and the callee gas since then.
 */
function stepCosts(trace: ColumnarTrace): Float64Array {
  const cols = trace.store();
  const stepFrame = trace.columns().frame;
  const convention = trace.summary.pcConvention;
  const frames = trace.frameCount();
  const cost = new Float64Array(trace.length);
  const pending = new Int32Array(frames).fill(-1);
  const calleeGas = new Float64Array(frames);
  const entry = new Int32Array(frames);
  const parent = new Int32Array(frames);
  const inclusive = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    const frame = trace.frame(f);
    entry[f] = frame.entryStep;
    parent[f] = frame.parent;
    inclusive[f] = gasAtStart(cols, convention, frame.entryStep) - gasAtEnd(cols, convention, frame.exitStep);
  }
  // Frames are numbered in the order they open, so the next one to open is always `opening`.
  let opening = 1;
  for (let i = 0; i < trace.length; i++) {
    while (opening < frames && entry[opening] === i) {
      calleeGas[parent[opening]] += inclusive[opening];
      opening++;
    }
    const f = stepFrame[i];
    const p = pending[f];
    if (p >= 0) cost[p] = gasAtStart(cols, convention, p) - gasAtStart(cols, convention, i) - calleeGas[f];
    calleeGas[f] = 0;
    pending[f] = i;
  }
  for (let f = 0; f < frames; f++) {
    const p = pending[f];
    if (p >= 0) cost[p] = gasAtStart(cols, convention, p) - gasAtEnd(cols, convention, trace.frame(f).exitStep) - calleeGas[f];
  }
  let magnitude = 0;
  for (let f = 0; f < frames; f++) magnitude += Math.abs(inclusive[f]);
  for (let i = 0; i < cost.length; i++) magnitude += Math.abs(cost[i]);
  if (!(magnitude <= Number.MAX_SAFE_INTEGER))
    throw new GasNotExactError(
      `its steps' gas adds up beyond 2^53 (${magnitude.toExponential(2)}), where sums are no longer exact; a real transaction's gas is far below that`,
    );
  return cost;
}

function bounded(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

function frameName(trace: ColumnarTrace, frame: number, frameLabel: ProfileOptions['frameLabel']): string {
  const f = trace.frame(frame);
  return (
    frameLabel?.(frame) ??
    f.callee ??
    (f.callType === 'CREATE' || f.callType === 'CREATE2' ? `${f.callType} at step ${f.entryStep}` : `frame ${frame}`)
  );
}

function frameUnits(trace: ColumnarTrace, frameLabel: ProfileOptions['frameLabel']): Units {
  const count = trace.frameCount();
  const parent = new Int32Array(count);
  for (let f = 0; f < count; f++) parent[f] = trace.frame(f).parent;
  return {
    count,
    ofStep: trace.columns().frame,
    parent,
    hidden: new Uint8Array(count),
    label: (f) => bounded(frameName(trace, f, frameLabel)),
    kind: () => 'frame',
    firstStep: (f) => trace.frame(f).entryStep,
  };
}

function functionUnits(trace: ColumnarTrace, fns: FunctionSteps, frameLabel: ProfileOptions['frameLabel']): Units {
  const count = fns.frames.length;
  const parent = new Int32Array(count);
  const hidden = new Uint8Array(count);
  for (let u = 0; u < count; u++) {
    const f = fns.frames[u];
    parent[u] = f.parent >= 0 ? fns.frames[f.parent].visible : -1;
    hidden[u] = f.visible === u ? 0 : 1;
  }
  const label = (u: number): string => {
    const f = fns.frames[u];
    // An external call is named by its public function once the source map showed it; else by the ABIs or address.
    if (f.kind === 'external' && !f.name.includes('.'))
      return bounded(frameLabel?.(f.traceFrame) ?? (f.name || frameName(trace, f.traceFrame, undefined)));
    return bounded(f.name || `frame ${f.traceFrame}`);
  };
  return {
    count,
    ofStep: fns.vis,
    parent,
    hidden,
    label,
    kind: (u) => (fns.frames[u].kind === 'external' ? 'frame' : 'function'),
    firstStep: (u) => fns.frames[u].entryStep,
  };
}

/** Nodes for the visible units, siblings of the same kind and name merged, inclusive gas summed bottom-up. */
function buildTree(units: Units, own: Float64Array): GasNode[] {
  const inclusive = new Float64Array(units.count);
  // A unit's parent always has a smaller index (it was entered first).
  for (let u = units.count - 1; u >= 0; u--) {
    if (units.hidden[u]) continue;
    inclusive[u] += own[u];
    if (units.parent[u] >= 0) inclusive[units.parent[u]] += inclusive[u];
  }
  const nodes: GasNode[] = [];
  const nodeOf = new Int32Array(units.count).fill(-1);
  const byKey = new Map<string, number>();
  for (let u = 0; u < units.count; u++) {
    if (units.hidden[u]) continue;
    const parent = units.parent[u] >= 0 ? nodeOf[units.parent[u]] : -1;
    const kind = units.kind(u);
    const label = units.label(u);
    const key = `${parent}\u0000${kind}\u0000${label}`;
    let id = byKey.get(key);
    if (id === undefined) {
      byKey.set(key, (id = nodes.length));
      nodes.push({ parent, kind, label, inclusive: 0, exclusive: 0, firstStep: units.firstStep(u), calls: 0 });
    }
    const node = nodes[id];
    node.inclusive += inclusive[u];
    node.exclusive += own[u];
    node.calls++;
    nodeOf[u] = id;
  }
  return nodes;
}

/**
 * Gas per source line. A step of generated code (no Solidity of its own: ABI decoding, checked arithmetic) counts on
 * the line its function ran last, the statement that needed it.
 */
function lineGas(fns: FunctionSteps, units: number, cost: Float64Array): SourceLineGas[] {
  let keys = 0;
  for (const loc of fns.locs) keys = Math.max(keys, loc.lineKey + 1);
  /** Per line key: a loc on that line. */
  const sample = new Int32Array(keys).fill(-1);
  fns.locs.forEach((loc, id) => {
    if (sample[loc.lineKey] < 0) sample[loc.lineKey] = id;
  });
  const keyOfLoc = Int32Array.from(fns.locs, (loc) => loc.lineKey);
  const gas = new Float64Array(keys);
  const lastLine = new Int32Array(units).fill(-1);
  const { loc, vis } = fns;
  for (let i = 0; i < cost.length; i++) {
    const unit = vis[i];
    let key = lastLine[unit];
    if (loc[i] >= 0) lastLine[unit] = key = keyOfLoc[loc[i]];
    if (key >= 0) gas[key] += cost[i];
  }
  const out: SourceLineGas[] = [];
  for (let key = 0; key < keys; key++) {
    if (gas[key] === 0 || sample[key] < 0) continue;
    const { source, line } = fns.locs[sample[key]];
    out.push({ sourceName: source.sourceName, path: source.path, line, gas: gas[key], openable: source.path !== undefined });
  }
  return out.sort((a, b) => b.gas - a.gas);
}
