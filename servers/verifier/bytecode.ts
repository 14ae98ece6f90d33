// Sourcify's matching rule, reduced to what the reference server needs: identical runtime code is a perfect match;
// identical code once the CBOR metadata trailer is cut off is a partial match (same program, different metadata,
// e.g. an edited comment). Immutable values are written at deploy time, so their slots are blanked on-chain first.
import type { ImmutableSlot } from './compiler';

export type Match = 'perfect' | 'partial' | 'none';

const strip0x = (hex: string) => hex.replace(/^0x/i, '').toLowerCase();

/** Code without the trailing CBOR metadata, whose byte length solc writes in the last two bytes. */
export function withoutAuxdata(hex: string): string {
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

export function matchRuntime(onchain: string, recompiled: string, immutables: Record<string, ImmutableSlot[]>): Match {
  const a = blankImmutables(strip0x(onchain), immutables);
  const b = strip0x(recompiled);
  if (a === b) return 'perfect';
  return withoutAuxdata(a) === withoutAuxdata(b) ? 'partial' : 'none';
}
