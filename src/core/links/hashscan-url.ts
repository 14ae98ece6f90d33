// What Open Opcode Trace accepts: a transaction id or hash, or a HashScan transaction page's URL pasted from the
// browser (`https://hashscan.io/<network>/transaction/<id, hash or consensus timestamp>[?tid=<id>]`), which also
// names the network. Only the text is read: nothing is fetched from HashScan.
import { parseTransactionIdOrHash, type Parsed, type TransactionRef } from '../ids';
import type { NetworkName } from '../networks';
import { safeLine } from '../safe-text';

export type HashscanNetwork = Extract<NetworkName, 'mainnet' | 'testnet' | 'previewnet'>;

export interface TraceInput {
  transaction: TransactionRef;
  /** Set when the input was a HashScan URL: the network its path names. */
  network?: HashscanNetwork;
}

const HOSTS = new Set(['hashscan.io', 'www.hashscan.io']);
const NETWORKS: readonly HashscanNetwork[] = ['mainnet', 'testnet', 'previewnet'];
const MAX_URL_LENGTH = 1024;
/** HashScan's page for a transaction it found by consensus timestamp. */
const CONSENSUS_TIMESTAMP = /^\d{1,19}\.\d{1,9}$/;

export const TRACE_INPUT_FORMS =
  'a transaction id (0.0.1234-1700000000-000000001 or 0.0.1234@1700000000.000000001), a hash (64 hex digits) ' +
  'or a HashScan transaction URL (https://hashscan.io/testnet/transaction/…)';

const fail = (message: string): Parsed<TraceInput> => ({ ok: false, message });

/** True when the text is meant as a URL rather than an id: then it is parsed as a HashScan URL or rejected. */
const looksLikeUrl = (s: string) => /^[a-z][a-z0-9+.-]*:/i.test(s) || /^(?:www\.)?hashscan\.io\//i.test(s);

export function parseHashscanTransactionUrl(input: string): Parsed<TraceInput> {
  const s = input.trim();
  if (s.length > MAX_URL_LENGTH) return fail(`The URL is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`);
  } catch {
    return fail('Not a valid URL; expected https://hashscan.io/<network>/transaction/<transaction>');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return fail(`Only HashScan web links are accepted, not ${safeLine(url.protocol)} URLs`);
  if (url.username || url.password || url.port || !HOSTS.has(url.hostname)) {
    return fail('Only https://hashscan.io transaction links are accepted');
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const [network, page, ref] = segments;
  if (segments.length !== 3 || page !== 'transaction')
    return fail('Not a HashScan transaction page; expected https://hashscan.io/<network>/transaction/<transaction>');
  if (!(NETWORKS as readonly string[]).includes(network))
    return fail(`HashScan network "${safeLine(network.slice(0, 40))}" is not one of ${NETWORKS.join(', ')}`);
  let decoded: string;
  try {
    decoded = decodeURIComponent(ref);
  } catch {
    return fail('The transaction in the URL is not validly encoded');
  }
  const tids = url.searchParams.getAll('tid');
  if (tids.length > 1) return fail('The URL names more than one transaction id (tid)');
  const tid = tids[0];
  const fromTid = tid === undefined ? undefined : parseTransactionIdOrHash(tid);
  if (fromTid && !fromTid.ok) return fail(`The URL's tid is not a transaction id. ${fromTid.message}`);
  const found = (transaction: TransactionRef): Parsed<TraceInput> => ({
    ok: true,
    value: { transaction, network: network as HashscanNetwork },
  });
  if (CONSENSUS_TIMESTAMP.test(decoded)) {
    // The page is keyed by consensus timestamp, which the opcodes endpoint does not take: the id is in `tid`.
    if (!fromTid)
      return fail(
        'This HashScan URL names the transaction only by its consensus timestamp; paste the transaction id or hash instead (or a URL with ?tid=…)',
      );
    return found(fromTid.value);
  }
  const fromPath = parseTransactionIdOrHash(decoded);
  if (!fromPath.ok) return fail(`The URL does not name a transaction. ${fromPath.message}`);
  if (fromTid && fromTid.value.kind === 'id' && fromPath.value.kind === 'id' && fromTid.value.value !== fromPath.value.value) {
    return fail('The URL names two different transactions (in the path and in tid)');
  }
  return found(fromPath.value);
}

/** What the Open Opcode Trace box and command accept: an id, a hash or a HashScan transaction URL. */
export function parseTraceInput(input: string): Parsed<TraceInput> {
  const s = input.trim();
  if (looksLikeUrl(s)) return parseHashscanTransactionUrl(s);
  const transaction = parseTransactionIdOrHash(s);
  if (transaction.ok) return { ok: true, value: { transaction: transaction.value } };
  // An id that is well formed but out of range keeps its specific message.
  return fail(transaction.message.startsWith('Expected') ? `Expected ${TRACE_INPUT_FORMS}` : transaction.message);
}
