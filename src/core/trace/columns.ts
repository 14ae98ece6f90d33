// Growable typed-array columns. Typed arrays live outside the JS heap and cost 4-8 bytes a step, which is what lets
// a million-step trace fit where an array of step objects would not.

/** A copy of `a` with room for at least `needed` items, doubling so appends stay amortised O(1). */
export function growInt32(a: Int32Array<ArrayBuffer>, needed: number): Int32Array<ArrayBuffer> {
  if (needed <= a.length) return a;
  const b = new Int32Array(capacityFor(a.length, needed));
  b.set(a);
  return b;
}

export function growFloat64(a: Float64Array<ArrayBuffer>, needed: number): Float64Array<ArrayBuffer> {
  if (needed <= a.length) return a;
  const b = new Float64Array(capacityFor(a.length, needed));
  b.set(a);
  return b;
}

export function growUint16(a: Uint16Array<ArrayBuffer>, needed: number): Uint16Array<ArrayBuffer> {
  if (needed <= a.length) return a;
  const b = new Uint16Array(capacityFor(a.length, needed));
  b.set(a);
  return b;
}

function capacityFor(current: number, needed: number): number {
  let n = Math.max(current * 2, 16);
  while (n < needed) n *= 2;
  return n;
}

/** Index of the last element of sorted `a[0, n)` that is <= `value`, or -1. */
export function floorIndex(a: ArrayLike<number>, n: number, value: number): number {
  let lo = 0;
  let hi = n - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
