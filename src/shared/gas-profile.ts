// The gas profile as the stepper's Gas view draws it: a bounded tree of call frames and Solidity functions and the
// hottest source lines. Computed by the host (core/gas) once per trace; only this summary crosses to the webview.

/** One box of the icicle chart. */
export interface GasNode {
  /** Index of the parent node; -1 for the root (the transaction's top frame). */
  parent: number;
  /** A call frame, an internal Solidity function, or the merged tail of small siblings. */
  kind: 'frame' | 'function' | 'other';
  /** `Contract.function`, a contract name or address, or `N more` for the merged tail. */
  label: string;
  /** Gas of the node's own steps and everything it called. */
  inclusive: number;
  /** Gas of the node's own steps: `inclusive` minus its children's. */
  exclusive: number;
  /** The first step of the node's first call: where clicking it goes. */
  firstStep: number;
  /** How many calls (frames or function invocations) the node stands for. */
  calls: number;
}

/** Gas spent on one line of a Solidity source, compiler-generated code counted on the line that led to it. */
export interface GasLine {
  /** The compiler's name for the file. */
  sourceName: string;
  /** 0-based. */
  line: number;
  gas: number;
  /** The workspace has the file (the hottest-lines list can open it). */
  openable: boolean;
}

export interface GasProfileView {
  /** Gas of the whole trace: the root frame's inclusive gas (execution gas, without the intrinsic charge). */
  total: number;
  /** Parents before children; `nodes[0]` is the root. Empty for an empty trace. */
  nodes: GasNode[];
  /** Nodes folded into `other` boxes to keep the tree bounded. */
  merged: number;
  /** Whether Solidity functions and lines are known (the workspace's build output matched the trace's code). */
  withSources: boolean;
  /** The hottest lines, hottest first (bounded); empty without build output. */
  lines: GasLine[];
}
