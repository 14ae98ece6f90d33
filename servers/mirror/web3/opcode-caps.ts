// The trace caps of newer mirrors (hiero-mirror-node PR #14065, `hiero.mirror.web3.opcode.tracer.*`): a number of
// opcodes, and running totals of memory words, stack items and storage entries captured across the whole trace.
// When one would be passed the trace ends with a single marker entry and every later opcode is dropped
// (OpcodeContext.addOpcodes).

export interface OpcodeCaps {
  /** `maxOpcodes` (mirror default 20 000): at most this many entries, the marker included. */
  maxOpcodes: number;
  /** `maxMemoryWords` (default 750 000), counted only when memory is requested. */
  maxMemoryWords: number;
  /** `maxStack` (default 250 000), counted only when the stack is requested. */
  maxStack: number;
  /** `maxStorage` (default 100 000), counted only when storage is requested. */
  maxStorage: number;
}

/** The mirror's defaults (OpcodesProperties). */
export const DEFAULT_OPCODE_CAPS: OpcodeCaps = { maxOpcodes: 20_000, maxMemoryWords: 750_000, maxStack: 250_000, maxStorage: 100_000 };

/** Without caps: what mirrors before PR #14065 do. */
export const NO_OPCODE_CAPS: OpcodeCaps = { maxOpcodes: Infinity, maxMemoryWords: Infinity, maxStack: Infinity, maxStorage: Infinity };

/** `OpcodeContext.TRUNCATED_OP`. */
export const TRUNCATION_MARKER_OP = 'TRUNCATED';

/** `OpcodeContext.TRUNCATED_OPCODE` as Jackson writes it (fields in the generated model's order). */
export const TRUNCATION_MARKER_JSON =
  `{"depth":0,"gas":0,"gas_cost":0,"memory":[],"op":"${TRUNCATION_MARKER_OP}","pc":0,` +
  `"reason":"Trace truncated after reaching the configured maxOpcodes limit","stack":[],"storage":{}}`;

/** Counts what one trace has captured and says when the next opcode must be dropped. */
export class CapCounter {
  private recorded = 0;
  private memoryWords = 0;
  private stackItems = 0;
  private storageEntries = 0;
  /** Set once the marker is due; every later opcode is dropped. */
  private truncated = false;

  constructor(private readonly caps: OpcodeCaps) {}

  /** Whether an opcode capturing these amounts is recorded; the first refusal truncates the trace. */
  admit(stackItems: number, memoryWords: number, storageEntries: number): boolean {
    if (this.truncated) return false;
    const caps = this.caps;
    if (
      this.recorded + 1 >= caps.maxOpcodes ||
      this.memoryWords + memoryWords > caps.maxMemoryWords ||
      this.stackItems + stackItems > caps.maxStack ||
      this.storageEntries + storageEntries > caps.maxStorage
    ) {
      this.truncated = true;
      return false;
    }
    this.recorded++;
    this.memoryWords += memoryWords;
    this.stackItems += stackItems;
    this.storageEntries += storageEntries;
    return true;
  }
}
