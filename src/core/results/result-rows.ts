// A contract result row as people read it: the function called by name (the ABIs of the workspace build or of
// verified sources), or its selector when no ABI declares it; the outcome, with a failure's `error_message` named as a
// custom error with its arguments, Error(string), Panic or a Hedera response code; gas, caller and time. Shared by
// the Contracts view and `ledger-mirror results`, so both say the same. Decoding is bounded: the function is found by
// its selector alone (calldata of any size costs nothing), and revert data longer than MAX_DECODED_ERROR_CHARS is
// described by its size, not decoded.
import { shownNumber } from '../approximate';
import { describeResponseCode, responseCodeNamed } from '../hedera/response-codes';
import { entityOfAddress } from '../ids';
import { argsObject, decodeError, describeDecoded } from '../names/decode';
import type { AbiRegistry } from '../names/registry';
import { safeLine } from '../safe-text';
import { decodeRevert } from '../trace/revert';
import { describeRevert } from '../../shared/revert-text';
import type { ContractResultRow } from './results-page';

/** Revert data beyond this many hex characters (32 KiB of data) is not decoded. */
export const MAX_DECODED_ERROR_CHARS = 64 * 1024;
/** A text error_message (a halt reason or status) is shown up to this many characters. */
export const MAX_ERROR_TEXT = 300;

export type ErrorKind = 'custom' | 'Error' | 'Panic' | 'response-code' | 'revert-data' | 'text';

export interface RowError {
  kind: ErrorKind;
  /** One line, safe to show. */
  text: string;
  /** For a custom error, Error and Panic: the name, signature and arguments (values as exact text). */
  name: string | null;
  signature: string | null;
  args: Record<string, string> | null;
}

export interface ResultRowView {
  /** `seconds.nanos`, the consensus timestamp. */
  timestamp: string;
  /** ISO 8601 of the consensus timestamp, to the millisecond. */
  time: string;
  hash: string;
  contractId: string | null;
  /** `0.0.x` of the payer's long-zero address, else the address, else null. */
  caller: string | null;
  from: string | null;
  /** The function by name, its 4-byte selector when no ABI declares it, or null without calldata. */
  functionName: string | null;
  signature: string | null;
  selector: string | null;
  failed: boolean;
  /** The failure, named; null on success. */
  error: RowError | null;
  gasUsed: string | null;
  gasLimit: string | null;
}

const HEX_DATA = /^0x[0-9a-fA-F]*$/;

export function describeRow(abis: AbiRegistry, row: ContractResultRow, contractName?: string): ResultRowView {
  const input = row.function_parameters ?? null;
  const selector = input && input.length >= 10 ? input.slice(0, 10).toLowerCase() : null;
  const fn = selector ? abis.findFunction(selector, contractName) : undefined;
  const message = row.error_message ?? null;
  const failed = message !== null && message !== '';
  const from = row.from ?? null;
  return {
    timestamp: row.timestamp,
    time: consensusIso(row.timestamp),
    hash: row.hash,
    contractId: row.contract_id ?? null,
    caller: entityOfAddress(from) ?? from,
    from,
    functionName: fn ? fn.item.name : selector,
    signature: fn ? fn.signature : null,
    selector,
    failed,
    error: failed ? describeError(abis, message, contractName) : null,
    gasUsed: row.gas_used === null || row.gas_used === undefined ? null : shownNumber(row.gas_used),
    gasLimit: row.gas_limit === null || row.gas_limit === undefined ? null : shownNumber(row.gas_limit),
  };
}

/** One line of at most MAX_ERROR_TEXT characters, safe to show. */
const clip = (text: string): string => (text.length > MAX_ERROR_TEXT ? `${safeLine(text.slice(0, MAX_ERROR_TEXT))}…` : safeLine(text));

const error = (kind: ErrorKind, text: string, named?: { name: string; signature: string; args: Record<string, string> }): RowError => ({
  kind,
  text: clip(text),
  name: named?.name ?? null,
  signature: named?.signature ?? null,
  args: named?.args ?? null,
});

/** The mirror's error_message: revert data as hex, or a halt's reason or status name as text. */
export function describeError(abis: AbiRegistry, message: string, contractName?: string): RowError {
  if (HEX_DATA.test(message)) {
    if (message.length > MAX_DECODED_ERROR_CHARS)
      return error('revert-data', `reverted with ${(message.length - 2) / 2} bytes of data (not decoded)`);
    const revert = decodeRevert(message);
    if (revert === null) return error('revert-data', 'reverted without data');
    const named = revert.kind === 'CustomError' || revert.kind === 'Raw' ? decodeError(abis, message, contractName) : null;
    if (named)
      return error('custom', describeDecoded(named), { name: named.name, signature: named.signature, args: argsObject(named.args) });
    if (revert.kind === 'Error')
      return error('Error', describeRevert(revert), { name: 'Error', signature: 'Error(string)', args: { message: revert.message } });
    if (revert.kind === 'Panic')
      return error('Panic', describeRevert(revert), { name: 'Panic', signature: 'Panic(uint256)', args: { code: String(revert.code) } });
    return error('revert-data', describeRevert(revert));
  }
  const code = responseCodeNamed(message.trim());
  if (code) return error('response-code', `${describeResponseCode(code)} (Hedera response code ${code.code})`);
  return error('text', message);
}

/** `1735689611.000000001` → `2025-01-01T00:00:11.000Z`. */
export function consensusIso(timestamp: string): string {
  const [seconds, nanos = '0'] = timestamp.split('.');
  return new Date(Number(seconds) * 1000 + Math.floor(Number(nanos.padEnd(9, '0')) / 1e6)).toISOString();
}

/** `just now`, `5 min ago`, `3 h ago`, `2 days ago` from `nowMs`; the date for anything older than 30 days. */
export function relativeTime(timestamp: string, nowMs: number): string {
  const iso = consensusIso(timestamp);
  const seconds = Math.floor((nowMs - Date.parse(iso)) / 1000);
  if (seconds < 0) return iso.slice(0, 10);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  if (days <= 30) return days === 1 ? '1 day ago' : `${days} days ago`;
  return iso.slice(0, 10);
}

/** One line: `fn · outcome · gas · caller`, the CLI's row and the view's description share it. */
export function rowOutcome(view: ResultRowView): string {
  return view.error ? view.error.text : 'success';
}
