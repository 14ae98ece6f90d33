/**
 * Records one transaction's call frames as the mirror's contract actions (`/contracts/results/{id}/actions`,
 * hapi `contract_action.proto`): one action per message the EVM runs, numbered in the order the messages start
 * (the mirror orders actions by `index`, which the consensus node assigns as frames open).
 */
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { NativeScope } from './native-calls';
import type { EvmListener } from './recorder';

export type CallOperationType = 'CALL' | 'CALLCODE' | 'DELEGATECALL' | 'STATICCALL' | 'CREATE' | 'CREATE2' | 'UNKNOWN';
/** hapi ContractActionType: CALL excludes calls to system contracts (SYSTEM) and EVM precompiles (PRECOMPILE). */
export type CallType = 'CALL' | 'CREATE' | 'PRECOMPILE' | 'SYSTEM';
/** Which oneof the action's result is: output, the REVERT data, or an error without REVERT (a halt). */
export type ResultDataType = 'OUTPUT' | 'REVERT_REASON' | 'ERROR';

export interface RecordedAction {
  index: number;
  callDepth: number;
  callOperationType: CallOperationType;
  callType: CallType;
  /** The frame that made the call (the payer's address for the top-level call), `0x` + 40 lowercase hex. */
  from: string;
  /** Recipient; for a DELEGATECALL or CALLCODE the code's address; for a create the new contract (null if it failed). */
  to: string | null;
  /** Calldata, or the init code of a create, `0x`-hex. */
  input: string;
  resultData: string;
  resultDataType: ResultDataType;
  gas: bigint;
  gasUsed: bigint;
  value: bigint;
}

/** Why the node halts a call that sends value to a system contract. */
const SYSTEM_HALT = 'INVALID_CONTRACT_ID';

const CALL_OPS: ReadonlySet<string> = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
const hex = (bytes: Uint8Array | undefined): string => `0x${Buffer.from(bytes ?? new Uint8Array()).toString('hex')}`;

export class ActionRecorder implements EvmListener {
  private readonly actions: RecordedAction[] = [];
  /** Open frames: the action each belongs to and the address its code runs as (`address(this)`). */
  private readonly open: Array<{ action: RecordedAction; self: string }> = [];
  /** The op each depth ran last: the one that opened the next frame. */
  private readonly lastOp: string[] = [];
  private readonly scope = new NativeScope();

  step(step: InterpreterStep): void {
    if (this.scope.inside) return;
    this.lastOp[step.depth] = step.opcode.name;
  }

  done(): RecordedAction[] {
    if (this.open.length > 0) throw new Error('transaction still running: afterMessage missing');
    return [...this.actions];
  }

  enter(message: Message): void {
    const event = this.scope.enter(message);
    if (event.kind === 'hidden') return;
    const depth = this.open.length;
    const opened = depth === 0 ? (message.to === undefined ? 'CREATE' : 'CALL') : this.lastOp[depth - 1];
    const operation: CallOperationType = opened !== undefined && CALL_OPS.has(opened) ? (opened as CallOperationType) : 'UNKNOWN';
    const isCreate = message.to === undefined;
    const self = isCreate ? '' : message.to!.toString().toLowerCase();
    const codeAddress = isCreate
      ? null
      : (message.delegatecall || operation === 'CALLCODE' ? message.codeAddress : message.to!).toString().toLowerCase();
    const callType: CallType = event.kind === 'native' ? event.native : isCreate ? 'CREATE' : 'CALL';
    const carriesValue = operation !== 'DELEGATECALL' && operation !== 'STATICCALL';
    const action: RecordedAction = {
      index: this.actions.length,
      callDepth: depth,
      callOperationType: operation,
      callType,
      from: depth === 0 ? message.caller.toString().toLowerCase() : this.open[depth - 1]!.self,
      to: codeAddress,
      // A creation's input is its init code (the node's sidecar records it so): the EVM moves it from `data` to
      // `code` only once the message runs, after this event.
      input: hex(isCreate && message.code instanceof Uint8Array ? message.code : message.data),
      resultData: '0x',
      resultDataType: 'OUTPUT',
      gas: message.gasLimit,
      gasUsed: 0n,
      value: carriesValue ? message.value : 0n,
    };
    this.actions.push(action);
    this.open.push({ action, self });
  }

  exit(result: EVMResult): void {
    if (this.scope.exit() === 'hidden') return;
    const frame = this.open.pop();
    if (!frame) throw new Error('afterMessage without beforeMessage');
    const { action } = frame;
    const error = result.execResult.exceptionError;
    action.gasUsed = result.execResult.executionGasUsed;
    if (action.callType === 'CREATE') action.to = result.createdAddress?.toString().toLowerCase() ?? null;
    if (!error) {
      action.resultData = hex(result.execResult.returnValue);
    } else if (error.error === 'revert') {
      action.resultDataType = 'REVERT_REASON';
      action.resultData = hex(result.execResult.returnValue);
    } else {
      // A halt has no output; the node records why, as text. The only halt of our stand-ins is value sent to a
      // system account, which the node refuses with INVALID_CONTRACT_ID (CustomMessageCallProcessor).
      action.resultDataType = 'ERROR';
      action.resultData = hex(Buffer.from(action.callType === 'SYSTEM' ? SYSTEM_HALT : error.error, 'utf8'));
    }
  }
}
