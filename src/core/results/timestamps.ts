// Consensus timestamps (`seconds.nanos`) as exact nanoseconds, to order rows without floating point.
export function timestampNanos(timestamp: string): bigint {
  const [seconds, nanos = ''] = timestamp.split('.');
  return BigInt(seconds) * 1_000_000_000n + BigInt(nanos.padEnd(9, '0'));
}
