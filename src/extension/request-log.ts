// One line per HTTP request in the "Ledger Mirror" log: method, URL, status, time and size only, never headers.
// The transport hands over URLs without `user:password@` and errors already redacted; the line is stripped once
// more, so a URL with credentials quoted inside an error can never reach the log either.
import type * as vscode from 'vscode';
import { stripUserInfoIn } from '../core/net/redact';
import type { RequestLog } from '../core/net/transport';

/** `GET https://…/tokens/0.0.1 → 200 in 35 ms (1234 bytes)`, or `→ 404 failed after 35 ms: <error>`. */
export function describeRequest(e: RequestLog): string {
  const head = `${e.method} ${e.url} →`;
  const ms = Math.round(e.ms);
  const line =
    e.error !== undefined
      ? `${head} ${e.status === undefined ? '' : `${e.status} `}failed after ${ms} ms: ${e.error}`
      : `${head} ${e.status ?? '?'} in ${ms} ms (${e.bytes} bytes)`;
  return stripUserInfoIn(line);
}

export function requestLogger(log: vscode.LogOutputChannel): (e: RequestLog) => void {
  return (e) => {
    const line = describeRequest(e);
    if (e.error !== undefined || (e.status ?? 0) >= 400) log.warn(line);
    else log.info(line);
  };
}
