// The shapes of the mirror's two reads of a contract's state before a transaction (the one mirror client,
// core/mirror/client.ts, sends them): a contract's `/state` page (REST module, every version: the contract's whole state
// as of a timestamp, paged by `links.next`) and a transaction's `/prestate` (web3 module, v0.166+: geth's
// prestate-tracer shape, the slots the transaction accessed as they were before it), with the bounds of the walk.
import { z } from 'zod';

/** A storage word as the mirror writes it: exactly 32 bytes of `0x` hex. */
const word32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 32-byte word (0x + 64 hex digits)');
export const timestamp = z.string().regex(/^\d{1,10}(\.\d{1,9})?$/, 'expected a timestamp like 1234567890.000000001');

export const contractStateRowSchema = z.looseObject({
  address: z.string().optional(),
  contract_id: z.string().nullable().optional(),
  timestamp: timestamp.optional(),
  slot: word32,
  value: word32,
});

export const contractStatePageSchema = z.looseObject({
  state: z.array(contractStateRowSchema),
  links: z.looseObject({ next: z.string().nullable().optional() }).optional(),
});

/** v0.167 sends some fields as numbers that v0.166 sent as hex strings: both are accepted. */
const quantity = z.union([z.string(), z.number(), z.bigint()]);

export const prestateAccountSchema = z.looseObject({
  balance: quantity.nullable().optional(),
  nonce: quantity.nullable().optional(),
  code: z.string().nullable().optional(),
  storage: z.record(word32, word32).nullable().optional(),
});

export const prestateSchema = z.record(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an EVM address'), prestateAccountSchema);

/** 64 lowercase hex digits, no `0x`: the key and value form of every slot map here. */
export const bare = (word: string): string => word.slice(2).toLowerCase();

export interface ContractStateRead {
  /** slot → value, 64 lowercase hex digits each (no `0x`); a slot the mirror did not list is zero when `complete`. */
  slots: Map<string, string>;
  /** False when a cap stopped the walk before the mirror's last page. */
  complete: boolean;
  stoppedBy: 'pages' | 'bytes' | null;
  /** Requests made. */
  requests: number;
}

export interface ContractStateOptions {
  signal?: AbortSignal;
  /** Pages read at most (default 20: 2 000 slots). */
  maxPages?: number;
  /** Response bytes of all pages together (default 4 MiB: ~20 000 rows). */
  maxTotalBytes?: number;
  /** Told before each request (a failed walk's requests count too). */
  onRequest?: () => void;
}

export const STATE_PAGE_SIZE = 100;
export const DEFAULT_STATE_PAGES = 20;
export const DEFAULT_STATE_BYTES = 4 * 1024 * 1024;

/** Per account (`0x` + 40 lowercase hex), the slots the transaction accessed and their values before it. */
export type Prestate = Map<string, Map<string, string>>;
