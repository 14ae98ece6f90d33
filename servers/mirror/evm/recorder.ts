/**
 * Records one transaction's EVM steps from the ethereumjs `step`/`beforeMessage`/`afterMessage` events in
 * the mirror node's conventions: those of its `OpcodeTracer` (hiero-ledger/hiero-mirror-node, web3 module,
 * https://github.com/hiero-ledger/hiero-mirror-node, `evm/contracts/execution/traceability/`), described below.
 *
 * ethereumjs reports each op BEFORE it runs; the Besu-based mirror records each op AFTER it ran
 * (`tracePostExecution`). So in post-op mode a step stays pending until the next event of its frame shows
 * the state it left behind:
 * - the next step of the same frame gives its pc, remaining gas, stack and memory;
 * - a CALL/CREATE that opens a child frame is recorded as Besu does when the frame suspends: pc of the
 *   op itself, stack still holding the arguments, gas minus the cost including the gas handed to the child;
 * - the last op of a frame (STOP, RETURN, REVERT, …) keeps its own pc (Besu only advances pc while the
 *   frame keeps executing), pops its arguments, and on an exceptional halt keeps its gas.
 * In pre-op (geth-style) mode each step records the state ethereumjs reports.
 *
 * A call into a precompile or a system contract is recorded as the mirror's one synthetic entry
 * (`OpcodeActionTracer.tracePrecompileResult`): depth caller + 1, pc 0, op "", nothing on the stack, in memory or
 * storage, `gas` what the callee frame has left and `gas_cost` what it used. Whatever a stand-in runs to answer
 * is not recorded. `reason`: the callee's revert data when it failed; for a call whose recipient is a system
 * contract, the first reverted action of the transaction (`system-reason.ts`), given to `done`.
 *
 * Storage is recorded in the shapes of two mirror versions (the body writer picks one): v0.129's slots the current
 * contract wrote so far, and the newest mirror's `AbstractOpcodeTracer.captureStorage`: the storage accesses of the
 * whole transaction so far (root world updater's `getTxStorageUsage(true).accesses()`), one TreeMap keyed by slot
 * with the contract dropped, contracts in contract-id order and the first one to hold a slot winning, the written
 * value preferred over the value read; once of the slots written only, once of the slots read as well. A frame that
 * fails takes its accesses with it, as its world updater is discarded.
 */
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { nativeKindOf, NativeScope } from './native-calls';
import { EMPTY, type StepLog, StepLogBuilder } from './step-log';
import { stackItemHex, widthsAfter } from './stack-widths';
import { numOfLongZero } from './ids';

/** The subset of the EVM event emitter the recorder attaches to. */
export interface EvmEvents {
  on(event: 'step', listener: (step: InterpreterStep) => void): unknown;
  on(event: 'beforeMessage', listener: (message: Message) => void): unknown;
  on(event: 'afterMessage', listener: (result: EVMResult) => void): unknown;
  off(event: 'step', listener: (step: InterpreterStep) => void): unknown;
  off(event: 'beforeMessage', listener: (message: Message) => void): unknown;
  off(event: 'afterMessage', listener: (result: EVMResult) => void): unknown;
}

interface Pending {
  step: number;
  op: string;
  pc: number;
  gasLeft: number;
  stack: number;
  memory: number;
}

/** One contract's storage accesses this transaction: slot literal → [key id, value read or -1, value written or -1]. */
type TxSlots = ReadonlyMap<string, readonly [number, number, number]>;

/** Every contract's accesses this transaction (maps are never mutated, so a frame can keep the one it began with). */
type TxAccesses = ReadonlyMap<string, TxSlots>;

/** Storage slots written so far in one contract: slot literal → [key id, value id], plus its snapshot. */
interface WrittenSlots {
  slots: ReadonlyMap<string, readonly [number, number]>;
  snapshot: number;
}

interface FrameState {
  pending: Pending | undefined;
  lastOp: string | undefined;
  widths: number[];
  /** The stack last interned in this frame, to share its unchanged bottom with the next one. */
  stackValues: bigint[];
  stackWidths: number[];
  stackNodes: number[];
  memoryBytes: Buffer;
  memoryWords: Int32Array;
  memorySnapshot: number;
  /** Written storage of every contract when this frame began (maps are never mutated): restored if it fails. */
  writtenAtEntry: ReadonlyMap<string, WrittenSlots>;
  txAtEntry: TxAccesses;
  /** An SLOAD of this frame whose result the frame's next step shows: [contract, key]. */
  pendingRead: readonly [string, bigint] | undefined;
}

/** Ops that end a frame, with the number of stack items they consume (Besu pops them before tracing). */
const HALT_POPS: Record<string, number> = { STOP: 0, RETURN: 2, REVERT: 2, SELFDESTRUCT: 1 };
const VALUE_CALLS = new Set(['CALL', 'CALLCODE']);
/** Gas a value-carrying CALL gives the callee for free; it is not part of the caller's cost. */
const CALL_STIPEND = 2300;

/** A native call in progress: where its entry goes and what to restore if it fails. */
interface NativeCall {
  /** The mirror takes `reason` from the actions only when the frame's recipient is a system contract, so not for a facade's DELEGATECALL. */
  reasonFromActions: boolean;
  depth: number;
  gasLimit: bigint;
  writtenAtEntry: ReadonlyMap<string, WrittenSlots>;
  txAtEntry: TxAccesses;
}

export interface RecordedTransaction {
  log: StepLog;
  /** Slots written in each contract by the end of the transaction (`0x`+64 hex keys and values). */
  writtenStorage(address: string): [string, string][];
  /** Every contract whose storage the transaction read or wrote, with the slots it accessed. */
  accessedSlots: ReadonlyMap<string, readonly string[]>;
  /** Contracts created by CREATE/CREATE2 (or a deployment) that succeeded, in creation order. */
  createdAddresses: string[];
}

/** One observer of a transaction's execution: each EVM step, each message (frame) entered and left. */
export interface EvmListener {
  step(step: InterpreterStep): void;
  enter(message: Message): void;
  exit(result: EVMResult): void;
}

/** Attaches `listeners` (called in order) to the EVM's events; returns the function that detaches them. */
export function listen(events: EvmEvents, listeners: readonly EvmListener[]): () => void {
  const onStep = (step: InterpreterStep): void => listeners.forEach((l) => l.step(step));
  const onBeforeMessage = (message: Message): void => listeners.forEach((l) => l.enter(message));
  const onAfterMessage = (result: EVMResult): void => listeners.forEach((l) => l.exit(result));
  events.on('step', onStep);
  events.on('beforeMessage', onBeforeMessage);
  events.on('afterMessage', onAfterMessage);
  return () => {
    events.off('step', onStep);
    events.off('beforeMessage', onBeforeMessage);
    events.off('afterMessage', onAfterMessage);
  };
}

export class TraceRecorder implements EvmListener {
  private readonly log = new StepLogBuilder();
  private readonly frames: FrameState[] = [];
  private written: ReadonlyMap<string, WrittenSlots> = new Map();
  private tx: TxAccesses = new Map();
  /** Snapshots of `tx` merged as the mirror sends it: [written only, reads as well]. */
  private txSnapshots: readonly [number, number] = [EMPTY, EMPTY];
  /** Order of first access, for contracts without a long-zero address (created in this transaction). */
  private readonly firstSeen = new Map<string, number>();
  private readonly created: string[] = [];
  private readonly scope = new NativeScope();
  private native: NativeCall | undefined;
  /** Entries of system-contract calls, whose `reason` depends on the whole transaction's actions. */
  private readonly systemSteps: number[] = [];

  constructor(private readonly preOp: boolean) {}

  /** `systemReason`: the `reason` of every system-contract entry (`systemCallReason` of the transaction's actions). */
  done(systemReason: string | null): RecordedTransaction {
    if (this.frames.length > 0 || this.scope.inside) throw new Error('transaction still running: afterMessage missing');
    if (systemReason !== null) for (const step of this.systemSteps) this.log.setReason(step, systemReason);
    const log = this.log.done();
    const written = this.written;
    const hex = (id: number): string => log.words[id]!.slice(1, -1);
    return {
      log,
      writtenStorage: (address) => [...(written.get(address.toLowerCase())?.slots.values() ?? [])].map(([k, v]) => [hex(k), hex(v)]),
      accessedSlots: new Map([...this.tx].map(([address, slots]) => [address, [...slots.values()].map(([k]) => hex(k))])),
      createdAddresses: [...this.created],
    };
  }

  enter(message: Message): void {
    const event = this.scope.enter(message);
    if (event.kind === 'hidden') return;
    const parent = this.frames.at(-1);
    const pending = parent?.pending;
    if (parent && pending) {
      const stipend = VALUE_CALLS.has(pending.op) && message.value > 0n ? CALL_STIPEND : 0;
      const cost = this.log.gasCostOf(pending.step) + Number(message.gasLimit) - stipend;
      this.log.setGasCost(pending.step, cost);
      this.recordAfter(pending, pending.pc, pending.gasLeft - cost, pending.stack, pending.memory);
      parent.pending = undefined;
    }
    if (event.kind === 'native') {
      const recipient = message.to?.toString() ?? '';
      const reasonFromActions = event.native === 'SYSTEM' && nativeKindOf(recipient) === 'SYSTEM';
      this.native = {
        reasonFromActions,
        depth: this.frames.length,
        gasLimit: message.gasLimit,
        writtenAtEntry: this.written,
        txAtEntry: this.tx,
      };
      return;
    }
    this.frames.push({
      pending: undefined,
      lastOp: undefined,
      widths: [],
      stackValues: [],
      stackWidths: [],
      stackNodes: [],
      memoryBytes: Buffer.alloc(0),
      memoryWords: new Int32Array(0),
      memorySnapshot: EMPTY,
      writtenAtEntry: this.written,
      txAtEntry: this.tx,
      pendingRead: undefined,
    });
  }

  exit(result: EVMResult): void {
    const scope = this.scope.exit();
    if (scope === 'hidden') return;
    if (scope === 'native') return this.recordNative(result);
    const frame = this.frames.pop();
    if (!frame) throw new Error('afterMessage without beforeMessage');
    const error = result.execResult.exceptionError;
    const pending = frame.pending;
    if (pending) {
      const exceptional = error !== undefined && error.error !== 'revert';
      const pops = exceptional ? 0 : (HALT_POPS[pending.op] ?? 0);
      const gas = exceptional ? pending.gasLeft : pending.gasLeft - this.log.gasCostOf(pending.step);
      this.recordAfter(pending, pending.pc, gas, this.log.popNodes(pending.stack, pops), pending.memory);
    }
    if (error) {
      this.written = frame.writtenAtEntry;
      this.restoreTx(frame.txAtEntry);
    } else if (result.createdAddress) this.created.push(result.createdAddress.toString().toLowerCase());
  }

  step(event: InterpreterStep): void {
    if (this.scope.inside) return;
    const frame = this.frames.at(-1);
    if (!frame) throw new Error('step outside of a message');
    const op = event.opcode.name;
    const gasLeft = Number(event.gasLeft);
    const stack = this.internStack(frame, event.stack, widthsAfter(frame.widths, frame.lastOp, event.stack.length));
    const memory = this.internMemory(frame, event.memory);
    if (frame.pendingRead) {
      // The SLOAD's result is on top of its frame's next stack.
      const value = event.stack.at(-1);
      if (value !== undefined) this.recordAccess(frame.pendingRead[0], frame.pendingRead[1], value, 'read');
      frame.pendingRead = undefined;
      if (!this.preOp && frame.pending) this.log.setTxStorage(frame.pending.step, ...this.txSnapshots);
    }
    if (frame.pending) this.recordAfter(frame.pending, event.pc, gasLeft, stack, memory);

    const step = this.log.append(op, event.depth);
    this.log.setGasCost(step, Number(event.opcode.dynamicFee ?? BigInt(event.opcode.fee)));
    if (event.error) this.log.setReason(step, `0x${Buffer.from(event.error).toString('hex')}`);
    const address = event.address.toString().toLowerCase();
    const storageBefore = this.written.get(address)?.snapshot ?? EMPTY;
    const txBefore = this.txSnapshots;
    if (op === 'SSTORE') this.recordWrite(address, event.stack);
    if (op === 'SLOAD' && event.stack.length > 0) frame.pendingRead = [address, event.stack.at(-1)!];
    if (this.preOp) {
      this.log.setPc(step, event.pc);
      this.log.setGas(step, gasLeft);
      this.log.setStack(step, stack);
      this.log.setMemory(step, memory);
      this.log.setStorage(step, storageBefore);
      this.log.setTxStorage(step, ...txBefore);
    } else {
      // Only SSTORE changes this contract's storage before the frame's next step, so this is the post-op view
      // (an SLOAD's read is added when its result shows, on the frame's next step).
      this.log.setStorage(step, this.written.get(address)?.snapshot ?? EMPTY);
      this.log.setTxStorage(step, ...this.txSnapshots);
    }
    frame.pending = { step, op, pc: event.pc, gasLeft, stack, memory };
    frame.lastOp = op;
  }

  /** The native call's one entry, in both pc conventions (the node has only this one). */
  private recordNative(result: EVMResult): void {
    const native = this.native;
    if (!native) throw new Error('native call left without entering');
    this.native = undefined;
    const { exceptionError: error, executionGasUsed: used, returnValue } = result.execResult;
    const step = this.log.append('', native.depth);
    this.log.setGas(step, Number(native.gasLimit - used));
    this.log.setGasCost(step, Number(used));
    if (native.reasonFromActions) this.systemSteps.push(step);
    else if (error) this.log.setReason(step, `0x${Buffer.from(returnValue).toString('hex')}`);
    if (error) {
      this.written = native.writtenAtEntry;
      this.restoreTx(native.txAtEntry);
    }
  }

  /** Post-op mode: fills in the state `pending` left behind. (Pre-op steps were complete when appended.) */
  private recordAfter(pending: Pending, pc: number, gas: number, stack: number, memory: number): void {
    if (this.preOp) return;
    this.log.setPc(pending.step, pc);
    this.log.setGas(pending.step, gas);
    this.log.setStack(pending.step, stack);
    this.log.setMemory(pending.step, memory);
  }

  /** Interns a stack, reusing the nodes of the frame's previous stack up to the first item that differs. */
  private internStack(frame: FrameState, values: bigint[], widths: number[]): number {
    frame.widths = widths;
    const { stackValues, stackWidths, stackNodes } = frame;
    let same = 0;
    const limit = Math.min(values.length, stackValues.length);
    while (same < limit && values[same] === stackValues[same] && widths[same] === stackWidths[same]) same++;
    let node = same === 0 ? EMPTY : stackNodes[same - 1]!;
    for (let i = same; i < values.length; i++) {
      node = this.log.pushNode(node, this.log.word(stackItemHex(values[i]!, widths[i]!)));
      stackNodes[i] = node;
    }
    stackNodes.length = values.length;
    frame.stackValues = values;
    frame.stackWidths = widths;
    return node;
  }

  /** Interns memory as 32-byte words, reusing the previous snapshot (or its words) where unchanged. */
  private internMemory(frame: FrameState, memory: Uint8Array): number {
    const bytes = Buffer.from(memory.buffer, memory.byteOffset, memory.byteLength);
    if (bytes.equals(frame.memoryBytes)) return frame.memorySnapshot;
    const count = bytes.length >> 5;
    const previous = frame.memoryBytes;
    const words = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const start = i << 5;
      const unchanged = start + 32 <= previous.length && bytes.compare(previous, start, start + 32, start, start + 32) === 0;
      words[i] = unchanged ? frame.memoryWords[i]! : this.log.word(`0x${bytes.toString('hex', start, start + 32)}`);
    }
    frame.memoryBytes = bytes;
    frame.memoryWords = words;
    frame.memorySnapshot = this.log.memorySnapshot(words);
    return frame.memorySnapshot;
  }

  /** Applies an SSTORE (key on top of the stack, value below it) to the contract's written slots. */
  private recordWrite(address: string, stack: bigint[]): void {
    const key = stack.at(-1);
    const value = stack.at(-2);
    if (key === undefined || value === undefined) return;
    const keyId = this.log.word(stackItemHex(key, 32));
    const slots = new Map(this.written.get(address)?.slots);
    slots.set(this.log.wordHex(keyId), [keyId, this.log.word(stackItemHex(value, 32))]);
    const pairs = new Int32Array(sortedBySlot(slots).flatMap(([, pair]) => pair));
    this.written = new Map(this.written).set(address, { slots, snapshot: this.log.storageSnapshot(pairs) });
    this.recordAccess(address, key, value, 'write');
  }

  /** Adds an access to the transaction's (a write replaces the value written; a read keeps the first value read). */
  private recordAccess(address: string, key: bigint, value: bigint, kind: 'read' | 'write'): void {
    if (!this.firstSeen.has(address)) this.firstSeen.set(address, this.firstSeen.size);
    const keyId = this.log.word(stackItemHex(key, 32));
    const slot = this.log.wordHex(keyId);
    const valueId = this.log.word(stackItemHex(value, 32));
    const slots = new Map(this.tx.get(address));
    const [, read, written] = slots.get(slot) ?? [keyId, -1, -1];
    if (kind === 'read' && read >= 0) return;
    slots.set(slot, kind === 'read' ? [keyId, valueId, written] : [keyId, read, valueId]);
    this.restoreTx(new Map(this.tx).set(address, slots));
  }

  /** Sets the transaction's accesses and snapshots them merged as `captureStorage` does. */
  private restoreTx(tx: TxAccesses): void {
    if (tx === this.tx) return;
    this.tx = tx;
    const rank = (address: string): bigint => {
      const num = numOfLongZero(address);
      return num === undefined ? (1n << 64n) + BigInt(this.firstSeen.get(address) ?? 0) : BigInt(num);
    };
    const written = new Map<string, readonly [number, number]>();
    const accesses = new Map<string, readonly [number, number]>();
    const contracts = [...tx.keys()].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
    for (const contract of contracts)
      for (const [slot, [key, read, wrote]] of tx.get(contract)!) {
        if (wrote >= 0 && !written.has(slot)) written.set(slot, [key, wrote]);
        if (!accesses.has(slot)) accesses.set(slot, [key, wrote >= 0 ? wrote : read]);
      }
    const snapshot = (map: ReadonlyMap<string, readonly [number, number]>) =>
      this.log.storageSnapshot(new Int32Array(sortedBySlot(map).flatMap(([, pair]) => pair)));
    this.txSnapshots = [snapshot(written), snapshot(accesses)];
  }
}

/** Entries sorted by slot literal (`0x` + 64 hex, so by number), as a TreeMap keyed by the hex string orders them. */
function sortedBySlot<T>(map: ReadonlyMap<string, T>): [string, T][] {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
