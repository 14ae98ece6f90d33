// Runs a replay in @ethereumjs/evm: the pre-state's accounts with each contract's debug code, the transaction's call
// and block context, Hedera's system contracts answered from the recorded actions in order. While it runs, it
// watches for what the replay cannot prove equal to the transaction and stops at the first such step, naming it:
// a slot or balance the pre-state does not know, an account outside the pre-state, a `gasleft()` that is not just
// handed to a call, a frame out of gas, a system-contract call with no recorded answer, a budget exceeded. What it
// observes (the frames as `/actions` records them, the logs, each written slot's final value) goes to
// equivalence.ts. Gas is never compared: the debug build costs more.
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import {
  createEVM,
  EVMError,
  type EVMResult,
  type ExecResult,
  type InterpreterStep,
  type Message,
  type PrecompileInput,
} from '@ethereumjs/evm';
import { Account, Address, bytesToHex, createAddressFromString, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import { type CheckedReplayInput, ReplayRefused } from './replay-input';
import { nativeKindOf, SYSTEM_ADDRESSES } from './native-addresses';
import { ReplayTraceRecorder } from './replay-trace';
import type { RawColumns } from '../trace/columns-decoder';

export type ResultDataType = 'OUTPUT' | 'REVERT_REASON' | 'ERROR';

/** One message the replay ran, as `/actions` records it (index = position). */
export interface ObservedCall {
  depth: number;
  operation: string;
  /** Recipient; for DELEGATECALL/CALLCODE the code's address; for a create the new contract (null if it failed). */
  to: string | null;
  input: string;
  /** Weibars. */
  value: bigint;
  output: string;
  resultType: ResultDataType;
}

export interface ObservedLog {
  address: string;
  topics: string[];
  data: string;
}

export interface ReplayObservation {
  calls: ObservedCall[];
  logs: ObservedLog[];
  /** Per account, each slot the replay wrote (even if undone) with its value at the end: `0x` + 64 hex. */
  storage: Record<string, Record<string, string>>;
  output: string;
  failed: boolean;
  steps: number;
  /** The replay's steps as decoded trace columns, when asked for (replay-trace.ts). */
  trace?: RawColumns;
}

export interface ReplayBudgets {
  /** EVM steps at most (system-contract answers count as one). */
  maxSteps: number;
}

const CALL_OPS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
/** Ops whose first stack argument (top) is an account the replay must know. */
const ACCOUNT_READS = new Set(['BALANCE', 'EXTCODESIZE', 'EXTCODECOPY', 'EXTCODEHASH']);
const WEIBARS_UNKNOWN = 10n ** 40n;

const hex = (bytes: Uint8Array | undefined): string => bytesToHex(bytes ?? new Uint8Array());
const slotHex = (value: bigint): string => `0x${value.toString(16).padStart(64, '0')}`;

/** Runs `input` (already validated) to the end or to the first refusal (thrown as ReplayRefused). */
export async function runReplay(
  input: CheckedReplayInput,
  budgets: ReplayBudgets,
  options: { trace?: boolean } = {},
): Promise<ReplayObservation> {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
  const answers = [...input.systemAnswers];
  let answered = 0;
  const systemContract =
    (to: string) =>
    (call: PrecompileInput): ExecResult => {
      const answer = answers[answered];
      const data = hex(call.data);
      if (answer === undefined || answer.to !== to || answer.input !== data) {
        throw new ReplayRefused(
          'system-call',
          `System contract ${to} was called (input ${short(data)}) with no recorded answer at this point of the transaction (system call #${answered + 1}): the replay cannot know what the node would have answered.`,
        );
      }
      answered++;
      const returnValue = hexToBytes(answer.output as `0x${string}`);
      return answer.reverted
        ? { executionGasUsed: 0n, returnValue, exceptionError: new EVMError(EVMError.errorMessages.REVERT) }
        : { executionGasUsed: 0n, returnValue };
    };
  const evm = await createEVM({
    common,
    customPrecompiles: SYSTEM_ADDRESSES.map((a) => ({ address: createAddressFromString(a), function: systemContract(a) })),
  });
  const state = evm.stateManager;
  const known = new Map<string, { balance: boolean; slots: Set<string> }>();
  for (const account of input.accounts) {
    const address = createAddressFromString(account.address);
    await state.putAccount(address, new Account(account.address === input.from ? 1n : 0n, account.balance ?? WEIBARS_UNKNOWN));
    const code = input.debugCode[account.address] ?? account.code;
    if (code !== '0x') await state.putCode(address, hexToBytes(code as `0x${string}`));
    for (const [slot, value] of Object.entries(account.storage)) {
      if (BigInt(value) !== 0n)
        await state.putStorage(address, hexToBytes(slot as `0x${string}`), setLengthLeft(hexToBytes(value as `0x${string}`), 32));
    }
    known.set(account.address, { balance: account.balance !== undefined, slots: new Set(Object.keys(account.storage)) });
  }
  if (!known.has(input.from)) {
    await state.putAccount(createAddressFromString(input.from), new Account(1n, WEIBARS_UNKNOWN));
    known.set(input.from, { balance: false, slots: new Set() });
  }

  const watcher = new Watcher(known, budgets);
  const events = evm.events!;
  const recorder = options.trace ? new ReplayTraceRecorder(new Map(input.accounts.map((a) => [a.address, a.storage]))) : undefined;
  const onStep = (step: InterpreterStep): void => {
    watcher.step(step);
    recorder?.step(step);
  };
  const onEnter = (message: Message): void => watcher.enter(message);
  const onExit = (result: EVMResult): void => watcher.exit(result);
  events.on('step', onStep);
  events.on('beforeMessage', onEnter);
  events.on('afterMessage', onExit);
  const result = await evm.runCall({
    caller: createAddressFromString(input.from),
    origin: createAddressFromString(input.from),
    to: createAddressFromString(input.to),
    data: hexToBytes(input.input as `0x${string}`),
    value: input.value,
    gasLimit: input.gasLimit,
    gasPrice: 0n,
    block: blockOf(input),
  });
  if (answered < answers.length) {
    throw new ReplayRefused(
      'divergent',
      `The replay made ${answered} of the transaction's ${answers.length} system-contract calls: it diverged before system call #${answered + 1} (to ${answers[answered]!.to}).`,
    );
  }
  const storage: Record<string, Record<string, string>> = {};
  for (const [account, slots] of watcher.writtenSlots()) {
    const values: Record<string, string> = {};
    for (const slot of slots) {
      const value = await state.getStorage(createAddressFromString(account), hexToBytes(slot as `0x${string}`));
      values[slot] = slotHex(value.length === 0 ? 0n : BigInt(hex(value)));
    }
    storage[account] = values;
  }
  const error = result.execResult.exceptionError;
  const trace = recorder?.finish({
    address: input.to,
    failed: error !== undefined,
    gasUsed: result.execResult.executionGasUsed,
    returnValue: hex(result.execResult.returnValue),
  });
  return {
    calls: watcher.calls,
    logs: (error ? [] : (result.execResult.logs ?? [])).map(([address, topics, data]) => ({
      address: hex(address),
      topics: topics.map(hex),
      data: hex(data),
    })),
    storage,
    output: hex(result.execResult.returnValue),
    failed: error !== undefined,
    steps: watcher.steps,
    ...(trace ? { trace } : {}),
  };
}

function blockOf(input: CheckedReplayInput) {
  return {
    header: {
      number: input.blockNumber,
      coinbase: new Address(new Uint8Array(20)),
      timestamp: input.timestamp,
      difficulty: 0n,
      prevRandao: new Uint8Array(32),
      gasLimit: 15_000_000n,
      baseFeePerGas: 0n,
      getBlobGasPrice: () => undefined,
    },
  };
}

function short(data: string): string {
  return data.length > 74 ? `${data.slice(0, 74)}…` : data;
}

/** Follows the run step by step: the frames as actions, the slots written, and what refuses the replay. */
class Watcher {
  readonly calls: ObservedCall[] = [];
  steps = 0;
  /** Open frames: their call and the slots first written in them (undone if the frame fails). */
  private readonly open: Array<{ call: ObservedCall; added: Array<[string, string]> }> = [];
  private readonly lastOp: string[] = [];
  /** A GAS step whose next step in its frame must be a call (else `gasleft()` reaches behaviour). */
  private gasAt: { depth: number; where: string } | undefined;
  private readonly written = new Map<string, Set<string>>();
  /** Slots written so far that are still in effect, per account (for reads of slots the pre-state does not know). */
  private readonly live = new Map<string, Set<string>>();

  constructor(
    private readonly known: ReadonlyMap<string, { balance: boolean; slots: ReadonlySet<string> }>,
    private readonly budgets: ReplayBudgets,
  ) {}

  writtenSlots(): Map<string, Set<string>> {
    return this.written;
  }

  step(step: InterpreterStep): void {
    if (++this.steps > this.budgets.maxSteps) {
      throw new ReplayRefused(
        'budget',
        `The replay ran past its budget of ${this.budgets.maxSteps} steps (it loops, or the debug build costs far more steps).`,
      );
    }
    const op = step.opcode.name;
    const account = step.address.toString().toLowerCase();
    const where = `pc ${step.pc} of ${step.codeAddress.toString().toLowerCase()} (call #${this.open.at(-1) ? this.calls.indexOf(this.open.at(-1)!.call) : 0})`;
    if (this.gasAt && this.gasAt.depth === step.depth) {
      if (!CALL_OPS.has(op)) {
        throw new ReplayRefused(
          'gas',
          `gasleft() is read at ${this.gasAt.where} and reaches more than a call's gas: gas differs in a replay, so it cannot be proven equal.`,
        );
      }
      this.gasAt = undefined;
    }
    if (op === 'GAS') this.gasAt = { depth: step.depth, where };
    const top = step.stack.at(-1);
    if (op === 'SLOAD' && top !== undefined) {
      const slot = slotHex(top);
      if (!this.known.get(account)?.slots.has(slot) && !this.live.get(account)?.has(slot)) {
        throw new ReplayRefused(
          'unknown-state',
          `The replay reads storage slot ${slot} of ${account} at ${where}, whose value before the transaction is not known (the transaction did not read it).`,
        );
      }
    }
    if (op === 'SSTORE' && top !== undefined) this.write(account, slotHex(top));
    if (op === 'SELFBALANCE' && !this.known.get(account)?.balance) {
      throw new ReplayRefused('unknown-state', `The replay reads the balance of ${account} at ${where}, which is not known.`);
    }
    if (ACCOUNT_READS.has(op) && top !== undefined) {
      const target = `0x${(top & ((1n << 160n) - 1n)).toString(16).padStart(40, '0')}`;
      const entry = this.known.get(target);
      if (nativeKindOf(target) === undefined && (entry === undefined || (op === 'BALANCE' && !entry.balance))) {
        throw new ReplayRefused(
          'unknown-state',
          `The replay reads ${op === 'BALANCE' ? 'the balance' : 'the code'} of ${target} at ${where}, which the pre-state does not know.`,
        );
      }
    }
    this.lastOp[step.depth] = op;
  }

  enter(message: Message): void {
    const depth = this.open.length;
    const isCreate = message.to === undefined;
    const opened = depth === 0 ? (isCreate ? 'CREATE' : 'CALL') : (this.lastOp[depth - 1] ?? 'UNKNOWN');
    const to = isCreate
      ? null
      : (message.delegatecall || opened === 'CALLCODE' ? message.codeAddress : message.to!).toString().toLowerCase();
    if (to !== null && nativeKindOf(to) === undefined && !this.known.has(to)) {
      throw new ReplayRefused(
        'unknown-state',
        `The replay calls ${to} (call #${this.calls.length}), an account the pre-state does not have.`,
      );
    }
    const call: ObservedCall = {
      depth,
      operation: opened,
      to,
      input: hex(isCreate && message.code instanceof Uint8Array ? message.code : message.data),
      value: opened === 'DELEGATECALL' || opened === 'STATICCALL' ? 0n : message.value,
      output: '0x',
      resultType: 'OUTPUT',
    };
    this.calls.push(call);
    this.open.push({ call, added: [] });
  }

  exit(result: EVMResult): void {
    const frame = this.open.pop();
    if (!frame) return;
    const error = result.execResult.exceptionError;
    const call = frame.call;
    if (call.to === null && result.createdAddress) call.to = result.createdAddress.toString().toLowerCase();
    call.output = hex(result.execResult.returnValue);
    call.resultType = error === undefined ? 'OUTPUT' : error.error === EVMError.errorMessages.REVERT ? 'REVERT_REASON' : 'ERROR';
    if (error?.error === EVMError.errorMessages.OUT_OF_GAS) {
      throw new ReplayRefused(
        'gas',
        `Call #${this.calls.indexOf(call)} (to ${call.to}) ran out of gas in the replay: gas reaches behaviour there, so the replay cannot be proven equal.`,
      );
    }
    if (error) for (const [account, slot] of frame.added) this.live.get(account)?.delete(slot);
    else this.open.at(-1)?.added.push(...frame.added);
  }

  private write(account: string, slot: string): void {
    let written = this.written.get(account);
    if (!written) this.written.set(account, (written = new Set()));
    written.add(slot);
    let live = this.live.get(account);
    if (!live) this.live.set(account, (live = new Set()));
    if (!live.has(slot)) {
      live.add(slot);
      this.open.at(-1)?.added.push([account, slot]);
    }
  }
}
