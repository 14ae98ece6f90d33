// Asks a verification server for a verified contract through Sourcify API v2's lookup, on the project's one
// transport (its budgets, 429 back-off and redaction). A 404 `not_found` is "not verified"; a server whose `/v2`
// routes do not exist (the legacy API only) is an error that says verified sources need API v2: no silent fallback.
import { ApiError } from '../errors';
import { serverMessages, statusError, type VerifyTransport } from '../verify/transport';
import { VERIFIED_FIELDS } from './verified-contract';

/** A lookup's share of its run's budget: the run's deadline, and the longest 429 wait left before it. */
export interface LookupLimits {
  signal?: AbortSignal;
  maxWaitMs?: number;
}

/** The answer's text for `address` on `chainId`, or undefined when the server has not verified it. */
export async function fetchVerifiedAnswer(
  transport: VerifyTransport,
  serverUrl: string,
  chainId: string,
  address: string,
  limits: LookupLimits = {},
): Promise<string | undefined> {
  const url = `${serverUrl.replace(/\/+$/, '')}/v2/contract/${chainId}/${address}?fields=${VERIFIED_FIELDS}`;
  const res = await transport.send('GET', url, limits);
  if (res.status === 200) return res.text;
  const code = (res.body as { customCode?: unknown } | undefined)?.customCode;
  if (res.status === 404 && code === 'not_found') return undefined;
  // Sourcify answers `route_not_found` where v2 has no database; a legacy-only server answers without a v2 code.
  if (res.status === 404 && (code === undefined || code === 'route_not_found')) {
    throw new ApiError(
      'not-found',
      `The verification server at ${new URL(url).origin} has no API v2 (GET /v2/contract answered 404 without a v2 error). Verified sources need API v2 (Sourcify 2025 or later).`,
      {
        status: 404,
        url: res.url,
        messages: serverMessages(res),
      },
    );
  }
  throw statusError(res);
}
