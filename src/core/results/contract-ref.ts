// Which contract a user means: an id (0.0.1234, 1234), an EVM address (0x + 40 hex), or a HashScan contract page's
// URL pasted from the browser (https://hashscan.io/<network>/contract/<id or address>), which also names the network.
// Only the text is read: nothing is fetched from HashScan. The value is the path segment the
// mirror's /contracts/{contractIdOrAddress} routes take.
import { parseTokenId, type Parsed } from '../ids';
import type { HashscanNetwork } from '../links/hashscan-url';
import { safeLine } from '../safe-text';

export interface ContractRef {
  /** `s.r.n`, or `0x` + 40 lowercase hex for an address that is not a long-zero alias. */
  value: string;
  /** Set when the input was a HashScan URL: the network its path names. */
  network?: HashscanNetwork;
}

export const CONTRACT_INPUT_FORMS = 'a contract id (0.0.1234), an EVM address (0x + 40 hex digits) or a HashScan contract URL';

const HOSTS = new Set(['hashscan.io', 'www.hashscan.io']);
const NETWORKS: readonly string[] = ['mainnet', 'testnet', 'previewnet'];
const MAX_INPUT_LENGTH = 1024;
const EVM_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/;

const fail = (message: string): Parsed<ContractRef> => ({ ok: false, message });

function plain(text: string): Parsed<ContractRef> {
  const id = parseTokenId(text);
  if (id.ok) return { ok: true, value: { value: id.value } };
  // Not long-zero: a contract's own EVM address (CREATE2 or an ECDSA-derived one), which the mirror resolves.
  const address = EVM_ADDRESS.exec(text);
  if (address) return { ok: true, value: { value: `0x${address[1].toLowerCase()}` } };
  return fail(/out of range/.test(id.message) ? id.message : `Expected ${CONTRACT_INPUT_FORMS}`);
}

export function parseContractRef(input: string): Parsed<ContractRef> {
  const s = input.trim();
  if (s.length > MAX_INPUT_LENGTH) return fail(`The input is longer than ${MAX_INPUT_LENGTH} characters`);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(s) && !/^(?:www\.)?hashscan\.io\//i.test(s)) return plain(s);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`);
  } catch {
    return fail('Not a valid URL; expected https://hashscan.io/<network>/contract/<id or address>');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port || !HOSTS.has(url.hostname))
    return fail('Only https://hashscan.io contract links are accepted');
  const [network, page, ref, ...rest] = url.pathname.split('/').filter(Boolean);
  if (page !== 'contract' || ref === undefined || rest.length > 0)
    return fail('Not a HashScan contract page; expected https://hashscan.io/<network>/contract/<id or address>');
  if (!NETWORKS.includes(network)) return fail(`HashScan network "${safeLine(network.slice(0, 40))}" is not one of ${NETWORKS.join(', ')}`);
  const parsed = plain(decodeURIComponent(ref.replace(/%(?![0-9a-fA-F]{2})/g, '%25')));
  if (!parsed.ok) return fail(`The URL does not name a contract. ${parsed.message}`);
  return { ok: true, value: { ...parsed.value, network: network as HashscanNetwork } };
}
