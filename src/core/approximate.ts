// A number the mirror wrote in a form that cannot be kept exactly: an int64 in exponent form
// (`1.706825707000718e18`, the way a Java or JavaScript double serialises) or with a fraction. json.ts keeps its
// text as sent (lossless-json's LosslessNumber), so a field a person only reads is shown with the digits it carries,
// marked approximate (≈), instead of the whole answer being refused.
import { isNumber, LosslessNumber } from 'lossless-json';
import { z } from 'zod';

export interface Approximate {
  /** The number's text exactly as the mirror sent it. */
  approximate: string;
}

export function isApproximate(value: unknown): value is Approximate {
  return typeof value === 'object' && value !== null && typeof (value as Approximate).approximate === 'string';
}

/** A LosslessNumber (an inexact literal json.ts kept as text) or a non-integer number, as an Approximate. */
export function approximateOf(value: LosslessNumber | number): Approximate {
  return { approximate: value instanceof LosslessNumber ? value.value : String(value) };
}

/**
 * The integer a literal stands for and the power of ten of its last significant digit (`1.706825707000718e18` →
 * 1706825707000718000, 3): the digits beyond it are unknown. Undefined when it is no integer of that kind
 * (a fraction of a unit, or not a JSON number at all).
 */
export function significantInteger(text: string): { value: bigint; unitPower: number } | undefined {
  if (!isNumber(text)) return undefined;
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  const fraction = m[3] ?? '';
  const exponent = Number(m[4] ?? '0');
  const unitPower = exponent - fraction.length;
  // A literal as long as the digits of an int64 at most; a huge exponent would build a huge bigint.
  if (unitPower < 0 || exponent > 40) return undefined;
  const digits = BigInt(`${m[1]}${m[2]}${fraction}`);
  return { value: digits * 10n ** BigInt(unitPower), unitPower };
}

/** `≈1706825707000718000`, or `≈` and the text as sent when it is not an integer. */
export function approximateText(a: Approximate): string {
  const n = significantInteger(a.approximate);
  return `≈${n ? n.value.toString() : a.approximate}`;
}

/**
 * An int64 a person only reads: exact (a number, or a bigint past 2^53) when sent as digits, else an Approximate
 * (its text as sent), never refused and never silently rounded.
 */
export const shownInt64 = z.union([z.number().int().or(z.bigint()), z.instanceof(LosslessNumber).or(z.number()).transform(approximateOf)], {
  error: 'expected a number',
});

/** The value as shown: its digits when exact, `≈…` when sent inexactly. */
export function shownNumber(value: number | bigint | Approximate): string {
  return isApproximate(value) ? approximateText(value) : value.toString();
}
