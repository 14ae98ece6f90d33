// Gas as the Gas view and the editor show it: exact, grouped, with its share of the trace.

export function formatGas(gas: number): string {
  return Math.round(gas).toLocaleString('en-US');
}

/** `12,345 gas (4.5%)`; the share is left out when the total is not positive. */
export function gasText(gas: number, total: number): string {
  return total > 0 ? `${formatGas(gas)} gas (${percent(gas, total)})` : `${formatGas(gas)} gas`;
}

export function percent(gas: number, total: number): string {
  const p = (100 * gas) / total;
  return `${p >= 10 || p === 0 ? p.toFixed(0) : p.toFixed(1)}%`;
}
