/**
 * Calls the node runs natively (no EVM code): the EVM precompiles at 0x1–0x11 and the Hedera system contracts at
 * 0x167–0x16c. The mirror records each as ONE synthetic opcode entry and one PRECOMPILE/SYSTEM action; whatever our
 * stand-ins execute to compute the answer (their steps, their inner calls) is not part of the record.
 */
import type { Message } from '@ethereumjs/evm';

export type NativeKind = 'PRECOMPILE' | 'SYSTEM';

const LOW_ADDRESS = /^0x0{37}([0-9a-f]{3})$/;
const LAST_PRECOMPILE = 0x11;
const FIRST_SYSTEM = 0x167;
const LAST_SYSTEM = 0x16c;

/** Which native contract answers at `address` (`0x` + 40 hex), if any. */
export function nativeKindOf(address: string): NativeKind | undefined {
  const match = LOW_ADDRESS.exec(address.toLowerCase());
  if (!match) return undefined;
  const num = Number.parseInt(match[1]!, 16);
  if (num >= 1 && num <= LAST_PRECOMPILE) return 'PRECOMPILE';
  if (num >= FIRST_SYSTEM && num <= LAST_SYSTEM) return 'SYSTEM';
  return undefined;
}

/** The address whose code a message runs: the callee, or for DELEGATECALL/CALLCODE the code's own address. */
export function codeAddressOf(message: Message): string | undefined {
  if (message.to === undefined) return undefined;
  return message.codeAddress.toString().toLowerCase();
}

/** What a listener is told about a message it sees enter or leave. */
export type NativeEvent = { kind: 'code' } | { kind: 'hidden' } | { kind: 'native'; native: NativeKind };

/**
 * Tracks whether execution is inside a native call. `enter`/`exit` classify each message: ordinary code, the native
 * call itself (recorded once), or something our stand-in does on its behalf (hidden).
 */
export class NativeScope {
  /** Messages open inside the current native call, the native one included; 0 outside. */
  private open = 0;

  get inside(): boolean {
    return this.open > 0;
  }

  enter(message: Message): NativeEvent {
    if (this.open > 0) {
      this.open++;
      return { kind: 'hidden' };
    }
    const address = codeAddressOf(message);
    const native = address === undefined ? undefined : nativeKindOf(address);
    if (native === undefined) return { kind: 'code' };
    this.open = 1;
    return { kind: 'native', native };
  }

  exit(): NativeEvent['kind'] {
    if (this.open === 0) return 'code';
    this.open--;
    return this.open === 0 ? 'native' : 'hidden';
  }
}
