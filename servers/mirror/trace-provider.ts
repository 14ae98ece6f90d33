// The reference mirror answers opcode and contract requests from a pluggable provider, so the HTTP behaviour
// (validation, errors, rate limits, gzip) is written once and the EVM trace generator only supplies data.
import type { StorageShape } from './modes';
import type { OpcodeCaps } from './web3/opcode-caps';

/** The `stack`, `memory` and `storage` query parameters after Spring-style boolean parsing. */
export interface OpcodeQuery {
  stack: boolean;
  memory: boolean;
  storage: boolean;
}

export interface TraceRecord {
  /** Canonical form `shard.realm.num-seconds-nanos`, nanos zero-padded to 9 digits (see canonicalTransactionId). */
  transactionId: string;
  /** `0x` + 64 lowercase hex. */
  hash: string;
  /**
   * Writes the 200 body (JSON) chunk by chunk; must stream, traces can exceed 500 MB. With `caps` (the server's
   * configuration, as newer mirrors have) a trace that reaches one ends with the truncation marker. `storage`: the
   * shape of the storage map (default the newest mirror's, `accesses`).
   */
  writeBody(query: OpcodeQuery, sink: (chunk: string) => Promise<void> | void, caps?: OpcodeCaps, storage?: StorageShape): Promise<void>;
}

export interface ContractRecord {
  /** `shard.realm.num`. */
  contractId: string;
  /** `0x` + 40 lowercase hex. */
  evmAddress: string;
  runtimeBytecode: string;
  /** The 200 body of `GET /api/v1/contracts/{idOrAddress}`; bigints are written as plain digits. */
  body: unknown;
}

/** What the REST module knows of an executed transaction (bigints are written as plain digits). */
export interface ResultRecord {
  transactionId: string;
  hash: string;
  /** The 200 body of `GET /api/v1/contracts/results/{id}`. */
  result: unknown;
  /** Every action of the transaction in `index` order, as items of `/actions`; each has a numeric `index`. */
  actions: ReadonlyArray<{ index: number } & Record<string, unknown>>;
}

export interface TraceProvider {
  /**
   * `value` is canonical: for `id` the form of canonicalTransactionId, for `hash` `0x` + 64 lowercase hex
   * (the server normalises what clients send before asking).
   */
  findTrace(kind: 'id' | 'hash', value: string): TraceRecord | undefined;
  /** `idOrAddress` is canonical: `shard.realm.num` or `0x` + 40 lowercase hex. */
  findContract(idOrAddress: string): ContractRecord | undefined;
  /** The contract result and actions of a transaction (same canonical `value` as findTrace); absent = none known. */
  findResult?(kind: 'id' | 'hash', value: string): ResultRecord | undefined;
  /** The results whose called contract is `idOrAddress` (canonical, as findContract); undefined for an unknown contract. */
  listResults?(idOrAddress: string): readonly ResultRecord[] | undefined;
  /** Lines printed at start (transaction ids, hashes, contracts). */
  describe(): string[];
}

/** Options `main.ts` passes to `servers/mirror/evm/index.ts`'s `createEvmTraceProvider`. */
export interface EvmTraceOptions {
  preOp?: boolean;
  nullParts?: boolean;
  longLoop?: boolean;
  buildInfoDir?: string;
  /** How the contracts are compiled: optimizer off (default) or on, legacy or via-IR. */
  compiler?: 'default' | 'optimized' | 'via-ir' | 'via-ir-unoptimized';
  /** Also run the library corpus (unmodified registry packages' code) after every other case. */
  corpus?: boolean;
}

/** Without traces every well-formed id is simply unknown (404), as on a mirror that has no such transaction. */
export const EMPTY_TRACE_PROVIDER: TraceProvider = {
  findTrace: () => undefined,
  findContract: () => undefined,
  describe: () => ['Opcode traces: none loaded (every valid transaction id or hash answers 404).'],
};

/** `shard.realm.num-seconds-nanos` with the nanos padded to 9 digits, the mirror's own transaction id format. */
export function canonicalTransactionId(payer: string, seconds: bigint | number, nanos: number): string {
  return `${payer}-${seconds}-${String(nanos).padStart(9, '0')}`;
}
