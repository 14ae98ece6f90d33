// Calls the node answers natively: the EVM precompiles at 0x1–0x11 (a replay runs them as the EVM does) and Hedera's
// system contracts (a replay answers them from the recorded actions only).
import { SYSTEM_CONTRACTS, systemContractAt } from '../hedera/system-contracts';

export type NativeKind = 'PRECOMPILE' | 'SYSTEM';

const LOW_ADDRESS = /^0x0{38}([0-9a-f]{2})$/;
const LAST_PRECOMPILE = 0x11;

/** The system contracts' addresses, `0x` + 40 lowercase hex. */
export const SYSTEM_ADDRESSES: readonly string[] = SYSTEM_CONTRACTS.map((c) => `0x${c.num.toString(16).padStart(40, '0')}`);

/** Which native contract answers at `address` (`0x` + 40 lowercase hex), if any. */
export function nativeKindOf(address: string): NativeKind | undefined {
  if (systemContractAt(address) !== undefined) return 'SYSTEM';
  const match = LOW_ADDRESS.exec(address);
  const num = match ? Number.parseInt(match[1]!, 16) : 0;
  return num >= 1 && num <= LAST_PRECOMPILE ? 'PRECOMPILE' : undefined;
}
