// Mirror REST calls by name. Inputs are checked with ids.ts first, so a typo costs no request.
import { ApiError } from './errors';
import { safeUrl, type HttpClient } from './http';
import { parseTimestampFilter, parseTokenId, type Parsed } from './ids';
import type { Endpoints } from './networks';
import { parseToken, type Token } from './token';

export interface TokenResult {
  token: Token;
  /** The body exactly as parsed (lossless), for output that must reproduce every field and digit. */
  raw: unknown;
  url: string;
}

/** The parsed value, or ApiError('invalid-input') carrying the parser's message. */
export function required<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new ApiError('invalid-input', parsed.message);
  return parsed.value;
}

export class MirrorClient {
  constructor(
    readonly endpoints: Endpoints,
    private readonly http: HttpClient,
  ) {}

  /** GET /api/v1/tokens/{id}, optionally as of a timestamp filter (`[eq|lt|lte:]seconds[.nanos]`). */
  async getToken(tokenId: string, opts: { timestamp?: string; signal?: AbortSignal } = {}): Promise<TokenResult> {
    const id = required(parseTokenId(tokenId));
    const filter = opts.timestamp === undefined ? undefined : required(parseTimestampFilter(opts.timestamp));
    // The filter holds only [a-z0-9.:], so it goes in unescaped and the URL in logs reads as typed.
    const url = `${this.endpoints.restUrl}/api/v1/tokens/${id}${filter ? `?timestamp=${filter.query}` : ''}`;
    const raw = await this.http.getJson(url, { signal: opts.signal });
    const shown = safeUrl(url);
    return { token: parseToken(raw, shown), raw, url: shown };
  }
}
