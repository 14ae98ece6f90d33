// The trace link `vscode://ledger-mirror.ledger-mirror/trace?tx=…&network=…&step=…`: built for "copy a link to this
// step" and parsed by the URI handler. A link comes from anywhere (a chat, a web page), so parsing checks every
// parameter before anything is sent and says which one is wrong without echoing control characters.
import type { Parsed } from '../ids';
import { parseTraceInput } from './hashscan-url';
import { isNetworkName, NETWORK_NAMES, type NetworkName } from '../networks';
import { safeLine } from '../safe-text';

/** `publisher.name` from package.json: VS Code routes `<scheme>://<this>/…` to the extension's URI handler. */
export const TRACE_LINK_AUTHORITY = 'ledger-mirror.ledger-mirror';
export const TRACE_LINK_PATH = '/trace';

export interface TraceLink {
  /** Canonical transaction id (`s.r.n-seconds-nanos`) or `0x` hash, as `parseTraceInput` reads it. */
  transaction: string;
  /** Undefined: the network the user has selected. */
  network?: NetworkName;
  step: number;
}

/** Far beyond any valid link; a longer one is rejected before it is split. */
const MAX_QUERY_LENGTH = 1024;
/** Steps are array indices; nine digits is more than any trace the mirror serves. */
const STEP = /^\d{1,9}$/;
const KNOWN = ['tx', 'network', 'step'] as const;

const fail = (message: string): Parsed<TraceLink> => ({ ok: false, message: `This trace link cannot be opened: ${message}` });
/** A value from the link, short and with control characters escaped, for a message. */
const quote = (value: string) => `"${safeLine(value.length > 80 ? `${value.slice(0, 80)}…` : value)}"`;

/** `tx=…&network=…&step=…` (network left out when undefined). */
export function traceLinkQuery(link: TraceLink): string {
  const params = new URLSearchParams({ tx: link.transaction });
  if (link.network) params.set('network', link.network);
  params.set('step', String(link.step));
  return params.toString();
}

/** The full link, for the scheme VS Code runs under (`vscode.env.uriScheme`: vscode, vscode-insiders, code-oss…). */
export function buildTraceLink(link: TraceLink, scheme = 'vscode'): string {
  return `${scheme}://${TRACE_LINK_AUTHORITY}${TRACE_LINK_PATH}?${traceLinkQuery(link)}`;
}

/** The path and the (still percent-encoded) query of a link that reached the URI handler. */
export function parseTraceLink(path: string, query: string): Parsed<TraceLink> {
  if (path.replace(/\/+$/, '') !== TRACE_LINK_PATH) return fail(`unknown path ${quote(path)}; expected ${TRACE_LINK_PATH}`);
  if (query.length > MAX_QUERY_LENGTH) return fail(`the query is longer than ${MAX_QUERY_LENGTH} characters`);
  const params = new URLSearchParams(query);
  for (const name of new Set(params.keys())) {
    if (!(KNOWN as readonly string[]).includes(name)) return fail(`unknown parameter ${quote(name)}; expected ${KNOWN.join(', ')}`);
    if (params.getAll(name).length > 1) return fail(`the parameter ${name} is given more than once`);
  }
  const tx = params.get('tx');
  if (tx === null || !tx.trim()) return fail('it names no transaction (tx=…)');
  // The same text the Open Opcode Trace box takes: an id, a hash or a HashScan URL (which names its network).
  const input = parseTraceInput(tx);
  if (!input.ok) return fail(`tx=${quote(tx)} is not a transaction. ${input.message}`);
  const { transaction, network: urlNetwork } = input.value;
  const named = params.get('network');
  if (named !== null && !isNetworkName(named)) return fail(`unknown network ${quote(named)}; expected one of ${NETWORK_NAMES.join(', ')}`);
  if (named !== null && urlNetwork && named !== urlNetwork) return fail(`tx is a HashScan URL on ${urlNetwork} but network=${named}`);
  const network = named ?? urlNetwork ?? null;
  const step = params.get('step') ?? '0';
  if (!STEP.test(step)) return fail(`step=${quote(step)} is not a step number (a whole number from 0)`);
  return { ok: true, value: { transaction: transaction.value, ...(network === null ? {} : { network }), step: Number(step) } };
}
