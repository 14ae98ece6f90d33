// One call frame by name: a Hedera system contract's function with its response code, or a workspace function with
// its arguments, return values and (when it reverted) its error. This is what the CLI prints and the panel shows.
import { describeResponseCode, SUCCESS, type ResponseCode } from '../hedera/response-codes';
import { nameSystemCall } from '../hedera/system-calls';
import { systemContractAt, type SystemContract } from '../hedera/system-contracts';
import { decodeCall, decodeError, decodeReturn, describeDecoded, type DecodedError } from './decode';
import { namePrecompileCall, precompileAt } from './precompiles';
import type { AbiRegistry } from './registry';
import { argumentList, shownValue, type NamedValue } from './values';

/** What is known of one call: where it went, its calldata and what it answered. */
export interface CallData {
  to: string | null;
  input: string | null | undefined;
  /** Output, or the revert data when `reverted`. */
  output: string | null | undefined;
  reverted: boolean;
  /** The contract (by name) known to run at `to`, to prefer its declarations when selectors are shared. */
  contract?: string;
}

export interface NamedCall {
  /** The system contract's short name (`HTS`, `ExchangeRate`, `PRNG`, `HAS`, `HSS`), `precompile`, else null. */
  system: SystemContract['name'] | 'precompile' | null;
  /** Who declares the function: a workspace contract or interface, or the system contract. */
  contract: string | null;
  /** Function name; null when unknown. */
  function: string | null;
  signature: string | null;
  args: NamedValue[] | null;
  returns: NamedValue[] | null;
  /** The decoded revert data of a reverted call (custom error, Error or Panic). */
  error: DecodedError | null;
  /** A system call's Hedera response code. */
  responseCode: ResponseCode | null;
}

export function nameCall(abis: AbiRegistry, call: CallData): NamedCall {
  const precompile = precompileAt(call.to);
  if (precompile) {
    const { args, returns } = namePrecompileCall(precompile, call.input, call.output, call.reverted);
    return {
      system: 'precompile',
      contract: null,
      function: precompile.name,
      signature: null,
      args,
      returns,
      error: null,
      responseCode: null,
    };
  }
  const system = systemContractAt(call.to);
  if (system) {
    const named = nameSystemCall(system, call.input, call.output, call.reverted);
    return {
      system: system.name,
      contract: system.name,
      function: named.call?.name ?? null,
      signature: named.call?.signature ?? null,
      args: named.call?.args ?? null,
      returns: named.returns,
      error: null,
      responseCode: named.responseCode,
    };
  }
  const decoded = decodeCall(abis, call.input, call.contract);
  return {
    system: null,
    contract: decoded?.contract ?? null,
    function: decoded?.name ?? null,
    signature: decoded?.signature ?? null,
    args: decoded?.args ?? null,
    returns: decoded && !call.reverted ? decodeReturn(decoded, call.output) : null,
    error: call.reverted ? decodeError(abis, call.output, call.contract) : null,
    responseCode: null,
  };
}

/**
 * `HTS.transferToken(token: 0.0.5001, …) → INSUFFICIENT_TOKEN_BALANCE`, `Vault.withdraw(amount: 100) reverted:
 * InsufficientBalance(…)`, `double(x: 21) → 42`; null when the function is unknown.
 */
export function describeCall(named: NamedCall): string | null {
  if (named.function === null) return null;
  const head = `${named.contract ? `${named.contract}.` : ''}${named.function}(${argumentList(named.args ?? [])})`;
  if (named.responseCode) return `${head} → ${describeResponseCode(named.responseCode)}`;
  if (named.error) return `${head} reverted: ${describeDecoded(named.error)}`;
  if (named.returns && named.returns.length > 0)
    return `${head} → ${named.returns.length === 1 ? shownValue(named.returns[0]) : `(${argumentList(named.returns)})`}`;
  return head;
}

/** The token-service parameters that name a token (by its long-zero address, shown as `0.0.N`). */
const TOKEN_PARAM = /^token(?:Address|Id)?$/;
/** The ones that name a list of tokens (`associateTokens(account, tokens)`, `rejectTokens(…, ftAddresses, …)`). */
const TOKEN_LIST_PARAM = /^(?:tokens|ftAddresses)$/;
const ENTITY_ID = /^\d{1,4}\.\d{1,5}\.\d{1,12}$/;
/** Links kept for one call: a list argument may name hundreds. */
const MAX_TOKEN_LINKS = 16;

/** The `0.0.N` ids of the tokens a token-service call names, once each in argument order; empty for any other call. */
export function tokenArguments(named: NamedCall): string[] {
  if (named.system !== 'HTS' || !named.args) return [];
  const ids = named.args.flatMap((a) => {
    if (a.type === 'address' && TOKEN_PARAM.test(a.name)) return [a.value];
    // Shown as `[0.0.5001, 0.0.5002]` (values.ts renders arrays so, system-calls.ts the long-zero ids).
    if (a.type === 'address[]' && TOKEN_LIST_PARAM.test(a.name)) return a.value.replace(/^\[|\]$/g, '').split(', ');
    return [];
  });
  return [...new Set(ids.filter((id) => ENTITY_ID.test(id)))].slice(0, MAX_TOKEN_LINKS);
}

/** True when a system call answered anything but SUCCESS. */
export function systemCallFailed(named: NamedCall): boolean {
  return named.responseCode !== null && named.responseCode.code !== SUCCESS;
}
