// Sourcify's matching rule, reduced to what the reference server needs: identical runtime code is a perfect match;
// identical code once the CBOR metadata trailer is cut off is a partial match (same program, different metadata,
// e.g. an edited comment). Values fixed only at deploy or link time are taken from the on-chain code first, as
// Sourcify does: immutables (blanked), linked library addresses (`__$…$__` placeholders) and a library's own
// address in its call-protection prefix (`PUSH20 <address>`).
import type { ImmutableSlot } from './compiler';

export type Match = 'perfect' | 'partial' | 'none';

const strip0x = (hex: string) => hex.replace(/^0x/i, '').toLowerCase();

/** Code without the trailing CBOR metadata, whose byte length solc writes in the last two bytes. */
function withoutAuxdata(hex: string): string {
  if (hex.length < 4) return hex;
  const cborBytes = parseInt(hex.slice(-4), 16);
  const cut = hex.length - 4 - cborBytes * 2;
  return cut > 0 ? hex.slice(0, cut) : hex;
}

function blankImmutables(hex: string, refs: Record<string, ImmutableSlot[]>): string {
  let out = hex;
  for (const slots of Object.values(refs)) {
    for (const { start, length } of slots) {
      out = out.slice(0, start * 2) + '0'.repeat(length * 2) + out.slice((start + length) * 2);
    }
  }
  return out;
}

const PLACEHOLDER = /__\$[0-9a-f]{34}\$__/g;
const CALL_PROTECTION = /^73(0{40})/;

/** The recompiled code with link-time values copied from the on-chain code at the same offsets. */
function linkedLike(recompiled: string, onchain: string): string {
  let out = recompiled.replace(PLACEHOLDER, (_m, offset: number) => onchain.slice(offset, offset + 40));
  if (CALL_PROTECTION.test(out) && onchain.startsWith('73')) out = `73${onchain.slice(2, 42)}${out.slice(42)}`;
  return out;
}

export function matchRuntime(onchain: string, recompiled: string, immutables: Record<string, ImmutableSlot[]>): Match {
  const a = blankImmutables(strip0x(onchain), immutables);
  const b = linkedLike(recompiled.replace(/^0x/i, ''), a).toLowerCase();
  if (a === b) return 'perfect';
  return withoutAuxdata(a) === withoutAuxdata(b) ? 'partial' : 'none';
}
