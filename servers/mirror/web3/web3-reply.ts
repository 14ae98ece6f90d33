// Reply shapes of the web3 (Java/Spring) module: GenericErrorResponse with message = reason phrase,
// detail = exception message (blanked for 5xx) and data = "".

import type { Reply, Sink } from '../respond';

/** Spring Boot's server.compression.min-response-size default (2 KB). */
const WEB3_GZIP_MIN_BYTES = 2048;
const JSON_HEADERS = { 'content-type': 'application/json' };

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

export function web3ErrorReply(status: number, detail = ''): Reply {
  const message = { message: REASON_PHRASES[status] ?? String(status), detail: status >= 500 ? '' : detail, data: '' };
  return {
    kind: 'json',
    status,
    body: JSON.stringify({ _status: { messages: [message] } }),
    headers: { ...JSON_HEADERS },
    gzipMinBytes: WEB3_GZIP_MIN_BYTES,
  };
}

export function web3StreamReply(write: (sink: Sink) => Promise<void>): Reply {
  return { kind: 'stream', status: 200, headers: { ...JSON_HEADERS }, write };
}
