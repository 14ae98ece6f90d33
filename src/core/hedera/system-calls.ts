// A call to a Hedera system contract by name, with the Hedera response code it answered. Classic token-service
// calls succeed and return the code in their output even when it is not SUCCESS; facade-style failures revert with
// the code as a 32-byte number or its name as text (notes §4, "Failure encodings"): all three are read here.
import { decodeCall, decodeError, decodeReturn, type DecodedCall } from '../names/decode';
import { AbiRegistry } from '../names/registry';
import { argumentList, type NamedValue } from '../names/values';
import { responseCode, responseCodeNamed, type ResponseCode } from './response-codes';
import { TOKEN_FACADE, type SystemContract } from './system-contracts';

export interface SystemCall {
  system: SystemContract;
  /** Null when the selector is not one this system contract answers (or the arguments do not decode). */
  call: DecodedCall | null;
  returns: NamedValue[] | null;
  responseCode: ResponseCode | null;
}

/** Error(string) is built in, so an empty registry decodes it. */
const EMPTY = new AbiRegistry();

/** Long-zero addresses (shard 0, realm 0) as the `0.0.N` ids Hedera users know tokens and accounts by. */
const LONG_ZERO = /\b0x0{24}([0-9a-fA-F]{16})\b/g;

function withEntityIds(values: NamedValue[]): NamedValue[] {
  return values.map((v) =>
    v.type === 'address' || v.type === 'address[]'
      ? { ...v, value: v.value.replace(LONG_ZERO, (_m, num: string) => `0.0.${BigInt(`0x${num}`)}`) }
      : v,
  );
}

export function nameSystemCall(
  system: SystemContract,
  input: string | null | undefined,
  output: string | null | undefined,
  reverted: boolean,
): SystemCall {
  const decoded = REDIRECT.test(input ?? '') ? redirectForToken(input!) : decodeCall(system.functions, input);
  const call = decoded && { ...decoded, args: withEntityIds(decoded.args) };
  if (reverted) return { system, call, returns: null, responseCode: revertCode(output) };
  const returns = decoded && decodeReturn(decoded, output);
  const first = returns?.[0];
  const code = first && first.name === 'responseCode' ? responseCode(BigInt(first.value)) : null;
  return { system, call, returns: returns && withEntityIds(returns), responseCode: code };
}

/** A token facade's call, packed: `redirectForToken` selector ‖ the token's address ‖ the caller's calldata. */
const REDIRECT = /^0x618dc65e[0-9a-fA-F]{40}(?:[0-9a-fA-F]{2})*$/;

/** `redirectForToken(token: 0.0.5001, call: transfer(recipient: …, amount: 30))`, answered as the inner function answers. */
function redirectForToken(input: string): DecodedCall | null {
  const token: NamedValue = { name: 'token', type: 'address', value: `0x${input.slice(10, 50).toLowerCase()}`, isString: false };
  const inner = decodeCall(TOKEN_FACADE, `0x${input.slice(50)}`);
  if (!inner) return null;
  const call: NamedValue = {
    name: 'call',
    type: 'bytes',
    value: `${inner.name}(${argumentList(withEntityIds(inner.args))})`,
    isString: false,
  };
  return { ...inner, contract: 'HTS', name: 'redirectForToken', signature: 'redirectForToken(address,bytes)', args: [token, call] };
}

/** Revert data as a response code: a 32-byte number, the status name as text, or Error("<NAME>"). */
function revertCode(data: string | null | undefined): ResponseCode | null {
  if (!data || !/^0x(?:[0-9a-fA-F]{2})+$/.test(data)) return null;
  if (data.length === 66) return responseCode(BigInt(data));
  const text = Buffer.from(data.slice(2), 'hex').toString('latin1');
  const named = /^[A-Z][A-Z0-9_]{1,80}$/.test(text) ? responseCodeNamed(text) : null;
  if (named) return named;
  const error = decodeError(EMPTY, data);
  return error?.name === 'Error' ? responseCodeNamed(error.args[0]?.value ?? '') : null;
}
