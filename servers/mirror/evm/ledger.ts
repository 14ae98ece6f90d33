/**
 * An in-memory EVM chain (@ethereumjs/vm) with one funded payer. Contracts are deployed with ordinary create
 * transactions and then moved to the long-zero address of their Hedera entity number, so both
 * `0.0.1001` and `0x…03e9` name the same contract, as they do on Hedera.
 */
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createLegacyTx } from '@ethereumjs/tx';
import { Account, Address, createAddressFromString, hexToBytes, privateToAddress, setLengthLeft } from '@ethereumjs/util';
import { createVM, runTx, type VM } from '@ethereumjs/vm';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { ActionRecorder, type RecordedAction } from './actions';
import { systemCallReason } from './system-reason';
import { listen, type RecordedTransaction, TraceRecorder, type EvmEvents } from './recorder';

/** Hedera's per-transaction gas limit. */
export const DEFAULT_GAS_LIMIT = 15_000_000n;

export interface TransactionOutcome {
  failed: boolean;
  gasUsed: number;
  /** `0x`-hex output of a successful transaction; "0x" for a failed one, as the mirror reports it. */
  returnValue: string;
  /** `0x`-hex output, also of a failed transaction (its revert data). */
  output: string;
  /** Why the top-level frame failed without REVERT (out of gas, invalid opcode…); undefined otherwise. */
  halt: string | undefined;
  gasLimit: bigint;
  /** Calldata (or init code) sent. */
  input: string;
  /** The sender's EVM address, `0x` + 40 lowercase hex. */
  from: string;
  trace: RecordedTransaction;
  actions: RecordedAction[];
  logs: TransactionLog[];
}

export interface TransactionLog {
  /** `0x` + 40 lowercase hex. */
  address: string;
  /** `0x` + 64 hex each. */
  topics: string[];
  data: string;
}

export class Ledger {
  private readonly payerKey = keccak_256(utf8ToBytes('ledger-mirror reference payer'));
  readonly payer = new Address(privateToAddress(this.payerKey));

  private constructor(
    private readonly vm: VM,
    private readonly common: Common,
  ) {}

  static async create(): Promise<Ledger> {
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
    const ledger = new Ledger(await createVM({ common }), common);
    await ledger.vm.stateManager.putAccount(ledger.payer, new Account(0n, 10n ** 30n));
    return ledger;
  }

  /** Sends a transaction from the payer and records its steps (`preOp` picks the pc/gas convention). */
  async send(to: string | undefined, data: string, preOp: boolean, gasLimit = DEFAULT_GAS_LIMIT, value = 0n): Promise<TransactionOutcome> {
    const nonce = (await this.vm.stateManager.getAccount(this.payer))?.nonce ?? 0n;
    const tx = createLegacyTx(
      {
        nonce,
        gasLimit,
        gasPrice: 10n,
        value,
        to: to === undefined ? undefined : createAddressFromString(to),
        data: hexToBytes(data as `0x${string}`),
      },
      { common: this.common },
    ).sign(this.payerKey);
    const events: EvmEvents | undefined = this.vm.evm.events;
    if (!events) throw new Error('this EVM emits no step events');
    const recorder = new TraceRecorder(preOp);
    const actions = new ActionRecorder();
    const detach = listen(events, [recorder, actions]);
    try {
      const result = await runTx(this.vm, { tx, skipBlockGasLimitValidation: true });
      const error = result.execResult.exceptionError;
      const output = hex(result.execResult.returnValue);
      const recordedActions = actions.done();
      return {
        failed: error !== undefined,
        gasUsed: Number(result.totalGasSpent),
        returnValue: error ? '0x' : output,
        output,
        halt: error && error.error !== 'revert' ? error.error : undefined,
        gasLimit,
        input: data,
        from: this.payer.toString().toLowerCase(),
        trace: recorder.done(systemCallReason(recordedActions)),
        actions: recordedActions,
        logs: result.receipt.logs.map(([address, topics, logData]) => ({
          address: hex(address),
          topics: topics.map(hex),
          data: hex(logData),
        })),
      };
    } finally {
      detach();
    }
  }

  /**
   * Runs `initCode` and moves the resulting contract (code, and any storage its constructor wrote) to
   * `address`. Returns the runtime bytecode as `0x`-hex and the slots the constructor wrote.
   */
  async deployAt(address: string, initCode: string): Promise<{ runtimeBytecode: string; storage: [string, string][] }> {
    const outcome = await this.send(undefined, initCode, false);
    const created = outcome.trace.createdAddresses[0];
    if (outcome.failed || created === undefined) throw new Error(`deployment to ${address} failed`);
    const state = this.vm.stateManager;
    const from = createAddressFromString(created);
    const target = createAddressFromString(address);
    const code = await state.getCode(from);
    // Contracts start at nonce 1 (EIP-161), which fixes the addresses their own CREATEs derive.
    await state.putAccount(target, new Account(1n, 0n));
    await state.putCode(target, code);
    const storage = outcome.trace.writtenStorage(created);
    for (const [key, value] of storage) {
      await state.putStorage(target, setLengthLeft(hexToBytes(key as `0x${string}`), 32), hexToBytes(value as `0x${string}`));
    }
    await state.deleteAccount(from);
    return { runtimeBytecode: `0x${Buffer.from(code).toString('hex')}`, storage };
  }

  /** Puts runtime code at `address` without running anything (what the node does for a token's facade). */
  async install(address: string, runtimeCode: string): Promise<void> {
    const target = createAddressFromString(address);
    await this.vm.stateManager.putAccount(target, new Account(1n, 0n));
    await this.vm.stateManager.putCode(target, hexToBytes(runtimeCode as `0x${string}`));
  }

  async code(address: string): Promise<string> {
    return hex(await this.vm.stateManager.getCode(createAddressFromString(address)));
  }
}

const hex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;
