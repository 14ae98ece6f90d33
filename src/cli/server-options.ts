// The options that name a verification server and its chain, shared by `verify` and `trace --sources`.
import { ApiError } from '../core/errors';
import { quotedUrl } from '../core/net/redact';
import type { Endpoints } from '../core/networks';

const invalid = (message: string) => new ApiError('invalid-input', message);

/** `value` when it is an http(s) URL; the refusal quotes it without its user info (a password is never printed). */
export function httpUrlOf(option: string, value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw invalid(`--${option} needs an http(s) URL, got "${quotedUrl(value)}"`);
  return value;
}

/** `--chain-id`, else the chain of `--network`; both given must agree. `usage` ends the message when neither is. */
export function chainIdOf(value: string | undefined, network: string | undefined, endpoints: Endpoints, usage: string): number {
  const named = network !== undefined && network !== 'custom' ? endpoints.chainId : undefined;
  if (value === undefined) {
    if (named === undefined) throw invalid(`Give --network (mainnet, testnet, previewnet, local) or --chain-id. ${usage}`);
    return named;
  }
  const id = Number(value);
  if (!/^\d+$/.test(value) || id === 0 || !Number.isSafeInteger(id))
    throw invalid(`--chain-id needs a positive whole number, got "${value}"`);
  if (named !== undefined && named !== id) throw invalid(`--chain-id ${id} contradicts --network ${network}, which is chain ${named}`);
  return id;
}
