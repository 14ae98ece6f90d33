// The EVM precompiles at 0x01–0x11 by the names their EIPs give them, with the inputs and outputs of those whose
// format is fixed decoded (ecrecover, sha256, ripemd160, identity). The node runs them natively; the mirror records
// each call as one synthetic entry and one PRECOMPILE action.
// Sources: the Ethereum yellow paper appendix E (0x01–0x04), EIP-198 (modexp), EIP-196/197 (BN254), EIP-152
// (blake2f), EIP-4844 (point evaluation), EIP-2537 (BLS12-381, 0x0b–0x11).
import type { NamedValue } from './values';

export interface Precompile {
  address: number;
  name: string;
  /** Reads the call's input and output, where the format is fixed; undefined for the others. */
  decode?: (input: Buffer, output: Buffer) => { args: NamedValue[]; returns: NamedValue[] };
}

const value = (name: string, type: string, text: string): NamedValue => ({ name, type, value: text, isString: false });
const hex = (bytes: Buffer): string => `0x${bytes.toString('hex')}`;
/** A precompile reads missing input bytes as zeros. */
const wordAt = (input: Buffer, offset: number): Buffer => {
  const word = Buffer.alloc(32);
  input.copy(word, 0, offset, offset + 32);
  return word;
};

const digest = (bytes: number) => (input: Buffer, output: Buffer) => ({
  args: [value('data', 'bytes', hex(input))],
  returns: output.length === 32 ? [value('digest', `bytes${bytes}`, hex(output.subarray(32 - bytes)))] : [],
});

/** Names by address, from 0x01. */
const NAMES = [
  'ecrecover',
  'sha256',
  'ripemd160',
  'identity',
  'modexp',
  'ecAdd',
  'ecMul',
  'ecPairing',
  'blake2f',
  'pointEvaluation',
  'bls12G1Add',
  'bls12G1Msm',
  'bls12G2Add',
  'bls12G2Msm',
  'bls12PairingCheck',
  'bls12MapFpToG1',
  'bls12MapFp2ToG2',
] as const;

const DECODERS: Partial<Record<(typeof NAMES)[number], Precompile['decode']>> = {
  ecrecover: (input, output) => ({
    args: [
      value('hash', 'bytes32', hex(wordAt(input, 0))),
      value('v', 'uint256', BigInt(hex(wordAt(input, 32))).toString()),
      value('r', 'bytes32', hex(wordAt(input, 64))),
      value('s', 'bytes32', hex(wordAt(input, 96))),
    ],
    // An invalid signature answers nothing at all.
    returns: output.length === 32 ? [value('signer', 'address', hex(output.subarray(12)))] : [],
  }),
  sha256: digest(32),
  ripemd160: digest(20),
  identity: (input, output) => ({ args: [value('data', 'bytes', hex(input))], returns: [value('data', 'bytes', hex(output))] }),
};

const PRECOMPILES: readonly Precompile[] = NAMES.map((name, i) => ({ address: i + 1, name, decode: DECODERS[name] }));

const BY_ADDRESS = new Map(PRECOMPILES.map((p) => [p.address, p]));

/** The precompile at `address` (`0x` + 40 hex), if any. */
export function precompileAt(address: string | null | undefined): Precompile | undefined {
  const m = address ? /^0x0{38}([0-9a-fA-F]{2})$/.exec(address) : null;
  return m ? BY_ADDRESS.get(Number.parseInt(m[1], 16)) : undefined;
}

const HEX_DATA = /^0x(?:[0-9a-fA-F]{2})*$/;
const bytesOf = (data: string | null | undefined): Buffer | undefined =>
  data && HEX_DATA.test(data) ? Buffer.from(data.slice(2), 'hex') : undefined;

/** Arguments and results of a precompile call by name; null where the format is not fixed or the data is missing. */
export function namePrecompileCall(
  precompile: Precompile,
  input: string | null | undefined,
  output: string | null | undefined,
  reverted: boolean,
): { args: NamedValue[] | null; returns: NamedValue[] | null } {
  const [inBytes, outBytes] = [bytesOf(input), bytesOf(output)];
  if (!precompile.decode || !inBytes) return { args: null, returns: null };
  const decoded = precompile.decode(inBytes, reverted || !outBytes ? Buffer.alloc(0) : outBytes);
  return { args: decoded.args, returns: reverted || !outBytes ? null : decoded.returns };
}
