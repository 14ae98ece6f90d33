// The Globals scope: what Solidity calls msg, tx, block, address(this) and gasleft() at a step, from the trace's
// frames (who called whom, by which kind of call) and the mirror's contract result and actions (value, calldata,
// block). Addresses carry their Hedera id (0.0.x) where the mirror or the address itself names it.
import type { ContractAction, ContractResult } from '../core/contract-results';
import type { Frame, Trace } from '../shared/trace-model';
import { entityOfAddress, type Variable } from './variables';

/** What the mirror says about the transaction and about the frame's own call; either may be missing (a trace file). */
export interface GlobalSources {
  result: ContractResult | undefined;
  /** The REST action of each trace frame, by index. */
  actions: ReadonlyArray<ContractAction | undefined>;
}

/** Bytes of msg.data shown after its size: the selector and the first two words. */
const DATA_HEAD_BYTES = 4 + 64;
const UNKNOWN = '(not in the trace or the mirror)';

const inherits = (f: Frame) => f.callType === 'DELEGATECALL' || f.callType === 'CALLCODE';

/** address(this): a delegate call runs in its caller's account (whose storage it reads and writes). */
export function thisOf(trace: Trace, f: Frame): string | null {
  return inherits(f) ? (f.parent >= 0 ? thisOf(trace, trace.frame(f.parent)) : null) : f.callee;
}

/** msg.sender: the calling account, except that a DELEGATECALL keeps its caller's. */
function senderOf(trace: Trace, f: Frame, sources: GlobalSources): string | null {
  if (f.parent < 0) return sources.result?.from ?? sources.actions[f.index]?.from ?? null;
  const parent = trace.frame(f.parent);
  return f.callType === 'DELEGATECALL' ? senderOf(trace, parent, sources) : thisOf(trace, parent);
}

/** msg.value in tinybars: a DELEGATECALL keeps its caller's, a STATICCALL has none. */
function valueOf(trace: Trace, f: Frame, sources: GlobalSources): bigint | undefined {
  if (f.callType === 'DELEGATECALL') return f.parent >= 0 ? valueOf(trace, trace.frame(f.parent), sources) : undefined;
  if (f.callType === 'STATICCALL') return 0n;
  const action = sources.actions[f.index];
  if (action) return BigInt(action.value);
  // An amount the mirror sent inexactly (exponent form) is not a value to show as exact.
  const amount = sources.result?.amount;
  if (f.parent < 0 && (typeof amount === 'number' || typeof amount === 'bigint')) return BigInt(amount);
  return undefined;
}

function named(address: string | null | undefined, id?: string | null): string {
  if (!address) return UNKNOWN;
  const entity = id ?? entityOfAddress(address);
  return entity ? `${address} (${entity})` : address;
}

export function globalVariables(trace: Trace, step: number, traceFrame: number, sources: GlobalSources): Variable[] {
  const f = trace.frame(traceFrame);
  const action = sources.actions[traceFrame];
  const root = sources.actions[0];
  const data = action?.input ?? (f.parent < 0 ? sources.result?.function_parameters : undefined) ?? undefined;
  const value = valueOf(trace, f, sources);
  const sender = senderOf(trace, f, sources);
  const self = thisOf(trace, f);
  const origin = sources.result?.from ?? root?.from ?? null;
  const bytes = data ? (data.length - 2) / 2 : 0;
  const out: Variable[] = [
    { name: 'msg.sender', type: 'address', value: named(sender, !inherits(f) && action?.from === sender ? action.caller : undefined) },
    { name: 'msg.value', type: 'uint256', value: value === undefined ? UNKNOWN : `${value} tinybars` },
    { name: 'msg.sig', type: 'bytes4', value: data && bytes >= 4 ? data.slice(0, 10) : data ? '0x00000000' : UNKNOWN },
    {
      name: 'msg.data',
      type: 'bytes',
      value: data
        ? `${bytes} bytes${bytes ? `: ${data.slice(0, 2 + DATA_HEAD_BYTES * 2)}${bytes > DATA_HEAD_BYTES ? '…' : ''}` : ''}`
        : UNKNOWN,
    },
    { name: 'tx.origin', type: 'address', value: named(origin, root?.from === origin ? root?.caller : undefined) },
    { name: 'block.number', type: 'uint256', value: sources.result?.block_number?.toString() ?? UNKNOWN },
    { name: 'block.timestamp', type: 'uint256', value: sources.result ? sources.result.timestamp.split('.')[0] : UNKNOWN },
    { name: 'address(this)', type: 'address', value: named(self, !inherits(f) && action?.to === self ? action.recipient : undefined) },
    { name: 'gasleft()', type: 'uint256', value: String(trace.row(step).gas) },
  ];
  return out;
}
