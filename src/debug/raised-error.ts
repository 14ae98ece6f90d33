// The error a reverting frame raised, by name, for the stop's text and the exception widget (exceptionInfo): decoded
// by the trace panel's own decoder (core/names/decode), so both say `InsufficientBalance(available: 5, required: 100)`.
import { decodeError, describeDecoded } from '../core/names/decode';
import { describeRevert } from '../shared/revert-text';
import type { Program } from '../core/sourcemap/program';
import { programAbis } from './program-abis';

export interface RaisedError {
  /** What the error says: the decoded error with its arguments, Error's message, Panic's meaning, or the raw data. */
  description: string;
  /** The error's name (`InsufficientBalance`, `Error`, `Panic`), when known. */
  name: string | undefined;
  /** Its signature, when an ABI declares it (`InsufficientBalance(uint256,uint256)`). */
  signature: string | undefined;
  /** The first four bytes of the revert data, when there are four. */
  selector: string | undefined;
}

/** The revert of trace frame `traceFrame`. */
export function raisedError(program: Program, traceFrame: number): RaisedError {
  const r = program.trace.frame(traceFrame).revert;
  if (!r) return { description: 'Reverted without data', name: undefined, signature: undefined, selector: undefined };
  const selector = /^0x[0-9a-fA-F]{8}/.test(r.data) ? r.data.slice(0, 10).toLowerCase() : undefined;
  if (r.kind === 'Error') return { description: r.message, name: 'Error', signature: 'Error(string)', selector };
  if (r.kind === 'Panic') return { description: r.message, name: 'Panic', signature: 'Panic(uint256)', selector };
  const decoded =
    r.kind === 'CustomError' ? decodeError(programAbis(program), r.data, program.frameCode[traceFrame]?.artifact?.name) : null;
  if (decoded) return { description: describeDecoded(decoded), name: decoded.name, signature: decoded.signature, selector };
  return {
    description: r.kind === 'Raw' ? `Reverted with ${r.data}` : `Reverted with ${describeRevert(r)}`,
    name: undefined,
    signature: undefined,
    selector,
  };
}
