// Reply shapes of the REST (Node/Express) module.

import type { Reply } from '../respond';
import { restErrorBody, type RestError } from './rest-error';

/** The compression middleware's default threshold ('1kb'). */
const REST_GZIP_MIN_BYTES = 1024;

function restHeaders(extra: Record<string, string>): Record<string, string> {
  // cors() with its defaults answers every origin.
  return { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*', ...extra };
}

export function restJson(status: number, body: string, headers: Record<string, string> = {}): Reply {
  return { kind: 'json', status, body, headers: restHeaders(headers), gzipMinBytes: REST_GZIP_MIN_BYTES };
}

export function restErrorReply(error: RestError): Reply {
  return restJson(error.status, restErrorBody(error.messages));
}
