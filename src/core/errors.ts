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
  | 'server'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'bad-response';

export interface ApiErrorInit {
  status?: number;
  url?: string;
  messages?: ServerMessage[];
  cause?: unknown;
}

/** Every failure the core reports is one of these, so callers switch on `kind`, never on message text. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly url?: string;
  readonly messages: ServerMessage[];

  constructor(kind: ErrorKind, message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = init.status;
    this.url = init.url;
    this.messages = init.messages ?? [];
  }
}

/** Process exit codes shared by every CLI subcommand. */
export const EXIT = { ok: 0, other: 1, invalidInput: 2, notFound: 3, rateLimited: 4, server: 5, network: 6, verificationFailed: 7 } as const;

export function exitCodeFor(err: unknown): number {
  if (!(err instanceof ApiError)) return EXIT.other;
  switch (err.kind) {
    case 'invalid-input':
      return EXIT.invalidInput;
    case 'not-found':
    case 'endpoint-disabled':
      return EXIT.notFound;
    case 'rate-limited':
      return EXIT.rateLimited;
    case 'server':
      return EXIT.server;
    case 'network':
    case 'timeout':
      return EXIT.network;
    default:
      return EXIT.other;
  }
}
