/**
 * The body of `GET /api/v1/contracts/results/{id}/prestate` (mirror v0.166+, PrestateController): the accounts the
 * transaction touched as they were before it, in the shape of geth's prestate tracer, address →
 * `{balance, nonce, code, storage}`, storage holding the slots the transaction accessed with their values before it.
 */
import { StateHistory, word64 } from './state-history';
import type { Ledger } from './ledger';

export async function prestateBody(
  ledger: Ledger,
  history: StateHistory,
  timestamp: bigint,
  accessed: ReadonlyMap<string, readonly string[]>,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const [address, slots] of [...accessed].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const storage: Record<string, string> = {};
    for (const slot of [...slots].map(word64).sort()) storage[`0x${slot}`] = `0x${history.valueBefore(address, slot, timestamp)}`;
    // Reference contracts hold no hbar and start at nonce 1 (see Ledger.deployAt).
    body[address] = { balance: '0x0', nonce: 1, code: await ledger.code(address), storage };
  }
  return body;
}
