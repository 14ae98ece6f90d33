// What a trace header says about the transaction, from the mirror's contract result: who called what (EVM address
// and 0.0.x), value, gas, block, the mirror's error message (named when it is revert data an ABI declares) and the
// called function by name.
import type { TraceHeader } from '../../shared/trace-protocol';
import { shownNumber } from '../approximate';
import type { ContractResult } from '../contract-results';
import { parseTokenId } from '../ids';
import { nameCall, type NamedCall } from './call-names';
import { decodeError, describeDecoded } from './decode';
import type { AbiRegistry } from './registry';

/** The header as the panel shows it, with the called function still structured (the CLI's JSON needs its parts; the panel's token links come from it). */
export interface ResultHeader extends Omit<TraceHeader, 'call' | 'tokens'> {
  call: NamedCall;
}

const text = (value: Parameters<typeof shownNumber>[0] | null | undefined): string | null =>
  value === null || value === undefined ? null : shownNumber(value);

export function resultHeader(abis: AbiRegistry, result: ContractResult): ResultHeader {
  const from = result.from ?? null;
  const to = result.to ?? result.address ?? null;
  const failed = result.status !== '0x1';
  const errorData = result.error_message ?? null;
  const named = errorData === null ? null : decodeError(abis, errorData);
  return {
    from,
    fromId: longZeroId(from),
    to,
    toId: result.contract_id ?? longZeroId(to),
    value: text(result.amount) ?? '0',
    gasLimit: shownNumber(result.gas_limit),
    gasUsed: text(result.gas_used),
    block: text(result.block_number),
    result: result.result,
    error: named ? describeDecoded(named) : errorData,
    call: nameCall(abis, { to, input: result.function_parameters, output: failed ? errorData : result.call_result, reverted: failed }),
  };
}

function longZeroId(address: string | null): string | null {
  if (!address) return null;
  const parsed = parseTokenId(address);
  return parsed.ok ? parsed.value : null;
}
