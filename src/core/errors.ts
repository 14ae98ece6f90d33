/** One entry of a mirror error body's `_status.messages[]`; web3 sends all three fields, REST only `message`. */
export interface ServerMessage {
  message: string;
  detail?: string;
  data?: string;
}

export type ErrorKind =
  | 'invalid-input'
  | 'not-found'
  | 'endpoint-disabled'
  | 'rate-limited'
  /** The server refused because it is already serving as many requests of this kind as it can (a 429 that says so). */
  | 'busy'
  | 'server'
  /** No connection: refused, reset or unreachable before any response arrived. */
  | 'network'
  /** Connecting, waiting for the headers, or the body stalled (see core/net/stall.ts for what counts as progress). */
  | 'timeout'
  /** The server closed the connection in the middle of a response body. */
  | 'truncated'
  /** The body (after decompression) exceeded the budget for its kind of response. */
  | 'too-large'
  /** A redirect that is not followed (another host, or a non-idempotent request); `location` says where to. */
  | 'moved'
  | 'cancelled'
  /** A body that cannot be read: malformed JSON, corrupt gzip, an unknown Content-Encoding, an unexpected shape. */
  | 'bad-response';

export interface ApiErrorInit {
  status?: number;
  url?: string;
  messages?: ServerMessage[];
  /** For 'moved': the redirect's target, without user info. */
  location?: string;
  cause?: unknown;
}

/** Every failure the core reports is one of these, so callers switch on `kind`, never on message text. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly url?: string;
  readonly messages: ServerMessage[];
  readonly location?: string;

  constructor(kind: ErrorKind, message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = init.status;
    this.url = init.url;
    this.messages = init.messages ?? [];
    if (init.location !== undefined) this.location = init.location;
  }
}

/** Process exit codes shared by every CLI subcommand. */
export const EXIT = {
  ok: 0,
  other: 1,
  invalidInput: 2,
  notFound: 3,
  rateLimited: 4,
  server: 5,
  network: 6,
  verificationFailed: 7,
} as const;

/**
 * A body that is too large, unreadable, or a redirect elsewhere is the server's doing (5); a connection that failed,
 * stalled or was cut is the network's (6), so a retry may help.
 */
export function exitCodeFor(err: unknown): number {
  if (!(err instanceof ApiError)) return EXIT.other;
  switch (err.kind) {
    case 'invalid-input':
      return EXIT.invalidInput;
    case 'not-found':
    case 'endpoint-disabled':
      return EXIT.notFound;
    case 'rate-limited':
    case 'busy':
      return EXIT.rateLimited;
    case 'server':
    case 'too-large':
    case 'bad-response':
    case 'moved':
      return EXIT.server;
    case 'network':
    case 'timeout':
    case 'truncated':
      return EXIT.network;
    default:
      return EXIT.other;
  }
}
