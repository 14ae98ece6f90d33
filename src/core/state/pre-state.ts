// Every contract's storage before a transaction, read once from the mirror and kept with the trace: for each account
// whose storage the transaction's code runs on, `/state?timestamp=lt:{consensus}` (the whole state, bounded in pages and
// bytes), and where that fails, the transaction's `/prestate` (v0.166+; only the slots it accessed). A contract the
// mirror cannot answer for gets one sentence saying why; the others are kept. The trace's own writes are applied on top
// of it by the Storage scope and panel (see state-at.ts), so a state variable the transaction never touched still shows.
import type { Trace } from '../../shared/trace-model';
import { ApiError } from '../errors';
import { storageAccessesOf } from '../trace/storage-accesses';
import type { MirrorClient } from '../mirror/client';
import type { ContractStateOptions, Prestate } from './state-schemas';

export interface AccountPreState {
  /** slot → value before the transaction, 64 lowercase hex digits each (no `0x`). */
  slots: ReadonlyMap<string, string>;
  /** True when `slots` is the whole state: a slot not in it was zero. */
  complete: boolean;
  /** Why `slots` is not the whole state (or is missing), in one sentence; null when complete. */
  note: string | null;
}

export interface PreState {
  /** Per account (`0x` + 40 lowercase hex) whose state was asked for. */
  accounts: ReadonlyMap<string, AccountPreState>;
  /** Requests made, all accounts together. */
  requests: number;
}

export interface PreStateOptions extends ContractStateOptions {
  /** Accounts read at most (default 32); the rest get a note. */
  maxAccounts?: number;
}

const DEFAULT_MAX_ACCOUNTS = 32;

/** Why the mirror gave no state for `contract`, as a short sentence (`what`: the endpoint). */
function refusal(err: unknown, what: string, contract: string): string {
  if (!(err instanceof ApiError) || err.kind === 'cancelled') throw err;
  switch (err.kind) {
    case 'not-found':
      return `The mirror answered 404 to ${what} of ${contract}.`;
    case 'endpoint-disabled':
      return `The mirror has no ${what} endpoint (404).`;
    case 'server':
      return err.status === 501
        ? `The mirror's ${what} endpoint is turned off (501).`
        : `The mirror failed on ${what} (HTTP ${err.status ?? 500}).`;
    default:
      return `The mirror's ${what} of ${contract} could not be used: ${err.message}`;
  }
}

/**
 * The state before the transaction (consensus at `consensusTimestamp`, `seconds.nanos`) of each of `accounts`; see the
 * header comment. Accounts that are not addresses (`frame N`: created in the transaction) are skipped.
 */
export async function readPreState(
  mirror: MirrorClient,
  transaction: string,
  consensusTimestamp: string,
  accounts: readonly string[],
  opts: PreStateOptions = {},
): Promise<PreState> {
  const out = new Map<string, AccountPreState>();
  let requests = 0;
  let prestate: Promise<Prestate | string> | undefined;
  const prestateOnce = (): Promise<Prestate | string> =>
    (prestate ??= (requests++, mirror.prestate(transaction, opts)).catch((err: unknown) => refusal(err, '/prestate', 'this transaction')));
  const addresses = [...new Set(accounts.map((a) => a.toLowerCase()).filter((a) => /^0x[0-9a-f]{40}$/.test(a)))];
  const limit = opts.maxAccounts ?? DEFAULT_MAX_ACCOUNTS;
  for (const [n, account] of addresses.entries()) {
    if (n >= limit) {
      out.set(account, {
        slots: new Map(),
        complete: false,
        note: `Only the first ${limit} contracts' state before the transaction is read.`,
      });
      continue;
    }
    try {
      const read = await mirror.contractStateBefore(account, consensusTimestamp, { ...opts, onRequest: () => requests++ });
      const note =
        read.stoppedBy === 'pages'
          ? `Only the first ${read.slots.size} slots of ${account}'s state were read (a cap of ${read.requests} pages); the others show as unknown.`
          : read.stoppedBy === 'bytes'
            ? `Only the first ${read.slots.size} slots of ${account}'s state were read (the byte budget); the others show as unknown.`
            : null;
      out.set(account, { slots: read.slots, complete: read.complete, note });
    } catch (err) {
      const why = refusal(err, '/state', account);
      const pre = await prestateOnce();
      const slots = typeof pre === 'string' ? undefined : pre.get(account);
      out.set(account, {
        slots: slots ?? new Map(),
        complete: false,
        note: slots
          ? `${why} The slots the transaction accessed come from /prestate.`
          : `${why} ${typeof pre === 'string' ? pre : ''} The state before the transaction is unavailable.`.replace(/\s+/g, ' '),
      });
    }
  }
  return { accounts: out, requests };
}

const attached = new WeakMap<Trace, PreState>();

/** Keeps `preState` with `trace` (the key the Storage scope and panel read it by). */
export function attachPreState(trace: Trace, preState: PreState): void {
  attached.set(trace, preState);
}

/** The pre-state kept with `trace`, if one was read. */
export function preStateOf(trace: Trace): PreState | undefined {
  return attached.get(trace);
}

/**
 * Reads the pre-state of every account `trace` runs code on (the transaction's consensus timestamp from its contract
 * result) and keeps it with the trace. Never throws but for cancellation: what went wrong is logged in one sentence.
 */
export async function loadPreState(
  mirror: MirrorClient,
  transaction: string,
  trace: Trace,
  log: (message: string) => void,
  opts: PreStateOptions = {},
): Promise<PreState | undefined> {
  const index = storageAccessesOf(trace);
  if (!index.available) return undefined;
  let consensus: string;
  try {
    consensus = (await mirror.contractResult(transaction, opts)).result.timestamp;
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'cancelled') throw err;
    log(
      `The state before the transaction is unavailable: its contract result could not be read (${err instanceof Error ? err.message : String(err)}).`,
    );
    return undefined;
  }
  const pre = await readPreState(mirror, transaction, consensus, index.accounts, opts);
  for (const { note } of pre.accounts.values()) if (note) log(note);
  attachPreState(trace, pre);
  return pre;
}
