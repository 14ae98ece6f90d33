/**
 * The `reason` the mirror gives a system contract's synthetic opcode entry (hiero-mirror-node web3
 * `AbstractOpcodeTracer.getRevertReasonFromContractActions` and `formatRevertReason`): the result data of the FIRST
 * action of the whole transaction that reverted, whichever frame it belongs to, formatted; null when none reverted.
 * So a successful token-service call can carry another frame's revert data, and ERROR actions (halts) never count.
 */
import { encodeAbiParameters } from 'viem';
import { responseCode } from '../../../src/core/hedera/response-codes';
import type { RecordedAction } from './actions';

const ERROR_SELECTOR = '08c379a0';
/** Response codes are int32: at most four significant bytes. */
const MAX_CODE_BYTES = 4;

export function systemCallReason(actions: readonly RecordedAction[]): string | null {
  const reverted = actions.find((a) => a.resultDataType === 'REVERT_REASON');
  return reverted === undefined ? null : formatRevertReason(reverted.resultData);
}

/** Empty or all zero → `0x`; `Error(string)` kept; a response code's number → `Error(NAME)`; other bytes → `Error(text)`. */
export function formatRevertReason(data: string): string {
  const hex = data.replace(/^0x/i, '').toLowerCase();
  const bytes = Buffer.from(hex, 'hex');
  if (bytes.every((b) => b === 0)) return '0x';
  if (hex.startsWith(ERROR_SELECTOR)) return `0x${hex}`;
  const significant = bytes.subarray(bytes.findIndex((b) => b !== 0));
  const code = significant.length <= MAX_CODE_BYTES ? responseCode(BigInt(`0x${significant.toString('hex')}`)) : null;
  const message = code?.name ?? bytes.toString('utf8');
  return `0x${ERROR_SELECTOR}${encodeAbiParameters([{ type: 'string' }], [message]).slice(2)}`;
}
